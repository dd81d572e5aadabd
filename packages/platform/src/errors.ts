import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { ErrorCode, type ErrorBody } from '@kicksight/contracts';
import type { Logger } from './logger.ts';
import { isStoreUnavailable } from './store-errors.ts';

/** What a 503 asks the client to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** The answer of a request that needed a store or a service that is away: nothing about which, or why. */
export const UNAVAILABLE_MESSAGE = 'Kicksight is briefly unavailable. Please try again in a few seconds.';

/** The one error type of the backend: an HTTP status, a machine code and a message a person can read. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.code = code;
  }

  static badRequest(message: string, code: string = ErrorCode.VALIDATION_ERROR): AppError {
    return new AppError(400, code, message);
  }
  static unauthorized(message = 'Authentication required', code: string = ErrorCode.UNAUTHORIZED): AppError {
    return new AppError(401, code, message);
  }
  static forbidden(message = 'You do not have access to this resource', code: string = ErrorCode.FORBIDDEN): AppError {
    return new AppError(403, code, message);
  }
  static notFound(message = 'Not found', code: string = ErrorCode.NOT_FOUND): AppError {
    return new AppError(404, code, message);
  }
  static conflict(message: string, code: string = ErrorCode.CONFLICT): AppError {
    return new AppError(409, code, message);
  }
  static unavailable(message: string, cause?: unknown): AppError {
    return new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, message, { cause });
  }
}

/** Maps any thrown value to a status and an error body. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof AppError) return { status: err.status, body: { message: err.message, code: err.code } };
  if (err instanceof ZodError) {
    const message = err.issues[0]?.message ?? 'Invalid request';
    return { status: 400, body: { message, code: ErrorCode.VALIDATION_ERROR } };
  }
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'Request body is not valid JSON', code: ErrorCode.INVALID_JSON } };
  }
  if (type === 'entity.too.large') {
    return { status: 413, body: { message: 'Request body is too large', code: ErrorCode.PAYLOAD_TOO_LARGE } };
  }
  if (isStoreUnavailable(err)) return { status: 503, body: { message: UNAVAILABLE_MESSAGE, code: ErrorCode.SERVICE_UNAVAILABLE } };
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL_ERROR } };
}

/** Answers an error: its status and body, and `Retry-After` on a 503 (unless the thrower set its own). */
export function sendError(res: Response, err: unknown): { status: number; body: ErrorBody } {
  const answer = toErrorResponse(err);
  if (answer.status === 503 && !res.hasHeader('retry-after')) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(answer.status).json(answer.body);
  return answer;
}

/**
 * The one express error handler: known errors keep their status; a store that is away is answered 503;
 * anything else is logged and answered 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const { status } = sendError(res, err);
    if (status === 503) (req.log ?? logger).warn({ err }, 'request answered 503: a dependency is unavailable');
    else if (status >= 500) (req.log ?? logger).error({ err }, 'request failed');
  };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No route for ${req.method} ${req.path}`));
};
