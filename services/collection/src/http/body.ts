import type { Request } from 'express';

/**
 * Reads a request body up to `maxBytes`. A longer body is read to its end and thrown away (so the
 * client, which is still sending, gets the answer), and reported as too large.
 */
export async function readBody(req: Request, maxBytes: number): Promise<{ bytes: Buffer; tooLarge: boolean }> {
  const declared = Number(req.get('content-length') ?? Number.NaN);
  let tooLarge = Number.isFinite(declared) && declared > maxBytes;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  return { bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

export interface UploadedFile {
  field: string;
  filename: string | null;
  bytes: Buffer;
}

/** The boundary of a `multipart/form-data` content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The first file part of a multipart body among the given field names (any field when none given). */
export function fileFromMultipart(body: Buffer, boundary: string, fields: string[] = []): UploadedFile | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return undefined; // the closing delimiter
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) return undefined;
    const end = body.indexOf(between, headersEnd + 4);
    if (end < 0) return undefined;
    const headers = body.subarray(at, headersEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const field = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    if (field !== undefined && filename !== null && (fields.length === 0 || fields.includes(field))) {
      return { field, filename, bytes: body.subarray(headersEnd + 4, end) };
    }
    at = end + 2;
  }
  return undefined;
}
