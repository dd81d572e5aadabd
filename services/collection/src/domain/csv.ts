import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** One record of a CSV text and the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Thrown for text that is not CSV at all (a quote left open). */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

const LINE_BREAK = /\r\n|\n|\r/g;
const lineBreaksIn = (fields: string[]): number => fields.reduce((count, field) => count + (field.match(LINE_BREAK)?.length ?? 0), 0);

/** The line a record starts on when the one before it ended on `previousEnd`: the next line that is not blank. */
function nextRecordLine(text: string, previousEnd: number): number {
  const lines = text.split(LINE_BREAK);
  let line = previousEnd + 1;
  while (line < lines.length && lines[line - 1] === '') line++;
  return line;
}

/**
 * Reads CSV (RFC 4180): comma-separated fields, double-quoted fields holding commas, quotes ("")
 * and line breaks, CRLF, LF or CR line ends, a leading byte-order mark ignored. Blank lines are skipped;
 * a quote inside an unquoted field is kept as text.
 */
export function parseCsv(text: string): CsvRecord[] {
  let lastEnd = 0;
  const starts: number[] = [];
  try {
    const rows: string[][] = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // context.lines is the line the record ends on; a record with line breaks in its fields started earlier.
      on_record: (fields: string[], context) => {
        lastEnd = context.lines;
        starts.push(context.lines - lineBreaksIn(fields));
        return fields;
      },
    });
    return rows.map((fields, i) => ({ line: starts[i]!, fields }));
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') {
      const line = nextRecordLine(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, lastEnd);
      throw new CsvSyntaxError(line, `Line ${line}: a quoted field is never closed`);
    }
    throw err;
  }
}

/** Text a spreadsheet would run as a formula gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell kept from running as a spreadsheet formula (numbers are written as they are). */
export const formulaSafe = (text: string | null | undefined): string | null | undefined => (text && FORMULA_START.test(text) ? `'${text}` : text);

export type CsvCell = string | number | null | undefined;

/**
 * CSV text from rows of cells, CRLF line ends: a field is quoted when it holds a comma, quote or line
 * break, or starts or ends with white space; an absent value is an empty field.
 */
export const toCsv = (rows: CsvCell[][]): string => stringify(rows, { record_delimiter: '\r\n', quoted_match: [/^\s|\s$/, /[\r\n]/] });
