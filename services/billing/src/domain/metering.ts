import type { MeteredAction } from '@kicksight/contracts';
import { AppError, newEvent, type Clock, type OutgoingEvent, type Pool } from '@kicksight/platform';
import { ledger } from '../store/ledger.ts';
import { createLedgerWriter } from '../store/ledger-writer.ts';
import type { Counters } from '../store/counters.ts';
import { entitlementsOf, type Entitlements } from './entitlements.ts';
import { limitOf, thresholdReached, usagePeriod, type UsagePeriod } from './periods.ts';
import type { Subscriptions } from './subscriptions.ts';

export type Role = 'member' | 'admin';

export interface ConsumeRequest {
  userId: string;
  role: Role;
  action: MeteredAction;
  /** Makes the unit idempotent: the same key counts once per period. */
  key: string;
}

export interface ConsumeResult {
  allowed: true;
  used: number | null;
  limit: number | null;
  /** Results reachable across all pages of one query (null: no cap). */
  maxResults: number | null;
  /** Whether this call counted a new unit (false for a repeat of the same key, and for admins). */
  counted: boolean;
}

const LIMIT_ERRORS: Record<MeteredAction, { code: string; message: string }> = {
  search: { code: 'SEARCH_LIMIT', message: "You've reached your search limit for this period. Upgrade your plan to keep searching." },
  product_view: { code: 'PRODUCT_VIEW_LIMIT', message: "You've reached your product view limit for this period. Upgrade your plan to view more sneakers." },
};

export const trialExpired = () => AppError.forbidden('Your free trial has ended. Choose a plan to keep searching, viewing and adding sneakers.', 'TRIAL_EXPIRED');

/** Counters outlive their period by a week, then Redis forgets them (the ledger keeps them). */
const ttlOf = (period: UsagePeriod, now: Date) => Math.max(60, Math.ceil((period.endsAt.getTime() - now.getTime()) / 1000) + 7 * 24 * 3600);

/**
 * Usage metering, the single source of truth for searches and product views: checks the limit and
 * counts atomically in Redis, records each unit in the ledger with its events, refunds on request.
 * A counted unit is answered once its ledger row and events have committed; units counted together
 * share one commit (see createLedgerWriter). `ledgerPool` is where the ledger is written: billing
 * gives it connections that commit asynchronously (see the app). The subscription behind the limits
 * is read through a short cache (see Subscriptions.recent).
 */
export function createMetering({ pool, ledgerPool = pool, counters, clock, subscriptions }: { pool: Pool; ledgerPool?: Pool; counters: Counters; clock: Clock; subscriptions: Subscriptions }) {
  const writer = createLedgerWriter({ pool: ledgerPool });

  async function seedFromLedger(userId: string, action: string, period: UsagePeriod, now: Date) {
    // Units counted before Redis lost the counter may still be on their way to the ledger.
    await writer.idle();
    await counters.seed(userId, action, period.id, await ledger.keys(pool, userId, action, period.id), ttlOf(period, now));
  }

  async function context(userId: string, role: Role) {
    const now = clock.now();
    const subscription = role === 'admin' ? undefined : await subscriptions.recent(userId);
    const entitlements = entitlementsOf(subscription, role, now);
    return { now, subscription, entitlements, period: usagePeriod(subscription, entitlements, now) };
  }

  async function used(userId: string, action: MeteredAction, period: UsagePeriod, now: Date): Promise<number> {
    const cached = await counters.used(userId, action, period.id);
    if (cached !== undefined) return cached;
    await seedFromLedger(userId, action, period, now);
    return (await counters.used(userId, action, period.id)) ?? 0;
  }

  return {
    async consume({ userId, role, action, key }: ConsumeRequest): Promise<ConsumeResult> {
      const { now, entitlements, period } = await context(userId, role);
      if (role === 'admin') return { allowed: true, used: null, limit: null, maxResults: null, counted: false };
      if (entitlements.expired) throw trialExpired();
      const limit = limitOf(entitlements, action);
      let outcome = await counters.consume(userId, action, period.id, key, limit, ttlOf(period, now));
      if (outcome.state === 'missing') {
        await seedFromLedger(userId, action, period, now);
        outcome = await counters.consume(userId, action, period.id, key, limit, ttlOf(period, now));
      }
      if (outcome.state === 'missing') throw AppError.unavailable('Usage could not be counted; please try again.');
      if (outcome.state === 'refused') throw AppError.forbidden(LIMIT_ERRORS[action].message, LIMIT_ERRORS[action].code);
      if (outcome.counted) {
        const events: OutgoingEvent[] = [{ key: userId, envelope: newEvent('usage.recorded@1', { userId, action, used: outcome.used, limit }, { clock }) }];
        const level = thresholdReached(outcome.used, limit);
        if (level && limit !== null) {
          events.push({ key: userId, envelope: newEvent('usage.threshold@1', { userId, action, used: outcome.used, limit, level }, { clock }) });
        }
        try {
          await writer.record({ userId, action, period: period.id, key, plan: entitlements.plan, at: now }, events);
        } catch (err) {
          await counters.refund(userId, action, period.id, key).catch(() => undefined);
          throw AppError.unavailable('Usage could not be recorded; please try again.', err);
        }
      }
      return { allowed: true, used: outcome.used, limit, maxResults: entitlements.limits.searchResults, counted: outcome.counted };
    },

    /** Gives a unit back (the caller could not serve what it counted). */
    async refund({ userId, role, action, key }: ConsumeRequest): Promise<boolean> {
      if (role === 'admin') return false;
      const { now, period } = await context(userId, role);
      // A refund follows its unit's write, never overtakes it.
      await writer.settled({ userId, action, period: period.id, key });
      const refunded = await counters.refund(userId, action, period.id, key);
      const inLedger = await ledger.refund(pool, { userId, action, period: period.id, key, at: now });
      return refunded || inLedger;
    },

    /** Counts of the current period and what they allow, without counting anything. */
    async usage(userId: string, role: Role): Promise<{ entitlements: Entitlements; searches: number; productViews: number; period: UsagePeriod }> {
      const { now, entitlements, period } = await context(userId, role);
      if (role === 'admin') return { entitlements, searches: 0, productViews: 0, period };
      const [searches, productViews] = await Promise.all([used(userId, 'search', period, now), used(userId, 'product_view', period, now)]);
      return { entitlements, searches, productViews, period };
    },

    entitlements: async (userId: string, role: Role) => (await context(userId, role)).entitlements,

    /** Resolves once every counted unit has been written to the ledger (or failed). */
    drain: () => writer.idle(),

    /** Seeds the counters of recent periods from the ledger (at start, after Redis lost them). */
    async warm(days = 35): Promise<number> {
      const now = clock.now();
      const recent = await ledger.recentCounters(pool, new Date(now.getTime() - days * 24 * 3600 * 1000));
      for (const { userId, action, period } of recent) {
        await counters.seed(userId, action, period, await ledger.keys(pool, userId, action, period), 40 * 24 * 3600);
      }
      return recent.length;
    },
  };
}

export type Metering = ReturnType<typeof createMetering>;
