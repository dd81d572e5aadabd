import type { RequestHandler } from 'express';
import cors from 'cors';
import { ErrorCode } from '@kicksight/contracts';
import { AppError } from '@kicksight/platform';
import { EdgeErrorCode } from '../errors.ts';

/** Cross-origin calls from the web app only; bearer tokens, never cookies. */
export const webCors = (origin: string): RequestHandler =>
  cors({
    origin,
    credentials: false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
  });

/**
 * Refuses request bodies above `maxBytes` by their declared length, before a byte is read or forwarded.
 * A body without a declared length (chunked) is refused too: its size could only be known by reading it.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, _res, next) => {
    const declared = req.headers['content-length'];
    if (declared === undefined) {
      if (req.headers['transfer-encoding'] !== undefined) {
        return next(new AppError(411, EdgeErrorCode.LENGTH_REQUIRED, 'Requests with a body must declare its length (Content-Length)'));
      }
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return next(AppError.badRequest('Invalid Content-Length header'));
    if (length > maxBytes) return next(new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `Request body is too large (at most ${maxBytes} bytes)`));
    next();
  };
}
