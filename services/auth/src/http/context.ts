import type { Request } from 'express';
import { AppError, type Principal } from '@kicksight/platform';
import type { Context } from '../domain/accounts.ts';

/** The request id travels into events as their correlation id. */
export const contextOf = (req: Request): Context => ({ correlationId: typeof req.id === 'string' ? req.id : undefined });

/** The verified caller (requireUser ran before). */
export function principal(req: Request): Principal {
  if (!req.principal) throw AppError.unauthorized();
  return req.principal;
}

/** The client address used for per-IP limits. */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
