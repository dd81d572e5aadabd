import { describe, expect, it } from 'vitest';
import { collectionQuerySchema } from '@kicksight/contracts';
import { itemOrderOf } from './sorting.ts';

describe('itemOrderOf', () => {
  it('sorts by date added, newest first, by default', () => {
    const query = collectionQuerySchema.parse({});
    expect(itemOrderOf(query.sortBy, query.sortOrder)).toEqual({ key: 'addedAt', direction: 'desc' });
  });

  it('maps each sort option to its key and direction', () => {
    expect(itemOrderOf('newest', 'asc')).toEqual({ key: 'purchaseDate', direction: 'desc' });
    expect(itemOrderOf('oldest', 'desc')).toEqual({ key: 'purchaseDate', direction: 'asc' });
    expect(itemOrderOf('value-high', 'asc')).toEqual({ key: 'value', direction: 'desc' });
    expect(itemOrderOf('value-low', 'desc')).toEqual({ key: 'value', direction: 'asc' });
    expect(itemOrderOf('gain-high', 'asc')).toEqual({ key: 'gain', direction: 'desc' });
    expect(itemOrderOf('gain-low', 'desc')).toEqual({ key: 'gain', direction: 'asc' });
    expect(itemOrderOf('date_added', 'asc')).toEqual({ key: 'addedAt', direction: 'asc' });
  });
});

describe('collection query', () => {
  it("reads the brand filter's keys, 'all' meaning every brand", () => {
    expect(collectionQuerySchema.parse({ brands: 'nike,New Balance' }).brands).toEqual(['nike', 'newbalance']);
    expect(collectionQuerySchema.parse({ brands: ['all'] }).brands).toEqual([]);
  });

  it('refuses an unknown sort with a message naming the options', () => {
    expect(() => collectionQuerySchema.parse({ sortBy: 'price' })).toThrow(/sortBy must be one of newest, oldest/);
  });

  it('pages by 20 unless told otherwise', () => {
    expect(collectionQuerySchema.parse({ page: '2' })).toMatchObject({ page: 2, limit: 20 });
  });
});
