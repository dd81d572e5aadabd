import type { RequestHandler } from 'express';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { ErrorCode } from '@kicksight/contracts';
import { AppError } from './errors.ts';

/** Who is asking, as the access token says. The tier is for display; entitlements come from billing. */
export interface Principal {
  id: string;
  email: string;
  name: string;
  role: 'member' | 'admin';
  tier: 'trial' | 'premium' | 'unlimited';
  /** The sign-in this token belongs to (its refresh-token family), where the token names one. */
  sessionId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  name: z.string(),
  role: z.enum(['member', 'admin']),
  tier: z.enum(['trial', 'premium', 'unlimited']),
  sid: z.string().min(1).optional(),
});

export interface JwtVerifier {
  verify(token: string): Promise<Principal>;
}

export const JWT_ISSUER = 'kicksight-auth';
export const JWT_AUDIENCE = 'kicksight';

/** Verifies access tokens against auth's JWKS (keys fetched once and refreshed on an unknown `kid`). */
export function createJwtVerifier(options: { jwksUrl: string } | { keys: JWTVerifyGetKey }): JwtVerifier {
  const keys = 'keys' in options ? options.keys : createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000 });
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: JWT_ISSUER, audience: JWT_AUDIENCE, algorithms: ['ES256', 'RS256', 'EdDSA'] });
        const claims = claimsSchema.parse(payload);
        return { id: claims.sub, email: claims.email, name: claims.name, role: claims.role, tier: claims.tier, ...(claims.sid && { sessionId: claims.sid }) };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw AppError.unauthorized('Your session has expired', ErrorCode.TOKEN_EXPIRED);
        if (err instanceof joseErrors.JOSEError && err.code === 'ERR_JWKS_TIMEOUT') throw AppError.unavailable('Sign-in keys are unavailable', err);
        throw AppError.unauthorized('Invalid access token');
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Requires a valid access token; sets `req.principal`. */
export function requireUser(verifier: JwtVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next(AppError.unauthorized('Authentication required'));
    try {
      req.principal = await verifier.verify(token);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Sets `req.principal` when a valid token is present; never rejects. */
export function optionalUser(verifier: JwtVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (token) req.principal = await verifier.verify(token).catch(() => undefined);
    next();
  };
}

export function requireRole(role: Principal['role']): RequestHandler {
  return (req, _res, next) => {
    if (!req.principal) return next(AppError.unauthorized());
    if (req.principal.role !== role) return next(AppError.forbidden('Administrator access required'));
    next();
  };
}
