import type { Request, RequestHandler } from 'express';
import { ErrorCode } from '@kicksight/contracts';
import { AppError, SERVICE_TOKEN_HEADER, nameServerSpan, notFoundHandler } from '@kicksight/platform';
import { lookupRoute, type RouteMatch } from '../routes/route-table.ts';
import { credentialOf, type Identify, type Identity } from './identity.ts';
import type { RateLimiter } from './rate-limit.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The row of the route table this request matched. */
    edgeRoute?: RouteMatch;
  }
}

/** Whether the access rule of the route lets the request through; throws the answer otherwise. */
export function assertAccess(route: RouteMatch, identity: Identity | undefined, failure: unknown): void {
  if (route.access === 'public' || route.access === 'optional') return;
  if (!identity) throw failure ?? AppError.unauthorized('Authentication required');
  if (route.access === 'admin' && identity.principal.role !== 'admin') throw AppError.forbidden('Administrator access required');
}

/**
 * Every `/api` request passes here: a method no operation documents at a documented path ends in 405, unknown paths in 404, the internal service token is never
 * accepted from outside, the caller is identified, counted against the rate limit, and checked
 * against the route's access rule. The access token the services receive is a verified one.
 */
export function edgeGate({ identify, limiter }: { identify: Identify; limiter: RateLimiter }): RequestHandler {
  return async (req: Request, res, next) => {
    // Case-insensitively, as express matches its routes: `/API/...` must not slip past the gate.
    if (!/^\/api(?:\/|$)/i.test(req.path)) return next();
    const { allowed, route } = lookupRoute(req.method, req.path);
    if (allowed && !allowed.includes(req.method)) {
      res.setHeader('Allow', allowed.join(', '));
      return next(new AppError(405, ErrorCode.METHOD_NOT_ALLOWED, `${req.method} is not allowed here; allowed: ${allowed.join(', ')}.`));
    }
    if (!route) return notFoundHandler(req, res, next);
    req.edgeRoute = route;
    // Proxied requests match no express route: metrics and traces name them by the route table's pattern.
    res.locals.route = route.pattern;
    nameServerSpan(req.method, route.pattern);
    delete req.headers[SERVICE_TOKEN_HEADER];

    let identity: Identity | undefined;
    let failure: unknown;
    const credential = credentialOf(req, route);
    if (credential) {
      try {
        identity = await identify(credential, req.method, String(req.id));
      } catch (err) {
        failure = err;
      }
    }
    try {
      await limiter.consume(identity ? `user:${identity.principal.id}` : `ip:${req.ip}`, res);
      assertAccess(route, identity, failure);
    } catch (err) {
      return next(err);
    }

    if (identity) {
      req.identity = identity;
      req.principal = identity.principal;
      req.headers.authorization = `Bearer ${identity.token}`;
    } else {
      // A credential that did not verify is not passed on where the route does without one.
      delete req.headers.authorization;
    }
    next();
  };
}
