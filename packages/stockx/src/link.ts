import { randomBytes } from 'node:crypto';
import { AppError, withLock, type Clock, type Logger, type Redis } from '@kicksight/platform';
import type { TokenCipher } from './token-cipher.ts';

/** StockX's API gateway, the audience of the tokens a link asks for. */
export const STOCKX_AUDIENCE = 'gateway.stockx.com';
export const STOCKX_SCOPE = 'offline_access openid';
/** How long a member or administrator has to come back from StockX's consent page. */
export const LINK_STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export interface StockxLinkSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  timeoutMs: number;
}

/** A link's tokens as stored: both sealed with the token cipher. */
export interface SealedStockxTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string | null;
}

/** Where one StockX account's sealed tokens are kept (the service that owns the link provides it). */
export interface StockxTokenStore {
  load(): Promise<SealedStockxTokens | null>;
  /** A new link, made by `linkedBy`. */
  link(tokens: SealedStockxTokens, linkedAt: Date, linkedBy: string): Promise<void>;
  /** Tokens after a refresh (StockX rotated the refresh token). */
  refreshed(tokens: SealedStockxTokens, refreshedAt: Date): Promise<void>;
  unlink(): Promise<void>;
}

/** What the link says to whoever uses it: with no tokens, and where to start again. */
export interface StockxLinkWording {
  notLinked: string;
  /** "the admin panel", "the Sales page". */
  startAgainFrom: string;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

/** Refused by StockX's accounts domain (a code or refresh token it no longer accepts, or our credentials). */
export class StockxAuthError extends Error {
  override name = 'StockxAuthError';
}

const stateKey = (keyPrefix: string, state: string) => `${keyPrefix}:stockx:link-state:${state}`;

/**
 * One StockX account linked through OAuth2's authorization code flow (StockX's accounts domain, audience
 * `gateway.stockx.com`, scopes `offline_access openid`). The tokens are sealed before they are stored and
 * never logged; a refresh token is used once (StockX rotates them) under a lock, so two pods never spend
 * the same one. A link's state is single-use and bound to whoever started it.
 */
export function createStockxLink({ settings, cipher, store, redis, keyPrefix, lockKey, wording, clock, logger }: { settings: StockxLinkSettings; cipher: TokenCipher; store: StockxTokenStore; redis: Redis; keyPrefix: string; lockKey: string; wording: StockxLinkWording; clock: Clock; logger: Logger }) {
  const notLinked = () => AppError.conflict(wording.notLinked, 'STOCKX_NOT_LINKED');

  async function requestTokens(form: Record<string, string>): Promise<{ accessToken: string; refreshToken: string | null; expiresAt: Date; scope: string | null }> {
    const body = new URLSearchParams({ ...form, client_id: settings.clientId, client_secret: settings.clientSecret });
    let response: Response;
    try {
      response = await fetch(settings.tokenUrl, { method: 'POST', body, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (err) {
      throw AppError.unavailable('StockX accounts could not be reached', err);
    }
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (!response.ok || typeof answer.access_token !== 'string') {
      // Only StockX's error code is kept: the answer may hold tokens.
      throw new StockxAuthError(`StockX refused the ${form.grant_type} grant (${response.status} ${typeof answer.error === 'string' ? answer.error : 'no error code'})`);
    }
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 3_600;
    return {
      accessToken: answer.access_token,
      refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
      expiresAt: new Date(clock.now().getTime() + expiresIn * 1000),
      scope: typeof answer.scope === 'string' ? answer.scope : null,
    };
  }

  /** Exchanges the refresh token for new tokens, unless `stale` was already replaced (by this pod or another). */
  async function refresh(stale?: string): Promise<string> {
    return withLock(redis, lockKey, async () => {
      const stored = await store.load();
      if (!stored) throw notLinked();
      const current = cipher.open('accessToken', stored.accessToken);
      if (stale !== undefined && current !== stale) return current;
      const tokens = await requestTokens({ grant_type: 'refresh_token', refresh_token: cipher.open('refreshToken', stored.refreshToken) });
      const refreshToken = tokens.refreshToken ?? cipher.open('refreshToken', stored.refreshToken);
      await store.refreshed({ accessToken: cipher.seal('accessToken', tokens.accessToken), refreshToken: cipher.seal('refreshToken', refreshToken), expiresAt: tokens.expiresAt, scope: tokens.scope ?? stored.scope }, clock.now());
      logger.info({ expiresAt: tokens.expiresAt, rotated: tokens.refreshToken !== null }, 'StockX tokens refreshed');
      return tokens.accessToken;
    }, { ttlMs: settings.timeoutMs * 3, waitMs: settings.timeoutMs * 3 });
  }

  return {
    /** Starts a link: StockX's consent page, with a single-use state bound to `ownerId`. */
    async start(ownerId: string): Promise<{ authorizationUrl: string }> {
      const state = randomBytes(24).toString('base64url');
      await redis.set(stateKey(keyPrefix, state), ownerId, 'PX', LINK_STATE_TTL_MS);
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: settings.redirectUrl, scope: STOCKX_SCOPE, audience: STOCKX_AUDIENCE, state }).toString();
      return { authorizationUrl: url.toString() };
    },

    /**
     * Completes a link from StockX's redirect: the state must be `ownerId`'s, and is used once. A state
     * someone else started is refused as `foreignState` says (catalog: invalid; a member's: not found).
     */
    async complete(ownerId: string, { code, state }: { code: string; state: string }, foreignState?: () => AppError): Promise<{ linked: true; linkedAt: string }> {
      const key = stateKey(keyPrefix, state);
      const owner = await redis.get(key);
      if (owner !== null && owner !== ownerId && foreignState) throw foreignState();
      if (owner !== ownerId || (await redis.del(key)) === 0) {
        throw AppError.badRequest(`This StockX link has expired or was not started here. Start again from ${wording.startAgainFrom}.`, 'STOCKX_LINK_STATE_INVALID');
      }
      let tokens;
      try {
        tokens = await requestTokens({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUrl });
      } catch (err) {
        if (err instanceof StockxAuthError) throw AppError.badRequest(`StockX did not accept this sign-in. Start again from ${wording.startAgainFrom}.`, 'STOCKX_LINK_REFUSED');
        throw err;
      }
      if (!tokens.refreshToken) throw AppError.badRequest('StockX gave no refresh token (the offline_access scope is needed)', 'STOCKX_LINK_REFUSED');
      const linkedAt = clock.now();
      await store.link({ accessToken: cipher.seal('accessToken', tokens.accessToken), refreshToken: cipher.seal('refreshToken', tokens.refreshToken), expiresAt: tokens.expiresAt, scope: tokens.scope }, linkedAt, ownerId);
      logger.info({ linkedBy: ownerId }, 'StockX linked');
      return { linked: true, linkedAt: linkedAt.toISOString() };
    },

    /** Forgets the tokens. */
    async unlink(ownerId: string): Promise<{ linked: false }> {
      await store.unlink();
      logger.info({ unlinkedBy: ownerId }, 'StockX unlinked');
      return { linked: false };
    },

    async isLinked(): Promise<boolean> {
      return (await store.load()) !== null;
    },

    /** A current access token (refreshed first when it is about to expire). */
    async accessToken(): Promise<string> {
      const stored = await store.load();
      if (!stored) throw notLinked();
      if (new Date(stored.expiresAt).getTime() - REFRESH_MARGIN_MS > clock.now().getTime()) return cipher.open('accessToken', stored.accessToken);
      return refresh();
    },

    /** A new access token after StockX refused `stale`. */
    refresh,
  };
}

export type StockxLink = ReturnType<typeof createStockxLink>;
