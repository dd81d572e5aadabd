import { randomBytes } from 'node:crypto';
import { AppError, withLock, type Clock, type Logger, type Redis } from '@kicksight/platform';
import { STOCKX_INTEGRATION_ID, type IntegrationDoc, type MarketModels } from '../../store/market-models.ts';
import type { TokenCipher } from './token-cipher.ts';

/** StockX's API gateway, the audience of the tokens the integration asks for. */
export const STOCKX_AUDIENCE = 'gateway.stockx.com';
export const STOCKX_SCOPE = 'offline_access openid';
/** How long an administrator has to come back from StockX's consent page. */
export const LINK_STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export const STOCKX_NOT_LINKED = 'StockX is not linked';
export const LINK_STATE_INVALID = 'This StockX link has expired or was not started here. Start again from the admin panel.';

export interface StockxLinkSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  timeoutMs: number;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

/** Refused by StockX's accounts domain (a code or refresh token it no longer accepts, or our credentials). */
export class StockxAuthError extends Error {
  override name = 'StockxAuthError';
}

/**
 * The operator's StockX account, linked once by an administrator through OAuth2's authorization code
 * flow (StockX's accounts domain, audience `gateway.stockx.com`, scopes `offline_access openid`). The
 * tokens are sealed before they are stored and never logged; a refresh token is used once (StockX
 * rotates them) under a lock, so two pods never spend the same one.
 */
export function createStockxLink({ settings, cipher, marketModels, redis, keyPrefix, clock, logger }: { settings: StockxLinkSettings; cipher: TokenCipher; marketModels: MarketModels; redis: Redis; keyPrefix: string; clock: Clock; logger: Logger }) {
  const stateKey = (state: string) => `${keyPrefix}:stockx:link-state:${state}`;

  async function requestTokens(form: Record<string, string>): Promise<{ accessToken: string; refreshToken: string | null; expiresAt: Date; scope: string | null }> {
    const body = new URLSearchParams({ ...form, client_id: settings.clientId, client_secret: settings.clientSecret });
    let response: Response;
    try {
      response = await fetch(settings.tokenUrl, { method: 'POST', body, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (err) {
      throw AppError.unavailable('StockX accounts could not be reached', err);
    }
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer & { error?: unknown };
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

  const load = () => marketModels.Integration.findById(STOCKX_INTEGRATION_ID).lean<IntegrationDoc>();

  /** Exchanges the refresh token for new tokens, unless `stale` was already replaced (by this pod or another). */
  async function refresh(stale?: string): Promise<string> {
    return withLock(redis, `${keyPrefix}:stockx:refresh`, async () => {
      const doc = await load();
      if (!doc) throw AppError.conflict(STOCKX_NOT_LINKED, 'STOCKX_NOT_LINKED');
      const current = cipher.open('accessToken', doc.accessToken);
      if (stale !== undefined && current !== stale) return current;
      const tokens = await requestTokens({ grant_type: 'refresh_token', refresh_token: cipher.open('refreshToken', doc.refreshToken) });
      const refreshToken = tokens.refreshToken ?? cipher.open('refreshToken', doc.refreshToken);
      await marketModels.Integration.updateOne(
        { _id: STOCKX_INTEGRATION_ID },
        { $set: { accessToken: cipher.seal('accessToken', tokens.accessToken), refreshToken: cipher.seal('refreshToken', refreshToken), expiresAt: tokens.expiresAt, refreshedAt: clock.now() } },
      );
      logger.info({ expiresAt: tokens.expiresAt, rotated: tokens.refreshToken !== null }, 'StockX tokens refreshed');
      return tokens.accessToken;
    }, { ttlMs: settings.timeoutMs * 3, waitMs: settings.timeoutMs * 3 });
  }

  return {
    /** Starts a link: StockX's consent page, with a single-use state bound to the administrator. */
    async start(adminId: string): Promise<{ authorizationUrl: string }> {
      const state = randomBytes(24).toString('base64url');
      await redis.set(stateKey(state), adminId, 'PX', LINK_STATE_TTL_MS);
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: settings.redirectUrl, scope: STOCKX_SCOPE, audience: STOCKX_AUDIENCE, state }).toString();
      return { authorizationUrl: url.toString() };
    },

    /** Completes a link from StockX's redirect: the state must be this administrator's, and used once. */
    async complete(adminId: string, { code, state }: { code: string; state: string }): Promise<{ linked: true; linkedAt: string }> {
      const owner = await redis.getdel(stateKey(state));
      if (owner !== adminId) throw AppError.badRequest(LINK_STATE_INVALID, 'STOCKX_LINK_STATE_INVALID');
      let tokens;
      try {
        tokens = await requestTokens({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUrl });
      } catch (err) {
        if (err instanceof StockxAuthError) throw AppError.badRequest('StockX did not accept this sign-in. Start again from the admin panel.', 'STOCKX_LINK_REFUSED');
        throw err;
      }
      if (!tokens.refreshToken) throw AppError.badRequest('StockX gave no refresh token (the offline_access scope is needed)', 'STOCKX_LINK_REFUSED');
      const linkedAt = clock.now();
      const doc: IntegrationDoc = {
        _id: STOCKX_INTEGRATION_ID,
        accessToken: cipher.seal('accessToken', tokens.accessToken),
        refreshToken: cipher.seal('refreshToken', tokens.refreshToken),
        expiresAt: tokens.expiresAt,
        scope: tokens.scope,
        linkedAt,
        linkedBy: adminId,
        refreshedAt: null,
      };
      await marketModels.Integration.replaceOne({ _id: STOCKX_INTEGRATION_ID }, doc, { upsert: true });
      logger.info({ linkedBy: adminId }, 'StockX linked');
      return { linked: true, linkedAt: linkedAt.toISOString() };
    },

    /** Forgets the tokens; the sync stops reading until an administrator links again. */
    async unlink(adminId: string): Promise<{ linked: false }> {
      await marketModels.Integration.deleteOne({ _id: STOCKX_INTEGRATION_ID });
      logger.info({ unlinkedBy: adminId }, 'StockX unlinked');
      return { linked: false };
    },

    async isLinked(): Promise<boolean> {
      return (await marketModels.Integration.countDocuments({ _id: STOCKX_INTEGRATION_ID })) > 0;
    },

    /** A current access token (refreshed first when it is about to expire). */
    async accessToken(): Promise<string> {
      const doc = await load();
      if (!doc) throw AppError.conflict(STOCKX_NOT_LINKED, 'STOCKX_NOT_LINKED');
      if (new Date(doc.expiresAt).getTime() - REFRESH_MARGIN_MS > clock.now().getTime()) return cipher.open('accessToken', doc.accessToken);
      return refresh();
    },

    /** A new access token after StockX refused `stale`. */
    refresh,
  };
}

export type StockxLink = ReturnType<typeof createStockxLink>;
