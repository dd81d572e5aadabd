import { ErrorCode, IMPORT_MAX_BYTES, MISSING_FIELDS_MESSAGE, importJsonBodySchema, isSafeText, unsafeTextMessage } from '@kicksight/contracts';
import { AppError } from '@kicksight/platform';
import { fileFromMultipart, multipartBoundary, readBody } from './body.ts';
import type { Response } from 'express';
import { ImportRefused } from '../domain/csv-transfer.ts';
import type { callerOf } from './caller.ts';

/** Multipart framing around an imported file (boundaries and part headers). */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** The CSV of an import: a text/csv body, a multipart file field "file", or JSON `{ "csv": "..." }`. */
export async function importText(req: Parameters<typeof callerOf>[0]): Promise<string> {
  const text = await importedText(req);
  // A JSON body was checked with the rest of the request; a file's text is checked here.
  if (!isSafeText(text)) throw AppError.badRequest(unsafeTextMessage('file'));
  return text;
}

async function importedText(req: Parameters<typeof callerOf>[0]): Promise<string> {
  const tooLarge = () => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `The file is too large: at most ${IMPORT_MAX_BYTES / 1024} KB`);
  const contentType = req.get('content-type') ?? '';
  if (/^application\/json/i.test(contentType)) {
    return importJsonBodySchema.parse(req.body ?? {}).csv;
  }
  const boundary = multipartBoundary(contentType);
  const body = await readBody(req, IMPORT_MAX_BYTES + (boundary ? MULTIPART_ALLOWANCE : 0));
  if (body.tooLarge) throw tooLarge();
  if (!boundary) {
    if (!/^(text\/csv|text\/plain|application\/csv)/i.test(contentType)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as text/csv, as multipart/form-data (field "file"), or as JSON { "csv": "..." }');
    return body.bytes.toString('utf8');
  }
  const file = fileFromMultipart(body.bytes, boundary, ['file', 'csv']);
  if (!file) throw AppError.badRequest(`${MISSING_FIELDS_MESSAGE}: no file in a field named "file"`);
  if (file.bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  return file.bytes.toString('utf8');
}

/** Answers an import: 201 with what was imported, or 400 naming every bad line (nothing imported). */
export async function answerImport(res: Response, run: () => Promise<unknown>): Promise<void> {
  try {
    res.status(201).json({ data: await run() });
  } catch (err) {
    if (!(err instanceof ImportRefused)) throw err;
    res.status(400).json({ message: err.message, code: err.code, errors: err.errors });
  }
}
