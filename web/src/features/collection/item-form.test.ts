import { describe, expect, it } from 'vitest';
import { ADD_MISSING, EDIT_CONDITIONS, EDIT_INVALID_PRICE, EDIT_MISSING, EDIT_SIZES, addItemOf, centsOf, conditionLabel, editChangesOf, editFormOf, editSizesOf } from './item-form.ts';

const TODAY = '2026-11-22';

describe('Add Item form', () => {
  it('needs name, brand and purchase price', () => {
    const form = { name: '', brand: 'Nike', colorway: '', size: '', purchasePrice: '120', purchaseDate: '', condition: 'new' };
    expect(addItemOf(form, TODAY)).toEqual({ error: ADD_MISSING });
    expect(addItemOf({ ...form, name: 'Dunk Low', brand: '' }, TODAY)).toEqual({ error: ADD_MISSING });
    expect(addItemOf({ ...form, name: 'Dunk Low', purchasePrice: '' }, TODAY)).toEqual({ error: ADD_MISSING });
  });

  it("defaults colorway to 'Default', size to 10 and the date to today, and sends cents", () => {
    const form = { name: 'Dunk Low', brand: 'Nike', colorway: '', size: '', purchasePrice: '129.99', purchaseDate: '', condition: 'deadstock' };
    expect(addItemOf(form, TODAY)).toEqual({
      item: { name: 'Dunk Low', brand: 'Nike', colorway: 'Default', size: 10, purchasePrice: 12_999, purchaseDate: TODAY, condition: 'deadstock' },
    });
  });
});

describe('Edit Item form', () => {
  const item = { size: 10, purchasePrice: 12_999, condition: 'deadstock', notes: '' } as const;

  it('needs size and purchase price', () => {
    expect(editChangesOf({ size: '', purchasePrice: '100', condition: 'new', notes: '' }, item)).toEqual({ error: EDIT_MISSING });
    expect(editChangesOf({ size: '10', purchasePrice: ' ', condition: 'new', notes: '' }, item)).toEqual({ error: EDIT_MISSING });
  });
  it('needs a price that is a number greater than 0', () => {
    expect(editChangesOf({ size: '10', purchasePrice: '0', condition: 'new', notes: '' }, item)).toEqual({ error: EDIT_INVALID_PRICE });
    expect(editChangesOf({ size: '10', purchasePrice: 'abc', condition: 'new', notes: '' }, item)).toEqual({ error: EDIT_INVALID_PRICE });
    expect(editChangesOf({ size: '10.5', purchasePrice: '200', condition: 'good', notes: 'box' }, item)).toEqual({
      changes: { size: 10.5, purchasePrice: 20_000, condition: 'good', notes: 'box' },
    });
  });
  it("opens on the item's own condition and sends only what the member changed", () => {
    const form = editFormOf(item);
    expect(form).toEqual({ size: '10', purchasePrice: '129.99', condition: 'deadstock', notes: '' });
    expect(editChangesOf(form, item)).toEqual({ changes: {} });
    expect(editChangesOf({ ...form, purchasePrice: '130' }, item)).toEqual({ changes: { purchasePrice: 13_000 } });
    expect(editChangesOf({ ...form, notes: 'OG box' }, { ...item, condition: 'used' })).toEqual({ changes: { condition: 'deadstock', notes: 'OG box' } });
  });
  it('offers every condition the API accepts, and the size of a pair outside 6 to 20', () => {
    expect(EDIT_CONDITIONS.map(conditionLabel)).toEqual(['Deadstock', 'New', 'Used', 'Near mint', 'Very good', 'Good', 'Fair', 'Poor']);
    expect(editSizesOf(10)).toBe(EDIT_SIZES);
    expect(editSizesOf(4.5).slice(0, 2)).toEqual([4.5, 6]);
  });
  it('tells a price above $1,000,000 the highest price accepted, on add and on edit', () => {
    const message = 'Invalid Price: the highest price accepted is $1,000,000.';
    expect(editChangesOf({ size: '10', purchasePrice: '1e9', condition: 'new', notes: '' }, item)).toEqual({ error: message });
    const form = { name: 'Dunk Low', brand: 'Nike', colorway: '', size: '', purchasePrice: '1e9', purchaseDate: '', condition: 'new' };
    expect(addItemOf(form, TODAY)).toEqual({ error: message });
    expect('item' in addItemOf({ ...form, purchasePrice: '1000000' }, TODAY)).toBe(true);
  });
  it('offers sizes 6 to 20', () => {
    expect(EDIT_SIZES[0]).toBe(6);
    expect(EDIT_SIZES.at(-1)).toBe(20);
  });
  it('reads dollars with a sign or separators', () => {
    expect(centsOf('$1,250')).toBe(125_000);
    expect(centsOf('')).toBeNull();
  });
});
