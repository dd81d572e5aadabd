import type { Request } from 'express';
import { decodeJwt } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '@kicksight/contracts';
import { AppError, bearerToken, type Clock, type JwtVerifier, type Logger, type Principal } from '@kicksight/platform';
import { EdgeErrorCode } from '../errors.ts';
import type { RouteMatch } from '../routes/route-table.ts';
import { isApiKey, type ApiKeyExchange } from './api-keys.ts';
import type { Denylist } from './denylist.ts';

/** Who is asking, and the access token the services will see (for an API key: the one it was exchanged for). */
export interface Identity {
  principal: Principal;
  token: string;
  /** Expiry of `token`, epoch milliseconds. */
  expiresAt: number;
  viaApiKey: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The bearer credential of a request; the event stream may also carry it as `?token=`. */
export function credentialOf(req: Request, route: Pick<RouteMatch, 'queryToken'>): string | undefined {
  const header = bearerToken(req.get('authorization'));
  if (header) return header;
  const query = route.queryToken ? req.query.token : undefined;
  return typeof query === 'string' && query.length > 0 ? query : undefined;
}

export interface IdentifyOptions {
  verifier: JwtVerifier;
  exchangeApiKey: ApiKeyExchange;
  denylist: Denylist;
  clock: Clock;
  logger: Logger;
}

/** Turns a credential into an identity, or throws the 401/403 that explains why not. */
export function createIdentify({ verifier, exchangeApiKey, denylist, clock, logger }: IdentifyOptions) {
  async function fromToken(token: string): Promise<Omit<Identity, 'viaApiKey'>> {
    const principal = await verifier.verify(token);
    const exp = decodeJwt(token).exp;
    return { principal, token, expiresAt: exp === undefined ? clock.now().getTime() + ACCESS_TOKEN_TTL_MS : exp * 1000 };
  }

  async function assertNotDeleted(userId: string): Promise<void> {
    let denied = false;
    try {
      denied = await denylist.isDenied(userId);
    } catch (err) {
      logger.warn({ err }, 'deleted-account list unavailable; accepting the token');
    }
    if (denied) throw AppError.unauthorized('This account has been deleted', EdgeErrorCode.ACCOUNT_DELETED);
  }

  return async function identify(credential: string, method: string, requestId?: string): Promise<Identity> {
    let identity: Identity;
    if (isApiKey(credential)) {
      if (!READ_METHODS.has(method.toUpperCase())) {
        throw AppError.forbidden('API keys can only be used for read requests', EdgeErrorCode.API_KEY_READ_ONLY);
      }
      const exchanged = await exchangeApiKey(credential, requestId);
      identity = { ...(await fromToken(exchanged.accessToken)), viaApiKey: true };
    } else {
      identity = { ...(await fromToken(credential)), viaApiKey: false };
    }
    await assertNotDeleted(identity.principal.id);
    return identity;
  };
}

export type Identify = ReturnType<typeof createIdentify>;
