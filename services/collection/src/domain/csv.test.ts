import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formulaSafe, parseCsv, toCsv } from './csv.ts';

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

  it('reads LF, CRLF and CR line ends in one file, and keeps a quote inside an unquoted field', () => {
    expect(parseCsv('a\rb\r\nc\nsay 5" heel,x')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
      { line: 3, fields: ['c'] },
      { line: 4, fields: ['say 5" heel', 'x'] },
    ]);
  });

  it('keeps empty fields and white space', () => {
    expect(parseCsv(',x,\n')).toEqual([{ line: 1, fields: ['', 'x', ''] }]);
    expect(parseCsv(' x , y \n')).toEqual([{ line: 1, fields: [' x ', ' y '] }]);
  });

  it('refuses a quote left open, naming the line its record starts on', () => {
    expect(() => parseCsv('a\n"open,1\n')).toThrow(CsvSyntaxError);
    let thrown: unknown;
    try {
      parseCsv('a\nb\n\n"open,1\nx\ny');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(CsvSyntaxError);
    expect((thrown as CsvSyntaxError).line).toBe(4);
  });
});

describe('formulaSafe and toCsv', () => {
  it('quotes fields that need it and reads back the same', () => {
    const row = [formulaSafe('Air "Max", 90'), 120, null, formulaSafe('two\nlines'), ' padded', 'cr\ronly'];
    const text = toCsv([row]);
    expect(text).toBe('"Air ""Max"", 90",120,,"two\nlines"," padded","cr\ronly"\r\n');
    expect(parseCsv(text)[0]!.fields).toEqual(['Air "Max", 90', '120', '', 'two\nlines', ' padded', 'cr\ronly']);
  });

  it('keeps text from running as a spreadsheet formula, but not numbers', () => {
    expect(toCsv([[formulaSafe('=HYPERLINK("x")')]])).toBe('"\'=HYPERLINK(""x"")"\r\n');
    expect(toCsv([['-12.50']])).toBe('-12.50\r\n');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(formulaSafe(`${start}1`)).toBe(`'${start}1`);
    expect(formulaSafe('Dunk')).toBe('Dunk');
    expect(formulaSafe(null)).toBeNull();
  });

  it('ends every line with CRLF', () => {
    expect(toCsv([['a', 'b'], [1, 2]])).toBe('a,b\r\n1,2\r\n');
  });
});
