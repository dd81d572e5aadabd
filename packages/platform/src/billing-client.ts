import type { ConsumeResultView, EntitlementsView, MeteredAction } from '@kicksight/contracts';
import { createServiceClient } from './internal.ts';
import type { Principal } from './jwt.ts';

/** Entitlements are cached this long at most (billing decides; callers may lag by this much). */
export const ENTITLEMENTS_TTL_MS = 30_000;

/**
 * Billing as other services call it: metering (consume before serving, refund when serving
 * failed) and entitlements (cached per user for at most 30 seconds). An unreachable billing is
 * a 503 for the caller, never a free pass.
 */
export function createBillingClient({ baseUrl, serviceToken, now = () => Date.now() }: { baseUrl: string | string[]; serviceToken: string; now?: () => number }) {
  const billing = createServiceClient({ service: 'billing', baseUrl, serviceToken, timeoutMs: 3_000 });
  const cache = new Map<string, { value: EntitlementsView; until: number }>();
  const unit = (who: Pick<Principal, 'id' | 'role'>, action: MeteredAction, key: string) => ({ userId: who.id, role: who.role, action, key });

  return {
    consume: (who: Pick<Principal, 'id' | 'role'>, action: MeteredAction, key: string, requestId?: string) =>
      billing.post<ConsumeResultView>('/internal/usage/consume', unit(who, action, key), { requestId }),

    refund: (who: Pick<Principal, 'id' | 'role'>, action: MeteredAction, key: string, requestId?: string) =>
      billing.post<{ refunded: boolean }>('/internal/usage/refund', unit(who, action, key), { requestId }),

    async entitlements(who: Pick<Principal, 'id' | 'role'>, requestId?: string): Promise<EntitlementsView> {
      const cacheKey = `${who.id}:${who.role}`;
      const hit = cache.get(cacheKey);
      if (hit && hit.until > now()) return hit.value;
      const value = await billing.get<EntitlementsView>(`/internal/entitlements/${encodeURIComponent(who.id)}?role=${who.role}`, { requestId });
      if (cache.size > 10_000) cache.clear();
      cache.set(cacheKey, { value, until: now() + ENTITLEMENTS_TTL_MS });
      return value;
    },
  };
}

export type BillingClient = ReturnType<typeof createBillingClient>;
