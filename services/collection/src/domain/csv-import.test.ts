import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { readImport } from './csv-import.ts';

const TODAY = '2026-11-22';
const read = (text: string) => readImport(parseCsv(text), TODAY);

describe('readImport', () => {
  it('reads items, with defaults for the optional columns', () => {
    const reading = read('Name,Brand,Size,purchasePriceUsd,condition\nDunk Low,Nike,10.5,110.00,Used\nSamba,Adidas,9,0,\n');
    expect(reading).toEqual({
      ok: true,
      rows: [
        { line: 2, body: expect.objectContaining({ name: 'Dunk Low', brand: 'Nike', size: 10.5, purchasePrice: 11_000, condition: 'used', purchaseDate: TODAY, notes: '' }) },
        { line: 3, body: expect.objectContaining({ name: 'Samba', brand: 'Adidas', size: 9, purchasePrice: 0, condition: 'new' }) },
      ],
    });
  });

  it('reads the cost basis beyond the price, in dollars, and names a bad amount', () => {
    const reading = read('name,brand,size,purchasePriceUsd,purchaseShippingUsd,purchaseTaxUsd,sku\nDunk,Nike,10,200.00,15.00,12.34,DD1391-100\nSamba,Adidas,9,90,abc,\n');
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors).toEqual([{ line: 3, reason: 'Invalid purchaseShippingUsd: enter an amount in dollars' }]);
    const good = read('name,brand,size,purchasePriceUsd,purchaseShippingUsd,purchaseTaxUsd,sku\nDunk,Nike,10,200.00,15.00,12.34,DD1391-100\n');
    expect(good).toEqual({ ok: true, rows: [{ line: 2, body: expect.objectContaining({ purchasePrice: 20_000, purchaseShipping: 1_500, purchaseTax: 1_234, sku: 'DD1391-100' }) }] });
  });

  it('ignores columns it does not import (an export reads back)', () => {
    const reading = read('name,brand,size,purchasePriceUsd,currentValueUsd,addedAt\nDunk,Nike,10,100,150.00,2026-01-01T00:00:00Z\n');
    expect(reading.ok).toBe(true);
  });

  it('reports every bad line with its number and reason, and nothing to import', () => {
    const reading = read(
      [
        'sneakerId,name,brand,size,purchasePriceUsd,purchaseDate,condition',
        ',Good,Nike,10,100,,',
        ',Big,Nike,25,100,,',
        ',Cheap,Nike,10,-3,,',
        'xyz,Linked,Nike,10,100,,',
        ',,Nike,10,100,,',
        ',Worn,Nike,10,100,,destroyed',
        ',Late,Nike,10,100,2026-13-40,',
      ].join('\n'),
    );
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(reading.errors[0]!.reason).toMatch(/^Invalid size/);
    expect(reading.errors[1]!.reason).toMatch(/^Invalid purchase price/);
    expect(reading.errors[2]!.reason).toBe('Invalid sneaker ID format');
    expect(reading.errors[3]!.reason).toMatch(/^Missing required fields/);
    expect(reading.errors[4]!.reason).toMatch(/^Invalid condition/);
    expect(reading.errors[5]!.reason).toMatch(/^Invalid purchase date/);
  });

  it('refuses a file without the required columns or without items', () => {
    expect(read('name,brand\nDunk,Nike\n')).toEqual({ ok: false, errors: [{ line: 1, reason: expect.stringMatching(/no size, purchasePriceUsd column/) }] });
    expect(read('name,brand,size,purchasePriceUsd\n')).toEqual({ ok: false, errors: [{ line: 1, reason: 'The file has no items below its header' }] });
    expect(read('')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });

  it('refuses a line with more fields than the header', () => {
    expect(read('name,brand,size,purchasePriceUsd\nDunk,Nike,10,100,extra\n')).toMatchObject({ ok: false, errors: [{ line: 2, reason: expect.stringMatching(/5 fields/) }] });
  });
});
