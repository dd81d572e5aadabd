import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ErrorCode, REQUEST_ID_HEADER, errorBodySchema } from '@kicksight/contracts';
import { AppError } from './errors.ts';
import { callReplicas, createReplicaSet } from './replicas.ts';

/** Header carrying the shared service token on `/internal/...` calls. */
export const SERVICE_TOKEN_HEADER = 'x-service-token';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Guards the internal port: only callers holding the service token get in. */
export function requireServiceToken(serviceToken: string): RequestHandler {
  return (req, _res, next) => {
    const presented = req.get(SERVICE_TOKEN_HEADER);
    if (!presented || !sameSecret(presented, serviceToken)) {
      return next(AppError.unauthorized('A valid service token is required', ErrorCode.UNAUTHORIZED));
    }
    next();
  };
}

export interface ServiceClientOptions {
  /** Name of the called service, used in error messages. */
  service: string;
  /** The service's internal address, or each of its replicas' (called in turn). */
  baseUrl: string | string[];
  serviceToken: string;
  timeoutMs?: number;
}

export interface CallOptions {
  body?: unknown;
  requestId?: string;
  idempotencyKey?: string;
}

/**
 * Calls another service's internal port. Answers `{ data }` come back as data; error answers are
 * rethrown as AppError with the callee's status and code; an unreachable or slow callee becomes 503.
 * With several replicas, calls go to each in turn, and a call a replica refused (or dropped, for a read)
 * goes to the next one.
 */
export function createServiceClient({ service, baseUrl, serviceToken, timeoutMs = 3_000 }: ServiceClientOptions) {
  const replicas = createReplicaSet(typeof baseUrl === 'string' ? [baseUrl] : baseUrl);
  const send = (method: string, path: string, init: RequestInit) =>
    callReplicas(replicas, method, (replica) => fetch(new URL(path, replica), { ...init, method, signal: AbortSignal.timeout(timeoutMs) }));
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: serviceToken, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.requestId) headers[REQUEST_ID_HEADER] = options.requestId;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let response: Response;
    try {
      response = await send(method, path, { headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (err) {
      throw AppError.unavailable(`The ${service} service is unavailable. Please try again shortly.`, err);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.ok) return (payload as { data: T } | undefined)?.data as T;
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success && response.status < 500) throw new AppError(response.status, parsed.data.code, parsed.data.message);
    throw AppError.unavailable(`The ${service} service could not answer. Please try again shortly.`);
  }
  return {
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: CallOptions) => call<T>('DELETE', path, options),
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;
