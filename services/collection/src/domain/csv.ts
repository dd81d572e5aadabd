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

/**
 * Reads CSV (RFC 4180): comma-separated fields, double-quoted fields holding commas, quotes ("")
 * and line breaks, CRLF or LF line ends, a leading byte-order mark ignored. Blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '' || fieldStarted) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, `Line ${recordLine}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
}

/** Text a spreadsheet would run as a formula gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break; text fields are kept from running as formulas. */
export function csvField(value: string | number | null | undefined, { text = false } = {}): string {
  if (value === null || value === undefined) return '';
  let out = String(value);
  if (text && FORMULA_START.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) || out !== out.trim() ? `"${out.replaceAll('"', '""')}"` : out;
}

/** CSV text from rows of already formatted fields, CRLF line ends. */
export const toCsv = (rows: string[][]): string => rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
