import { describe, expect, it } from 'vitest';
import { batchesOf, parseEntry } from './ledger-stream.ts';

const counted = ['op', 'c', 'u', 'u1', 'a', 'search', 'p', 'trial:1', 'k', 'q1', 't', '1700000000000', 'pl', 'trial', 'n', '3', 'l', '10'];

describe('ledger stream entries', () => {
  it('reads a counted unit with its count and limit', () => {
    expect(parseEntry('1-0', counted)).toEqual({
      id: '1-0',
      kind: 'count',
      unit: { userId: 'u1', action: 'search', period: 'trial:1', key: 'q1', plan: 'trial', at: new Date(1_700_000_000_000) },
      used: 3,
      limit: 10,
    });
  });

  it('reads no limit as null, and a unit given back', () => {
    expect(parseEntry('1-0', [...counted.slice(0, -1), '-1'])).toMatchObject({ kind: 'count', limit: null });
    expect(parseEntry('2-0', ['op', 'r', 'u', 'u1', 'a', 'search', 'p', 'trial:1', 'k', 'q1', 't', '5'])).toEqual({
      id: '2-0',
      kind: 'refund',
      unit: { userId: 'u1', action: 'search', period: 'trial:1', key: 'q1' },
      at: new Date(5),
    });
  });

  it('refuses entries that lack a field or carry an unknown operation', () => {
    expect(parseEntry('1-0', counted.slice(2))).toBeUndefined();
    expect(parseEntry('1-0', ['op', 'x', ...counted.slice(2)])).toBeUndefined();
    expect(parseEntry('1-0', counted.filter((_, i) => i < 12))).toBeUndefined();
    expect(parseEntry('1-0', counted.map((v) => (v === '1700000000000' ? 'soon' : v)))).toBeUndefined();
  });
});

describe('batches of entries', () => {
  const entry = (id: string, key: string, userId = 'u1') => ({ id, unit: { userId, action: 'search', period: 'p', key } });
  const ids = (batches: { id: string }[][]) => batches.map((b) => b.map((e) => e.id));

  it('keeps entries of distinct units together, in order', () => {
    expect(ids(batchesOf([entry('1', 'a'), entry('2', 'b'), entry('3', 'a', 'u2')], 10))).toEqual([['1', '2', '3']]);
  });

  it('starts a new batch where a unit comes again, so its entries are written in order', () => {
    expect(ids(batchesOf([entry('1', 'a'), entry('2', 'b'), entry('3', 'a'), entry('4', 'c'), entry('5', 'a')], 10))).toEqual([['1', '2'], ['3', '4'], ['5']]);
  });

  it('caps a batch at its size, and makes none of nothing', () => {
    expect(ids(batchesOf(['a', 'b', 'c', 'd', 'e'].map((k, i) => entry(String(i), k)), 2))).toEqual([['0', '1'], ['2', '3'], ['4']]);
    expect(batchesOf([], 2)).toEqual([]);
  });
});
