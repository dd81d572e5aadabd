import type { MeteredAction } from '@kicksight/contracts';
import { AppError, newEvent, type Clock, type OutgoingEvent, type Pool, type Redis } from '@kicksight/platform';
import { ledger } from '../store/ledger.ts';
import { ledgerCaughtUp, type LedgerEntry } from '../store/ledger-stream.ts';
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

/** The events of a counted unit: usage.recorded, and usage.threshold at 80% and 100% of the limit. */
export function ledgerEvents({ unit, used, limit }: Extract<LedgerEntry, { kind: 'count' }>): OutgoingEvent[] {
  const { userId } = unit;
  const action = unit.action as MeteredAction;
  const clock = { now: () => unit.at };
  const events: OutgoingEvent[] = [{ key: userId, envelope: newEvent('usage.recorded@1', { userId, action, used, limit }, { clock }) }];
  const level = thresholdReached(used, limit);
  if (level && limit !== null) events.push({ key: userId, envelope: newEvent('usage.threshold@1', { userId, action, used, limit, level }, { clock }) });
  return events;
}

/** Counters outlive their period by a week, then Redis forgets them (the ledger keeps them). */
const ttlOf = (period: UsagePeriod, now: Date) => Math.max(60, Math.ceil((period.endsAt.getTime() - now.getTime()) / 1000) + 7 * 24 * 3600);

/**
 * Usage metering, the single source of truth for searches and product views: checks the limit and
 * counts atomically in Redis, and in the same step queues the unit for the ledger, which the ledger
 * follower writes to Postgres with the unit's events (usage.recorded, usage.threshold) in counting
 * order, within milliseconds. A unit is answered once Redis has counted it: the Postgres commit is not
 * on the request's path. Should Redis lose its data before the follower wrote what it queued, those
 * few units are given back to their members (counters are rebuilt from the ledger); a unit is never
 * counted in the ledger without having been counted in Redis. Refunds travel the same way, so a
 * refund never overtakes its unit. The subscription behind the limits is read through a short cache
 * (see Subscriptions.recent).
 */
/**
 * How long a request waits for the ledger to take in what is queued before a counter is rebuilt from it (a
 * follower catching up after Redis came back): past it the call answers 503, within the second every answer keeps to
 * (a busy machine's follower, writing in batches, usually drains well within it).
 */
export const LEDGER_WAIT_ON_REQUEST_MS = 800;

export function createMetering({ pool, redis, counters, clock, subscriptions, ledgerStream }: { pool: Pool; redis: Redis; counters: Counters; clock: Clock; subscriptions: Subscriptions; ledgerStream: string }) {
  /** The ledger holds every unit queued so far (what a counter rebuilt from it must include). */
  async function ledgerWritten(timeoutMs?: number): Promise<void> {
    try {
      await ledgerCaughtUp(redis, ledgerStream, timeoutMs);
    } catch (err) {
      throw AppError.unavailable('Usage could not be counted; please try again.', err);
    }
  }

  async function seedFromLedger(userId: string, action: string, period: UsagePeriod, now: Date) {
    await ledgerWritten(LEDGER_WAIT_ON_REQUEST_MS);
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
      const unit = { userId, action, period: period.id, key, plan: entitlements.plan, at: now };
      let outcome = await counters.consume(unit, limit, ttlOf(period, now));
      if (outcome.state === 'missing') {
        await seedFromLedger(userId, action, period, now);
        outcome = await counters.consume(unit, limit, ttlOf(period, now));
      }
      if (outcome.state === 'missing') throw AppError.unavailable('Usage could not be counted; please try again.');
      if (outcome.state === 'refused') throw AppError.forbidden(LIMIT_ERRORS[action].message, LIMIT_ERRORS[action].code);
      return { allowed: true, used: outcome.used, limit, maxResults: entitlements.limits.searchResults, counted: outcome.counted };
    },

    /** Gives a unit back (the caller could not serve what it counted). */
    async refund({ userId, role, action, key }: ConsumeRequest): Promise<boolean> {
      if (role === 'admin') return false;
      const { now, period } = await context(userId, role);
      if ((await counters.used(userId, action, period.id)) === undefined) await seedFromLedger(userId, action, period, now);
      return counters.refund({ userId, action, period: period.id, key }, now);
    },

    /** Counts of the current period and what they allow, without counting anything. */
    async usage(userId: string, role: Role): Promise<{ entitlements: Entitlements; searches: number; productViews: number; period: UsagePeriod }> {
      const { now, entitlements, period } = await context(userId, role);
      if (role === 'admin') return { entitlements, searches: 0, productViews: 0, period };
      const [searches, productViews] = await Promise.all([used(userId, 'search', period, now), used(userId, 'product_view', period, now)]);
      return { entitlements, searches, productViews, period };
    },

    entitlements: async (userId: string, role: Role) => (await context(userId, role)).entitlements,

    /** Resolves once every unit counted so far is in the ledger. */
    ledgerWritten: () => ledgerWritten(),

    /** Seeds the counters of recent periods from the ledger (at start, after Redis lost them). */
    async warm(days = 35): Promise<number> {
      // A follower that died with units queued is replaced within its lease's time.
      await ledgerWritten(10_000);
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
