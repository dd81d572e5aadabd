import { describe, expect, it } from 'vitest';
import { createSerialisedAnswers } from './serialised-answers.ts';

describe('serialised answers', () => {
  it('serves the same serialised answer while every input is the same object, and builds it again when one is replaced', () => {
    const answers = createSerialisedAnswers();
    const doc = { days: { '0101': 3 } };
    let builds = 0;
    const build = (value: unknown) => () => {
      builds += 1;
      return { value };
    };
    const first = answers.answer('k', ['2026-11-22', doc], build(1));
    expect(first.json).toBe('{"value":1}');
    expect(answers.answer('k', ['2026-11-22', doc], build(2))).toBe(first);
    expect(builds).toBe(1);
    // A new version of a document (an equal copy included) and a new day each rebuild it.
    expect(answers.answer('k', ['2026-11-22', { ...doc }], build(3)).json).toBe('{"value":3}');
    expect(answers.answer('k', ['2026-11-23', doc], build(4)).json).toBe('{"value":4}');
    expect(answers.answer('k', ['2026-11-23', doc, null], build(5)).json).toBe('{"value":5}');
    expect(builds).toBe(4);
    expect(answers.stats()).toMatchObject({ reused: 1, built: 4 });
  });

  it('keeps answers of different keys apart', () => {
    const answers = createSerialisedAnswers();
    const inputs = ['day'];
    expect(answers.answer('page 1', inputs, () => [1]).json).toBe('[1]');
    expect(answers.answer('page 2', inputs, () => [2]).json).toBe('[2]');
    expect(answers.answer('page 1', inputs, () => [3]).json).toBe('[1]');
  });

  it('keeps at most its count of answers, forgetting the least recently used', () => {
    const answers = createSerialisedAnswers({ max: 2 });
    const inputs = ['day'];
    answers.answer('a', inputs, () => 'a');
    answers.answer('b', inputs, () => 'b');
    answers.answer('a', inputs, () => 'a again');
    answers.answer('c', inputs, () => 'c');
    expect(answers.stats().answers).toBe(2);
    expect(answers.answer('a', inputs, () => 'a rebuilt').json).toBe('"a"');
    expect(answers.answer('b', inputs, () => 'b rebuilt').json).toBe('"b rebuilt"');
  });
});
