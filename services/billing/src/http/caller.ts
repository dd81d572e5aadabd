import type { Request } from 'express';
import { AppError } from '@kicksight/platform';
import type { Caller } from '../domain/membership.ts';

/** The verified caller (requireUser ran before). */
export function callerOf(req: Request): Caller {
  const p = req.principal;
  if (!p) throw AppError.unauthorized();
  return { id: p.id, role: p.role, email: p.email, name: p.name };
}
