import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, systemClock, withTransaction } from '@kicksight/platform';
import { testKafka, waitFor } from '@kicksight/testkit';
import { createSubscriptions, periodEndFrom } from '../../src/domain/subscriptions.ts';
import { recordPayment } from '../../src/domain/payments.ts';
import { newUserId, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const [A, B, C, D, E, F] = [newUserId(), newUserId(), newUserId(), newUserId(), newUserId(), newUserId()];

/** A scripted history with known answers: sign-ups, activity, conversions, payments, cancellations and usage. */
beforeAll(async () => {
  billing = await startBilling();
  const pool = billing.infra.pool!;
  const producer = createEventProducer(testKafka(inject('stack').kafkaBrokers), { prefix: billing.prefix });
  await producer.connect();
  const registered = (userId: string, day: string) => ({
    key: userId,
    envelope: newEvent('user.registered@1', { userId, email: `${userId}@example.com`, name: 'M', role: 'member', createdAt: at(day).toISOString() }, { clock: systemClock }),
  });
  const active = (userId: string, day: string) => ({ key: userId, envelope: newEvent('user.active@1', { userId, day }, { clock: { now: () => at(day) } }) });
  await producer.send([registered(A, '2026-09-20'), registered(B, '2026-10-05'), registered(C, '2026-10-10'), registered(D, '2026-10-15'), registered(E, '2026-10-28'), active(B, '2026-10-13'), active(C, '2026-10-27')]);
  // Members' sales: three kept (one in September), one undone.
  const sale = (userId: string, soldAt: string, salePrice: number, netProceeds: number) => ({ userId, itemId: randomUUID(), saleId: randomUUID(), sneakerId: 'manual', size: 10, platform: 'stockx' as const, soldAt, salePrice, netProceeds, realisedGain: null });
  const undone = sale(C, '2026-10-21', 50_000, 45_000);
  const sold = [sale(A, '2026-09-25', 10_000, 9_000), sale(A, '2026-10-03', 30_000, 26_400), sale(B, '2026-10-20', 20_000, 18_000), undone];
  const undo = newEvent('collection.sale_undone@1', undone, { clock: systemClock });
  await producer.send([...sold.map((data) => ({ key: data.userId, envelope: newEvent('collection.item_sold@1', data, { clock: systemClock }) })), { key: C, envelope: undo }]);
  await producer.disconnect();
  await waitFor(async () => (await pool.query('SELECT 1 FROM processed_event WHERE event_id = $1', [undo.id])).rowCount === 1, { message: 'the sales consumed' });
  await waitFor(async () => (await pool.query(`SELECT count(*)::int AS n FROM analytics_facts WHERE kind IN ('signup', 'active')`)).rows[0].n === 7, { message: 'the history consumed' });

  const subscriptions = createSubscriptions({ pool, clock: billing.clock });
  const pay = (userId: string, plan: 'premium' | 'unlimited', cents: number, day: string) =>
    withTransaction(pool, (client) => recordPayment(client, { userId, gatewayInvoiceId: `in_${userId}_${day}`, amountCents: cents, plan, invoiceUrl: null, succeeded: true, at: at(day) }, billing.clock));
  const convert = (userId: string, tier: 'premium' | 'unlimited', billingPeriod: 'monthly' | 'yearly', day: string) =>
    withTransaction(pool, (client) =>
      subscriptions.applyPaidState(client, userId, {
        tier,
        billingPeriod,
        status: 'active',
        periodStart: at(day),
        periodEnd: periodEndFrom(new Date('2026-11-22T00:00:00Z'), billingPeriod),
        cancelAtPeriodEnd: false,
        gateway: 'stripe',
        customerId: `cus_${userId}`,
        gatewaySubscriptionId: `sub_${userId}`,
        at: at(day),
      }),
    );
  await convert(A, 'premium', 'monthly', '2026-09-22');
  await pay(A, 'premium', 999, '2026-09-22');
  await pay(A, 'premium', 999, '2026-10-22');
  await convert(B, 'unlimited', 'yearly', '2026-10-12');
  await pay(B, 'unlimited', 19990, '2026-10-12');
  await convert(C, 'premium', 'monthly', '2026-10-26');
  await pay(C, 'premium', 999, '2026-10-26');
  await withTransaction(pool, (client) => subscriptions.end(client, A, at('2026-10-30')));
  // In August, F converts, cancels, converts again and cancels again.
  await convert(F, 'premium', 'monthly', '2026-08-03');
  await withTransaction(pool, (client) => subscriptions.end(client, F, at('2026-08-04')));
  await convert(F, 'premium', 'monthly', '2026-08-06');
  await withTransaction(pool, (client) => subscriptions.end(client, F, at('2026-08-07')));

  billing.clock.advance(at('2026-10-16').getTime() - Date.now());
  try {
    for (const key of ['q1', 'q2', 'q3']) await billing.internal.post('/internal/usage/consume', { userId: D, role: 'member', action: 'search', key });
    await billing.internal.post('/internal/usage/consume', { userId: D, role: 'member', action: 'product_view', key: 'v1' });
    // Usage analytics read the ledger.
    await billing.ledgerWritten();
  } finally {
    billing.clock.reset();
  }
});
afterAll(() => billing?.close());

describe('admin analytics', () => {
  it('computes October from the scripted history', async () => {
    const data = await billing.internal.get<Record<string, unknown>>('/internal/analytics/dashboard?startDate=2026-10-01&endDate=2026-10-31');
    expect(data.health).toEqual({ activeUsers: 3, newSignups: 4, trialUsers: 2, paidUsers: 2 });
    expect(data.revenue).toEqual({
      monthlyRecurringRevenue: 2665,
      averageRevenuePerUser: 1333,
      revenueByPlan: [
        { plan: 'premium', subscribers: 1, revenue: 999 },
        { plan: 'unlimited', subscribers: 1, revenue: 1666 },
      ],
      revenueGrowth: [{ month: '2026-10', revenue: 21988, growth: 0 }],
    });
    expect(data.trialConversion).toEqual({
      conversionRate: 50,
      convertedUsers: 2,
      totalTrialUsers: 4,
      conversionsByDay: ['25', '26', '27', '28', '29', '30', '31'].map((d) => ({ date: `2026-10-${d}`, conversions: d === '26' ? 1 : 0 })),
    });
    expect(data.churn).toEqual({ churnRate: 33.3, churnedSubscriptions: 1 });
    expect(data.resale).toEqual({ byMonth: [{ month: '2026-10', sales: 2, value: 50_000, netProceeds: 44_400 }] });
    expect(data.usage).toEqual({
      byPlan: [
        { plan: 'trial', avgSearchesPerUser: 3, avgProductViewsPerUser: 1, avgCollectionItems: 0, activeUsers: 1 },
        { plan: 'premium', avgSearchesPerUser: 0, avgProductViewsPerUser: 0, avgCollectionItems: 0, activeUsers: 0 },
        { plan: 'unlimited', avgSearchesPerUser: 0, avgProductViewsPerUser: 0, avgCollectionItems: 0, activeUsers: 0 },
      ],
      topFeatures: [
        { feature: 'search', usageCount: 3, uniqueUsers: 1 },
        { feature: 'product_view', usageCount: 1, uniqueUsers: 1 },
      ],
    });
  });

  it('shows month-over-month growth across a longer range', async () => {
    const data = await billing.internal.get<{ revenue: { revenueGrowth: unknown[] }; resale: { byMonth: unknown[] } }>('/internal/analytics/dashboard?startDate=2026-09-01&endDate=2026-10-31');
    expect(data.resale.byMonth).toEqual([
      { month: '2026-09', sales: 1, value: 10_000, netProceeds: 9_000 },
      { month: '2026-10', sales: 2, value: 50_000, netProceeds: 44_400 },
    ]);
    expect(data.revenue.revenueGrowth).toEqual([
      { month: '2026-09', revenue: 999, growth: 0 },
      { month: '2026-10', revenue: 21988, growth: 2101 },
    ]);
  });

  it('counts a member who converts twice once, on the day of the first, in the daily figures as in the headline, and churn by members too', async () => {
    type Answer = { trialConversion: { convertedUsers: number; conversionsByDay: { date: string; conversions: number }[] }; churn: unknown };
    const week = await billing.internal.get<Answer>('/internal/analytics/dashboard?startDate=2026-08-01&endDate=2026-08-07');
    expect(week.trialConversion).toMatchObject({ convertedUsers: 1, totalTrialUsers: 1, conversionRate: 100 });
    expect(week.trialConversion.conversionsByDay).toEqual(['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ date: `2026-08-${d}`, conversions: d === '03' ? 1 : 0 })));
    expect(week.churn).toEqual({ churnRate: 100, churnedSubscriptions: 1 });
    // The 30 days around the same week.
    const month = await billing.internal.get<Answer>('/internal/analytics/dashboard?startDate=2026-07-09&endDate=2026-08-07');
    const daily = month.trialConversion.conversionsByDay.reduce((n, d) => n + d.conversions, 0);
    expect(daily).toBe(month.trialConversion.convertedUsers);
    expect(daily).toBe(1);
  });

  it('refuses an inverted range', async () => {
    await expect(billing.internal.get('/internal/analytics/dashboard?startDate=2026-10-31&endDate=2026-10-01')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a range that starts in the future, and reads a range that ends in the future up to now', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect(billing.internal.get(`/internal/analytics/dashboard?startDate=${tomorrow}`)).rejects.toMatchObject({ status: 400, message: 'startDate must not be in the future' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await expect(billing.internal.get(`/internal/analytics/dashboard?startDate=${later}`)).rejects.toMatchObject({ status: 400, message: 'startDate must not be in the future' });
    const before = Date.now();
    const { range } = await billing.internal.get<{ range: { startDate: string; endDate: string } }>('/internal/analytics/dashboard?endDate=9999-12-31');
    expect(Date.parse(range.endDate)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(range.endDate)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(Date.parse(range.endDate) - Date.parse(range.startDate)).toBeLessThanOrEqual(31 * 86_400_000);
  });
});
