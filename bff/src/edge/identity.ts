import type { Request } from 'express';
import { AppError, bearerToken, type Principal, type TokenCache } from '@kicksight/platform';
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
  /** Verifies access tokens (and remembers the ones that verified). */
  tokens: Pick<TokenCache, 'verify'>;
  exchangeApiKey: ApiKeyExchange;
  denylist: Pick<Denylist, 'isDenied' | 'isSessionEnded'>;
}

/** Turns a credential into an identity, or throws the 401/403 that explains why not. */
export function createIdentify({ tokens, exchangeApiKey, denylist }: IdentifyOptions) {
  async function fromToken(token: string): Promise<Omit<Identity, 'viaApiKey'>> {
    const { principal, expiresAt } = await tokens.verify(token);
    return { principal, token, expiresAt };
  }

  /** Refuses the tokens of a deleted account, and those of a sign-in that was signed out. */
  function assertStillValid({ id, sessionId }: Identity['principal']): void {
    if (denylist.isDenied(id)) throw AppError.unauthorized('This account has been deleted', EdgeErrorCode.ACCOUNT_DELETED);
    if (sessionId && denylist.isSessionEnded(sessionId)) throw AppError.unauthorized('Your session has ended. Please sign in again.', EdgeErrorCode.SESSION_ENDED);
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
    assertStillValid(identity.principal);
    return identity;
  };
}

export type Identify = ReturnType<typeof createIdentify>;
