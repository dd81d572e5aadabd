import { daysAfter, TRIAL_DAYS, type BillingPeriod, type EventData, type EventKey, type PaidPlan } from '@kicksight/contracts';
import { enqueueEvents, newEvent, withTransaction, type Clock, type Pool, type PoolClient, type Queryable } from '@kicksight/platform';
import { subscriptions } from '../store/subscriptions.ts';
import { facts } from '../store/accounts.ts';
import type { Subscription } from './subscription.ts';
import { priceOf } from './proration.ts';

export { periodEndFrom, priceOf } from './proration.ts';


/** How long metering may reuse a subscription it read (this process's own changes drop it at once). */
export const SUBSCRIPTION_CACHE_MS = 1_000;
const SUBSCRIPTION_CACHE_SIZE = 10_000;


/** The paid state a gateway reports for a subscription. */
export interface PaidState {
  tier: PaidPlan;
  billingPeriod: BillingPeriod;
  status: 'active' | 'past_due';
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  gateway: 'stripe' | 'local';
  customerId: string | null;
  gatewaySubscriptionId: string | null;
  /** When the gateway produced this state; older states never overwrite newer ones. */
  at: Date;
}

/** The subscription lifecycle: trial, paid activation and changes, cancellation, expiry; each change publishes its event. */
export function createSubscriptions({ pool, clock, cacheMs = SUBSCRIPTION_CACHE_MS }: { pool: Pool; clock: Clock; cacheMs?: number }) {
  // Metering reads the subscription on every counted unit; it reuses a read for up to `cacheMs`.
  // Every change of what metering reads (tier, status, periods, trial; made here or by erasure) goes
  // through `markChanged`: the entry is dropped at once, no read is cached while the changing
  // transaction is open, and the entry is dropped again when its client goes back to the pool (after
  // COMMIT or ROLLBACK). So this process never serves its own superseded state; a change made by
  // another replica (or the run-job command) shows here within `cacheMs`.
  const cache = new Map<string, { subscription: Subscription; at: number }>();
  const loading = new Map<string, Promise<Subscription>>();
  const open = new Map<PoolClient, Set<string>>();
  const writing = new Map<string, number>();
  let generation = 0;
  pool.on('release', (_err, client) => {
    const users = open.get(client);
    if (!users) return;
    open.delete(client);
    generation += 1;
    for (const userId of users) {
      cache.delete(userId);
      loading.delete(userId);
      const n = (writing.get(userId) ?? 1) - 1;
      if (n > 0) writing.set(userId, n);
      else writing.delete(userId);
    }
  });

  /** Marks a user's subscription as changed by a statement on `db` (a pool client inside a transaction, or the pool). */
  function markChanged(db: Queryable, userId: string): void {
    generation += 1;
    cache.delete(userId);
    loading.delete(userId);
    if (db === pool || typeof (db as Partial<PoolClient>).release !== 'function') return;
    const client = db as PoolClient;
    let users = open.get(client);
    if (!users) open.set(client, (users = new Set()));
    if (users.has(userId)) return;
    users.add(userId);
    writing.set(userId, (writing.get(userId) ?? 0) + 1);
  }

  const publish = <K extends EventKey>(client: Queryable, userId: string, key: K, data: EventData<K>) =>
    enqueueEvents(client, [{ key: userId, envelope: newEvent(key, data, { clock }) }], clock);

  const stateData = (s: Subscription) => ({
    userId: s.userId,
    tier: s.tier,
    status: s.status,
    periodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  });

  async function startTrial(client: PoolClient, userId: string, startedAt: Date): Promise<void> {
    const endsAt = daysAfter(startedAt, TRIAL_DAYS);
    if (await subscriptions.startTrial(client, userId, startedAt, endsAt, clock.now())) {
      markChanged(client, userId);
      await publish(client, userId, 'subscription.trial_started@1', { userId, trialEndsAt: endsAt.toISOString() });
      await facts.add(client, { userId, kind: 'trial_started', plan: 'trial', at: startedAt });
    }
  }

  /** Applies a paid state (activation, renewal, plan change, cancellation scheduled) unless a newer one was applied. */
  async function applyPaidState(client: PoolClient, userId: string, state: PaidState): Promise<Subscription | undefined> {
    let current = await subscriptions.get(client, userId, true);
    if (!current) {
      await startTrial(client, userId, state.at);
      current = (await subscriptions.get(client, userId, true))!;
    }
    if (current.stateAt && current.stateAt > state.at) return undefined;
    const wasPaid = current.tier !== 'trial' && (current.status === 'active' || current.status === 'past_due');
    const next: Subscription = {
      ...current,
      tier: state.tier,
      status: state.status,
      billingPeriod: state.billingPeriod,
      amountCents: priceOf(state.tier, state.billingPeriod),
      periodAnchor: wasPaid && current.periodAnchor ? current.periodAnchor : state.periodStart,
      currentPeriodEnd: state.periodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      gateway: state.gateway,
      customerId: state.customerId ?? current.customerId,
      gatewaySubscriptionId: state.gatewaySubscriptionId ?? current.gatewaySubscriptionId,
      stateAt: state.at,
      paidSince: wasPaid ? current.paidSince : state.at,
    };
    await subscriptions.save(client, next, clock.now());
    markChanged(client, userId);
    if (!wasPaid) {
      await publish(client, userId, 'subscription.started@1', stateData(next));
      await facts.add(client, { userId, kind: 'converted', plan: next.tier, amountCents: next.amountCents, detail: next.billingPeriod, at: state.at });
    } else if (changed(current, next)) {
      await publish(client, userId, 'subscription.changed@1', stateData(next));
      if (!current.cancelAtPeriodEnd && next.cancelAtPeriodEnd) {
        await publish(client, userId, 'subscription.cancel_scheduled@1', { userId, tier: state.tier, accessUntil: state.periodEnd.toISOString() });
      }
      if (current.tier !== next.tier) await facts.add(client, { userId, kind: 'plan_changed', plan: next.tier, amountCents: next.amountCents, detail: current.tier, at: state.at });
    }
    return next;
  }

  /** Ends a paid subscription: the member is back on the trial's terms, expired. */
  async function end(client: PoolClient, userId: string, at: Date): Promise<Subscription | undefined> {
    const current = await subscriptions.get(client, userId, true);
    if (!current || current.tier === 'trial' || (current.stateAt && current.stateAt > at)) return undefined;
    const next: Subscription = { ...current, tier: 'trial', status: 'canceled', cancelAtPeriodEnd: false, billingPeriod: null, amountCents: 0, creditCents: 0, stateAt: at, periodAnchor: null };
    await subscriptions.save(client, next, clock.now());
    markChanged(client, userId);
    await publish(client, userId, 'subscription.canceled@1', stateData(next));
    await facts.add(client, { userId, kind: 'churned', plan: current.tier, amountCents: current.amountCents, at });
    return next;
  }

  /** The user's subscription; a user billing has not heard of yet gets the trial now. */
  async function current(userId: string): Promise<Subscription> {
    const existing = await subscriptions.get(pool, userId);
    if (existing) return existing;
    await withTransaction(pool, (client) => startTrial(client, userId, clock.now()));
    return (await subscriptions.get(pool, userId))!;
  }

  async function load(userId: string): Promise<Subscription> {
    const before = generation;
    const subscription = await current(userId);
    // A change that started meanwhile, or is still open, may not be in what was read: not kept.
    if (cacheMs > 0 && generation === before && !writing.has(userId)) {
      cache.delete(userId);
      cache.set(userId, { subscription, at: performance.now() });
      if (cache.size > SUBSCRIPTION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return subscription;
  }

  /** One read per user at a time: callers arriving meanwhile share it. */
  function refresh(userId: string): Promise<Subscription> {
    const shared = loading.get(userId);
    if (shared) return shared;
    const pending: Promise<Subscription> = load(userId).finally(() => {
      if (loading.get(userId) === pending) loading.delete(userId);
    });
    loading.set(userId, pending);
    return pending;
  }

  return {
    startTrial,
    applyPaidState,
    end,
    markChanged,
    current,

    /**
     * `current`, reused for up to `cacheMs` (for metering's per-unit reads). An entry past half its
     * life is refreshed in the background while it is still served, so a steady caller never waits
     * for a read; concurrent misses for one user share one read. The answer is shared: callers must
     * not modify it.
     */
    async recent(userId: string): Promise<Subscription> {
      const hit = cache.get(userId);
      const age = hit ? performance.now() - hit.at : Infinity;
      if (hit && age < cacheMs && !writing.has(userId)) {
        if (age >= cacheMs / 2 && !loading.has(userId)) refresh(userId).catch(() => undefined);
        return hit.subscription;
      }
      return refresh(userId);
    },

    /** Expires every trial whose end has passed (a scheduled job, runnable for any moment). */
    async expireTrials(now = clock.now()): Promise<number> {
      return withTransaction(pool, async (client) => {
        const due = await subscriptions.dueTrials(client, now);
        for (const userId of due) {
          const current = (await subscriptions.get(client, userId))!;
          await subscriptions.save(client, { ...current, status: 'expired' }, clock.now());
          markChanged(client, userId);
          await publish(client, userId, 'subscription.trial_expired@1', { userId });
        }
        return due.length;
      });
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

function changed(a: Subscription, b: Subscription): boolean {
  return (
    a.tier !== b.tier ||
    a.status !== b.status ||
    a.cancelAtPeriodEnd !== b.cancelAtPeriodEnd ||
    a.billingPeriod !== b.billingPeriod ||
    a.currentPeriodEnd?.getTime() !== b.currentPeriodEnd?.getTime()
  );
}
