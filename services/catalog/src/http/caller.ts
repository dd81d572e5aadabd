import type { Request } from 'express';
import { AppError } from '@kicksight/platform';
import type { Caller } from '../domain/catalog.ts';

/** The signed-in caller of a request (behind `requireUser`). */
export const callerOf = (req: Request): Caller => {
  if (!req.principal) throw AppError.unauthorized();
  return { id: req.principal.id, role: req.principal.role };
};

/** The request's id, carried to the calls it makes. */
export const requestIdOf = (req: Request): string | undefined => (typeof req.id === 'string' ? req.id : undefined);
