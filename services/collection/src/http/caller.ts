import type { Request } from 'express';
import { AppError } from '@kicksight/platform';
import type { Caller } from '../domain/caller.ts';

/** The verified caller (requireUser ran before), with their token for calls made on their behalf. */
export function callerOf(req: Request): Caller {
  const principal = req.principal;
  if (!principal) throw AppError.unauthorized();
  return { id: principal.id, role: principal.role, authorization: req.get('authorization'), requestId: typeof req.id === 'string' ? req.id : undefined };
}

/** A path parameter (express always sets the ones of the matched route). */
export const param = (req: Request, name: string): string => String(req.params[name] ?? '');
