import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ErrorCode, IDEMPOTENCY_HEADER } from '@kicksight/contracts';
import { AppError } from './errors.ts';
import type { Redis } from './redis.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** How long a request may hold its key before another attempt may take over (a crashed request). */
const IN_FLIGHT_TTL_SECONDS = 60;

type Stored =
  | { state: 'in_flight'; fingerprint: string }
  | { state: 'done'; fingerprint: string; status: number; body: unknown };

export interface IdempotencyOptions {
  redis: Redis;
  /** Namespaces keys per service. */
  namespace: string;
  /** Who is asking; keys of different callers never collide. */
  scope?: (req: Request) => string;
}

/**
 * `Idempotency-Key` for POSTs: the first request with a key runs and its answer is stored for
 * 24 hours; a retry with the same key and body gets that answer again (header `idempotent-replayed`),
 * a concurrent retry gets 409, the same key with another body gets 422. Server errors are not stored,
 * so a retry after one runs again. Requests without the header run as usual.
 */
export function idempotency({ redis, namespace, scope = (req) => req.principal?.id ?? 'anonymous' }: IdempotencyOptions): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(IDEMPOTENCY_HEADER);
    if (req.method !== 'POST' || header === undefined) return next();
    if (!KEY_PATTERN.test(header)) {
      return next(AppError.badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters', ErrorCode.VALIDATION_ERROR));
    }
    const key = `idem:${namespace}:${scope(req)}:${header}`;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    try {
      const claimed = await redis.set(key, JSON.stringify({ state: 'in_flight', fingerprint } satisfies Stored), 'EX', IN_FLIGHT_TTL_SECONDS, 'NX');
      if (claimed !== 'OK') {
        const existing = JSON.parse((await redis.get(key)) ?? 'null') as Stored | null;
        if (!existing) return next(AppError.conflict('A request with this Idempotency-Key just finished; retry', ErrorCode.IDEMPOTENCY_IN_PROGRESS));
        if (existing.fingerprint !== fingerprint) {
          return next(new AppError(422, ErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was used for a different request'));
        }
        if (existing.state === 'in_flight') {
          return next(AppError.conflict('A request with this Idempotency-Key is still in progress', ErrorCode.IDEMPOTENCY_IN_PROGRESS));
        }
        res.setHeader('idempotent-replayed', 'true');
        res.status(existing.status).json(existing.body);
        return;
      }
    } catch (err) {
      return next(AppError.unavailable('Request deduplication is unavailable; please retry', err));
    }

    let body: unknown;
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      body = value;
      return json(value);
    };
    res.on('finish', () => {
      const done = res.statusCode < 500;
      const write = done
        ? redis.set(key, JSON.stringify({ state: 'done', fingerprint, status: res.statusCode, body } satisfies Stored), 'EX', IDEMPOTENCY_TTL_SECONDS)
        : redis.del(key);
      write.catch((err: unknown) => req.log?.warn({ err }, 'could not store the idempotent answer'));
    });
    next();
  };
}
