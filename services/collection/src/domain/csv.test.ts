import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvField, parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads records and the line each starts on', () => {
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const records = parseCsv('name,notes\r\n"Dunk, Low","said ""hi""\nsecond line"\r\nx,y');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'notes'] },
      { line: 2, fields: ['Dunk, Low', 'said "hi"\nsecond line'] },
      { line: 4, fields: ['x', 'y'] },
    ]);
  });

  it('skips blank lines but keeps their numbers, and ignores a byte-order mark', () => {
    expect(parseCsv('\ufeffa\n\n\nb\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 4, fields: ['b'] },
    ]);
  });

  it('keeps empty fields', () => {
    expect(parseCsv(',x,\n')).toEqual([{ line: 1, fields: ['', 'x', ''] }]);
  });

  it('refuses a quote left open', () => {
    expect(() => parseCsv('a\n"open,1\n')).toThrow(CsvSyntaxError);
  });
});

describe('csvField and toCsv', () => {
  it('quotes fields that need it and reads back the same', () => {
    const row = [csvField('Air "Max", 90', { text: true }), csvField(120), csvField(null), csvField('two\nlines', { text: true })];
    const text = toCsv([row]);
    expect(text).toBe('"Air ""Max"", 90",120,,"two\nlines"\r\n');
    expect(parseCsv(text)[0]!.fields).toEqual(['Air "Max", 90', '120', '', 'two\nlines']);
  });

  it('keeps text from running as a spreadsheet formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("x")', { text: true })).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-12.50')).toBe('-12.50');
  });
});
