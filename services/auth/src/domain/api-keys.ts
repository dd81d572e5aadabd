import { randomUUID } from 'node:crypto';
import { AppError, enqueueEvents, newEvent, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import { apiKeys } from '../store/api-keys.ts';
import type { Context } from './accounts.ts';
import { users } from '../store/users.ts';
import { mayUseApiKeys } from './membership.ts';
import { hashSecret, issueAccessToken, newSecret, type SigningKeys } from './tokens.ts';

export const API_KEY_PREFIX = 'ks_live_';
/** An API key is exchanged at the edge for an access token this short-lived. */
export const API_KEY_TOKEN_TTL_MS = 5 * 60 * 1000;
const MAX_ACTIVE_KEYS = 10;

const notEntitled = () => AppError.forbidden('API access is available on the Unlimited plan.', 'PREMIUM_FEATURE');

const view = (k: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

/** Personal API keys: shown once at creation, stored as hashes, usable for read calls. */
export function createApiKeys({ pool, clock, keys }: { pool: Pool; clock: Clock; keys: SigningKeys }) {
  async function entitledUser(userId: string) {
    const user = await users.byId(pool, userId);
    if (!user) throw AppError.unauthorized('This account no longer exists', 'ACCOUNT_DELETED');
    if (!mayUseApiKeys(user.role, user.tier)) throw notEntitled();
    return user;
  }

  return {
    async create(userId: string, name: string) {
      await entitledUser(userId);
      if ((await apiKeys.activeOfUser(pool, userId)).length >= MAX_ACTIVE_KEYS) {
        throw AppError.conflict(`You can hold at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first.`, 'API_KEY_LIMIT');
      }
      const key = `${API_KEY_PREFIX}${newSecret()}`;
      const record = { id: randomUUID(), userId, name, prefix: key.slice(0, API_KEY_PREFIX.length + 4), hash: hashSecret(key), now: clock.now() };
      await apiKeys.insert(pool, record);
      return { ...view({ ...record, createdAt: record.now, lastUsedAt: null }), key };
    },

    async list(userId: string) {
      await entitledUser(userId);
      return (await apiKeys.activeOfUser(pool, userId)).map(view);
    },

    /** Revokes a key and, in the same transaction, publishes `user.api_key_revoked` so the edge drops its cached exchange at once. */
    async revoke(userId: string, id: string, ctx: Context = {}) {
      await withTransaction(pool, async (client) => {
        const keyHash = await apiKeys.revoke(client, userId, id, clock.now());
        if (!keyHash) throw AppError.notFound('No such API key');
        const event = newEvent('user.api_key_revoked@1', { userId, keyHash }, { clock, correlationId: ctx.correlationId });
        await enqueueEvents(client, [{ key: userId, envelope: event }], clock);
      });
    },

    /** Exchanges a key for a short-lived access token of its owner, while the owner is still entitled. */
    async exchange(key: string) {
      const record = key.startsWith(API_KEY_PREFIX) ? await apiKeys.activeByHash(pool, hashSecret(key)) : undefined;
      if (!record) throw AppError.unauthorized('Invalid API key', 'INVALID_API_KEY');
      const user = await users.byId(pool, record.userId);
      if (!user) throw AppError.unauthorized('Invalid API key', 'INVALID_API_KEY');
      if (!mayUseApiKeys(user.role, user.tier)) throw notEntitled();
      await apiKeys.touch(pool, record.id, clock.now());
      const access = await issueAccessToken(keys, { id: user.id, email: user.email, name: user.name, role: user.role, tier: user.tier }, clock, API_KEY_TOKEN_TTL_MS);
      return { accessToken: access.token, expiresAt: access.expiresAt, userId: user.id };
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
