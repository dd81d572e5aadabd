import type { Request, Response } from 'express';

type EtagOf = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

interface Encoded {
  body: Buffer;
  etag: string | undefined;
}

/** Answers encoded from serialised data, once per serialised object (kept while it is). */
const encoded = new WeakMap<object, Encoded>();

/**
 * Answers `{"data":<json>}` from data serialised beforehand, with what `res.json` would send
 * (the JSON content type, length, the app's ETag and a 304 when it matches) and no second
 * serialisation: the answer and its ETag are encoded once per serialised object.
 */
export function sendSerialisedData(req: Request, res: Response, serialised: { readonly json: string }): void {
  let answer = encoded.get(serialised);
  if (!answer) {
    const body = Buffer.from(`{"data":${serialised.json}}`, 'utf8');
    const etagOf = req.app.get('etag fn') as EtagOf | undefined;
    answer = { body, etag: typeof etagOf === 'function' ? etagOf(body) : undefined };
    encoded.set(serialised, answer);
  }
  res.set('Content-Type', 'application/json; charset=utf-8');
  if (answer.etag) res.set('ETag', answer.etag);
  res.send(answer.body);
}
