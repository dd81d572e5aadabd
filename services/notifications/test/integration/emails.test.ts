import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, EventKey } from '@kicksight/contracts';
import { uniqueName, waitFor } from '@kicksight/testkit';
import { WEB_URL, emailStatus, linkIn, mailTo, mailsWith, registerMember, settle, startNotificationsStack, type NotificationsStack } from './notifications-stack.ts';

let stack: NotificationsStack;
beforeAll(async () => {
  stack = await startNotificationsStack({ env: { DIGEST_HOUR_UTC: '0' } });
});
afterAll(() => stack?.close());

const DAY = 24 * 60 * 60 * 1000;
const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/run-job.ts', import.meta.url));
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Waits for the one email with `subject`, checks its recipient and its link into the web app, and answers it. */
async function expectOneEmail(to: string, subject: string, path: string) {
  const [mail] = await waitFor(async () => {
    const found = await mailsWith(to, subject);
    return found.length > 0 ? found : undefined;
  }, { timeoutMs: 20_000, message: `"${subject}" to ${to}` });
  expect(mail!.to.map((t) => t.address)).toEqual([to]);
  expect(linkIn(mail!.text, path)).toBeDefined();
  expect(mail!.html).toContain(`href="${WEB_URL}${path}`);
  return mail!;
}

type Topic = Parameters<typeof settle>[1];
interface Trigger {
  name: string;
  topic: Topic;
  event: (userId: string) => [EventKey, Record<string, unknown>];
  subject: string;
  path: string;
}

const sneakerId = randomBytes(12).toString('hex');
const triggers: Trigger[] = [
  { name: 'subscription.started sends the confirmation', topic: 'membership', event: (userId) => ['subscription.started@1', { userId, tier: 'premium', status: 'active', periodEnd: inDays(30), cancelAtPeriodEnd: false }], subject: 'You are on Kicksight Pro', path: '/admin/membership' },
  { name: 'payment.failed sends the payment-failed email', topic: 'membership', event: (userId) => ['payment.failed@1', { userId, invoiceId: randomUUID(), amount: 999, currency: 'usd' }], subject: 'Your Kicksight payment did not go through', path: '/admin/membership' },
  { name: 'subscription.canceled sends the cancellation', topic: 'membership', event: (userId) => ['subscription.canceled@1', { userId, tier: 'unlimited', status: 'active', periodEnd: inDays(10), cancelAtPeriodEnd: true }], subject: 'Your Kicksight Expert membership is cancelled', path: '/admin/membership' },
  {
    name: 'subscription.cancel_scheduled sends the date access ends',
    topic: 'membership',
    event: (userId) => ['subscription.cancel_scheduled@1', { userId, tier: 'premium', accessUntil: '2026-12-24T10:00:00.000Z' }],
    subject: 'Your Kicksight Pro membership ends on December 24, 2026',
    path: '/admin/upgrade',
  },
  {
    name: 'subscription.plan_changed sends the plan change with its amounts',
    topic: 'membership',
    event: (userId) => [
      'subscription.plan_changed@1',
      {
        userId,
        fromTier: 'premium',
        fromBillingCycle: 'yearly',
        tier: 'unlimited',
        billingCycle: 'monthly',
        amountDue: 1178,
        lines: [
          { description: 'Unused time on Pro (yearly) after Oct 25, 2027', amount: -821 },
          { description: 'Expert (monthly) from Oct 25, 2027 to Nov 25, 2027', amount: 1999 },
        ],
        nextBillingDate: '2027-11-25T10:00:00.000Z',
        nextBillingAmount: 1999,
      },
    ],
    subject: 'Your Kicksight plan is now Expert (monthly)',
    path: '/admin/membership',
  },
  { name: 'subscription.trial_expired sends the upgrade invitation', topic: 'membership', event: (userId) => ['subscription.trial_expired@1', { userId }], subject: 'Your Kicksight trial has ended', path: '/admin/upgrade' },
  { name: 'usage.threshold at 80 sends the usage warning', topic: 'usage', event: (userId) => ['usage.threshold@1', { userId, action: 'search', used: 8, limit: 10, level: 80 }], subject: 'You have used 8 of 10 searches', path: '/admin/upgrade' },
  { name: 'usage.threshold at 100 sends the limit-reached email', topic: 'usage', event: (userId) => ['usage.threshold@1', { userId, action: 'product_view', used: 5, limit: 5, level: 100 }], subject: 'You have reached your limit of 5 product views', path: '/admin/upgrade' },
  {
    name: 'alert.triggered sends the price alert',
    topic: 'collection',
    event: (userId) => ['alert.triggered@1', { userId, alertId: randomUUID(), sneakerId, size: 10, targetPrice: 40_000, price: 39_500, direction: 'below', sneakerName: 'Air Jordan 1 Chicago' }],
    subject: 'Price alert: Air Jordan 1 Chicago is below $400',
    path: `/admin/product/${sneakerId}`,
  },
];

describe('emails triggered by events', () => {
  it('tells a member what a plan change cost, line by line, and the next bill', async () => {
    const member = await registerMember(stack);
    const trigger = triggers.find((t) => t.event(member.id)[0] === 'subscription.plan_changed@1')!;
    const [key, data] = trigger.event(member.id);
    await stack.send(await stack.publish(key, data as EventData<typeof key>));
    const mail = await expectOneEmail(member.email, trigger.subject, trigger.path);
    expect(mail.text).toContain('you moved from Pro (yearly) to Expert (monthly)');
    expect(mail.text).toContain('- Unused time on Pro (yearly) after Oct 25, 2027: −$8.21');
    expect(mail.text).toContain('- Expert (monthly) from Oct 25, 2027 to Nov 25, 2027: $19.99');
    expect(mail.text).toContain('Charged today: $11.78');
    expect(mail.text).toContain('Your next bill is $19.99 on November 25, 2027.');
    expect(mail.html).toContain('−$8.21');
  });

  it('user.registered sends one welcome email, also when the event comes twice and the member registers again', async () => {
    const member = await registerMember(stack, 'Ana Collector');
    const first = await expectOneEmail(member.email, 'Welcome to Kicksight, Ana Collector', '/admin/collection');
    expect(first.text).toContain('Hi Ana Collector,');
    const again = await stack.publish('user.registered@1', { userId: member.id, email: member.email, name: 'Ana Collector', role: 'member', createdAt: new Date().toISOString() });
    await stack.send(again);
    await settle(stack, 'user', member.id);
    expect(await mailsWith(member.email, 'Welcome to Kicksight, Ana Collector')).toHaveLength(1);
  });

  it.each(triggers)('$name: exactly one email with its recipient, subject and link, also when the event comes twice', async ({ topic, event, subject, path }) => {
    const member = await registerMember(stack);
    const [key, data] = event(member.id);
    const envelope = await stack.publish(key, data as EventData<typeof key>);
    await stack.send(envelope);
    await expectOneEmail(member.email, subject, path);
    await settle(stack, topic, member.id);
    expect(await mailsWith(member.email, subject)).toHaveLength(1);
    expect(await statusesBesidesWelcome(member.id)).toEqual(['sent']);
  });

  it('user.password_reset_requested sends the reset email with its working link, to the address the request names', async () => {
    const userId = randomUUID();
    const email = `${uniqueName('reset')}@example.com`;
    const token = randomBytes(16).toString('hex');
    const envelope = await stack.publish('user.password_reset_requested@1', { userId, email, name: 'Ben', resetUrl: `${WEB_URL}/reset-password?token=${token}`, expiresAt: inDays(1 / 24) });
    await stack.send(envelope);
    const mail = await expectOneEmail(email, 'Reset your Kicksight password', `/reset-password?token=${token}`);
    expect(linkIn(mail.text, '/reset-password?token=')).toBe(`${WEB_URL}/reset-password?token=${token}`);
    await settle(stack, 'password-reset', userId);
    expect(await mailsWith(email, 'Reset your Kicksight password')).toHaveLength(1);
    const { rows } = await stack.pool.query('SELECT status, payload, to_address FROM sent_email WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ status: 'sent', payload: {}, to_address: null }]);
  });

  it('an email change sends the confirmation link to the new address and tells the previous one, with its undo link', async () => {
    const userId = randomUUID();
    const [previous, next] = [`${uniqueName('before')}@example.com`, `${uniqueName('after')}@example.com`];
    const [confirmToken, undoToken] = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
    const requested = await stack.publish('user.email_change_requested@1', { userId, name: 'Ben', email: next, currentEmail: previous, confirmUrl: `${WEB_URL}/confirm-email?token=${confirmToken}`, expiresAt: inDays(1) });
    await stack.send(requested);
    const confirm = await expectOneEmail(next, 'Confirm your new Kicksight email', `/confirm-email?token=${confirmToken}`);
    expect(confirm.text).toContain(`instead of ${previous}`);
    const changed = await stack.publish('user.email_changed@1', { userId, name: 'Ben', previousEmail: previous, email: next, undoUrl: `${WEB_URL}/undo-email-change?token=${undoToken}`, undoExpiresAt: inDays(7) });
    await stack.send(changed);
    const told = await expectOneEmail(previous, 'Your Kicksight email was changed', `/undo-email-change?token=${undoToken}`);
    expect(linkIn(told.text, '/undo-email-change?token=')).toBe(`${WEB_URL}/undo-email-change?token=${undoToken}`);
    await settle(stack, 'password-reset', userId);
    expect(await mailsWith(previous, 'Confirm your new Kicksight email')).toHaveLength(0);
    expect(await mailsWith(next, 'Your Kicksight email was changed')).toHaveLength(0);
  });

  it('alert.triggered also creates one in-app notification for the member, naming the crossing', async () => {
    const member = await registerMember(stack);
    const envelope = await stack.publish('alert.triggered@1', { userId: member.id, alertId: randomUUID(), sneakerId, size: null, targetPrice: 20_000, price: 21_000, direction: 'above', sneakerName: 'Dunk Low Panda' });
    await stack.send(envelope);
    await settle(stack, 'collection', member.id);
    const { body } = await stack.api.get('/api/notifications', member.token);
    expect(body.data.notifications).toHaveLength(1);
    expect(body.data.notifications[0]).toMatchObject({ type: 'price_alert', title: 'Price alert: Dunk Low Panda', message: 'The lowest price rose to $210, above your $200 alert.', link: `/admin/product/${sneakerId}`, sneakerId, read: false });
  });

  it('sends the price-alert email but no in-app notice to a member who turned those notices off', async () => {
    const member = await registerMember(stack);
    const envelope = await stack.publish('alert.triggered@1', { userId: member.id, alertId: randomUUID(), sneakerId, size: 10, targetPrice: 40_000, price: 39_500, direction: 'below', sneakerName: 'Air Jordan 1 Chicago', notifyInApp: false });
    await stack.send(envelope);
    await expectOneEmail(member.email, 'Price alert: Air Jordan 1 Chicago is below $400', `/admin/product/${sneakerId}`);
    await settle(stack, 'collection', member.id);
    expect((await stack.api.get('/api/notifications', member.token)).body.data.notifications).toEqual([]);
  });

  it("says a sized alert's fall in its notification", async () => {
    const member = await registerMember(stack);
    const envelope = await stack.publish('alert.triggered@1', { userId: member.id, alertId: randomUUID(), sneakerId, size: 10, targetPrice: 34_000, price: 33_900, direction: 'below', sneakerName: 'Air Jordan 1 Chicago' });
    await stack.send(envelope);
    await settle(stack, 'collection', member.id);
    const { body } = await stack.api.get('/api/notifications', member.token);
    expect(body.data.notifications[0]).toMatchObject({ title: 'Price alert: Air Jordan 1 Chicago', message: 'US 10 fell to $339, below your $340 alert.' });
  });
});

/** The statuses of a member's logged emails other than the welcome. */
async function statusesBesidesWelcome(userId: string): Promise<string[]> {
  const { rows } = await stack.pool.query<{ status: string }>(`SELECT status FROM sent_email WHERE user_id = $1 AND template <> 'welcome'`, [userId]);
  return rows.map((r) => r.status);
}

describe('email preferences', () => {
  it('sends an opted-out member no marketing email, but still the transactional ones', async () => {
    const member = await registerMember(stack, 'Cleo Quiet');
    await mailTo(member.email);
    await stack.publish('user.updated@1', { userId: member.id, email: member.email, name: 'Cleo Quiet', emailNotifications: false });
    await settle(stack, 'user', member.id);
    await stack.publish('subscription.started@1', { userId: member.id, tier: 'premium', status: 'active', periodEnd: inDays(30), cancelAtPeriodEnd: false });
    await stack.publish('usage.threshold@1', { userId: member.id, action: 'search', used: 8, limit: 10, level: 80 });
    await stack.publish('payment.failed@1', { userId: member.id, invoiceId: randomUUID(), amount: 1999, currency: 'usd' });
    await expectOneEmail(member.email, 'Your Kicksight payment did not go through', '/admin/membership');
    await settle(stack, 'membership', member.id);
    await settle(stack, 'usage', member.id);
    const subjects = (await mailTo(member.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Welcome to Kicksight, Cleo Quiet', 'Your Kicksight payment did not go through']);
    expect(await emailStatus(stack.pool, member.id, 'subscription-confirmation')).toBe('skipped');
    expect(await emailStatus(stack.pool, member.id, 'usage-limit-warning')).toBe('skipped');
  });
});

describe('scheduled emails', () => {
  it('warns a trial one day before it ends, once', async () => {
    const member = await registerMember(stack);
    const trialEndsAt = inDays(3);
    await stack.publish('subscription.trial_started@1', { userId: member.id, trialEndsAt });
    await settle(stack, 'membership', member.id);
    const jobs = stack.app.jobs;
    await jobs['trial-warnings'].run();
    await settle(stack, 'membership', member.id);
    expect(await emailStatus(stack.pool, member.id, 'trial-expiration-warning')).toBeUndefined();
    stack.service.clock.advance(2.5 * DAY);
    try {
      expect(await jobs['trial-warnings'].run()).toBeGreaterThanOrEqual(1);
      expect(await jobs['trial-warnings'].run()).toBe(0);
    } finally {
      stack.service.clock.reset();
    }
    const subject = `Your Kicksight trial ends ${new Date(trialEndsAt).toLocaleString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`;
    await expectOneEmail(member.email, subject, '/admin/upgrade');
    await settle(stack, 'membership', member.id);
    expect(await mailsWith(member.email, subject)).toHaveLength(1);
  });

  it('writes to a member 7 days after their last activity, once', async () => {
    const member = await registerMember(stack);
    await stack.publish('user.active@1', { userId: member.id, day: new Date().toISOString().slice(0, 10) });
    await settle(stack, 'user', member.id);
    stack.service.clock.advance(6 * DAY);
    try {
      await stack.app.jobs.reengagement.run();
      expect(await emailStatus(stack.pool, member.id, 'reengagement-7days')).toBeUndefined();
      stack.service.clock.advance(DAY);
      await stack.app.jobs.reengagement.run();
      await stack.app.jobs.reengagement.run();
    } finally {
      stack.service.clock.reset();
    }
    await expectOneEmail(member.email, 'Your collection has moved since you were last here', '/admin/collection');
    await settle(stack, 'user', member.id);
    expect(await mailsWith(member.email, 'Your collection has moved since you were last here')).toHaveLength(1);
  });

  it('runs a scheduled job for a given moment from the command line', async () => {
    const member = await registerMember(stack);
    const trialEndsAt = inDays(10);
    await stack.publish('subscription.trial_started@1', { userId: member.id, trialEndsAt });
    await settle(stack, 'membership', member.id);
    const at = new Date(Date.parse(trialEndsAt) - 6 * 60 * 60 * 1000).toISOString();
    const env = { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', DATABASE_URL: stack.service.databaseUrl!, REDIS_URL: stack.config.REDIS_URL, QUEUE_PREFIX: stack.config.QUEUE_PREFIX, SERVICE_TOKEN: stack.config.SERVICE_TOKEN };
    const { stdout } = await run(process.execPath, [CLI, 'trial-warnings', '--at', at], { env });
    expect(stdout).toMatch(new RegExp(`^trial-warnings: [1-9]\\d* email\\(s\\) queued \\(the email workers send them\\) as of ${at.replace(/[.]/g, '\\.')}`));
    await expectOneEmail(member.email, `Your Kicksight trial ends ${new Date(trialEndsAt).toLocaleString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`, '/admin/upgrade');
    await expect(run(process.execPath, [CLI, 'nope'], { env })).rejects.toThrow(/usage: run-job.ts/);
  });

  it('sends the daily digest once a day with the market movers and the member’s collection value', async () => {
    const member = await registerMember(stack);
    await mailTo(member.email);
    const mover = (name: string, change: number) => ({ id: randomBytes(12).toString('hex'), name, brand: 'Nike', colorway: 'Default', sku: null, imageUrl: null, retailPrice: 11_000, currentPrice: 30_000, lowestPrice: null, highestPrice: null, priceChange24h: change, releaseDate: null, availableSizes: [], premiumPercent: null, marketStatus: { label: 'Hot', color: 'green', description: '' }, trending: true, lastSaleAt: null });
    stack.market.trending = [mover('Rising Runner', 2_500), mover('Falling Flyer', -1_200)];
    stack.market.valuations.set(member.id, { itemCount: 3, totalValue: 123_400, change: 2_100, changePercent: 1.7 });
    await stack.app.jobs['daily-digest'].run();
    await stack.app.jobs['daily-digest'].run();
    const subject = `Your Kicksight digest for ${new Date().toISOString().slice(0, 10)}`;
    const mail = await expectOneEmail(member.email, subject, '/admin/dashboard');
    expect(mail.text).toContain('Collection value: $1,234 (+$21, +1.7% since yesterday; 3 pairs)');
    expect(mail.text).toContain('- Rising Runner (Nike): $300, +$25 in 24 h');
    expect(mail.text).toContain('- Falling Flyer (Nike): $300, −$12 in 24 h');
    await settle(stack, 'user', member.id);
    expect(await mailsWith(member.email, subject)).toHaveLength(1);
  });

  it('sends "your reselling month" once to a member with sales last month, and none to a member without sales or one who turned it off', async () => {
    const [seller, idle, optedOut] = [await registerMember(stack, 'Sam Seller'), await registerMember(stack), await registerMember(stack)];
    await Promise.all([seller, idle, optedOut].map((m) => mailTo(m.email)));
    const start = new Date();
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
    const key = month.toISOString().slice(0, 7);
    // Collection answers the members with sales in the month who keep the email on: not the idle member, not the one who turned it off.
    stack.market.monthlySales.set(key, [{ userId: seller.id, sales: 3, revenue: 90_000, netProceeds: 79_200, realisedGain: 18_420, incomplete: 1 }]);
    await stack.app.jobs['reselling-month'].run();
    await stack.app.jobs['reselling-month'].run();
    const label = month.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    const subject = `Your reselling month: ${label}`;
    const mail = await expectOneEmail(seller.email, subject, '/admin/sales');
    expect(mail.text).toContain('Sales: 3 pairs');
    expect(mail.text).toContain('Net proceeds: $792');
    expect(mail.text).toContain('Realised gain: +$184');
    expect(mail.text).toContain('1 sale still without a cost basis');
    await settle(stack, 'user', seller.id);
    expect(await mailsWith(seller.email, subject)).toHaveLength(1);
    for (const member of [idle, optedOut]) {
      expect(await mailsWith(member.email, subject)).toHaveLength(0);
      expect(await emailStatus(stack.pool, member.id, 'reselling-month')).toBeUndefined();
    }
  });
});
