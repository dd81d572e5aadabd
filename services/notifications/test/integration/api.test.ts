import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTED_EMAIL_TEMPLATES } from '@kicksight/contracts';
import { uniqueName, waitFor } from '@kicksight/testkit';
import { catcher, registerMember, settle, startNotificationsStack, type NotificationsStack } from './notifications-stack.ts';

let stack: NotificationsStack;
beforeAll(async () => {
  stack = await startNotificationsStack();
});
afterAll(() => stack?.close());

const notify = (userId: string, title: string) => stack.app.notifications.create({ userId, type: 'price_alert', title, message: `${title} message`, link: '/admin/collection' });

describe('in-app notifications', () => {
  it('lists the member’s own notifications, newest first, with the unread count and pages', async () => {
    const ana = await registerMember(stack);
    const ben = await registerMember(stack);
    for (const title of ['first', 'second', 'third']) await notify(ana.id, title);
    await notify(ben.id, 'for ben');
    const { status, body } = await stack.api.get('/api/notifications?limit=2', ana.token);
    expect(status).toBe(200);
    expect(body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['third', 'second']);
    expect(body.data.unreadCount).toBe(3);
    expect(body.data.pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2, hasNextPage: true });
    const page2 = await stack.api.get('/api/notifications?limit=2&page=2', ana.token);
    expect(page2.body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['first']);
  });

  it('marks one read, then all read, and deletes, each only for its owner', async () => {
    const ana = await registerMember(stack);
    const ben = await registerMember(stack);
    const one = await notify(ana.id, 'one');
    await notify(ana.id, 'two');
    expect((await stack.api.put(`/api/notifications/${one.id}/read`, undefined, ben.token)).status).toBe(404);
    expect((await stack.api.delete(`/api/notifications/${one.id}`, undefined, ben.token)).status).toBe(404);

    const read = await stack.api.put(`/api/notifications/${one.id}/read`, undefined, ana.token);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: one.id, read: true });
    expect((await stack.api.get('/api/notifications?unreadOnly=true', ana.token)).body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['two']);

    const all = await stack.api.put('/api/notifications/read-all', undefined, ana.token);
    expect(all.body.data).toEqual({ updated: 1, unreadCount: 0 });

    expect((await stack.api.delete(`/api/notifications/${one.id}`, undefined, ana.token)).status).toBe(200);
    expect((await stack.api.delete(`/api/notifications/${one.id}`, undefined, ana.token)).status).toBe(404);
    expect((await stack.api.get('/api/notifications', ana.token)).body.data.pagination.total).toBe(1);
  });

  it('answers 401 without a token and 400 or 404 for bad input', async () => {
    const ana = await registerMember(stack);
    expect((await stack.api.get('/api/notifications')).status).toBe(401);
    const bad = await stack.api.get('/api/notifications?limit=500', ana.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'limit must be at most 100', code: 'VALIDATION_ERROR' });
    expect((await stack.api.put('/api/notifications/not-an-id/read', undefined, ana.token)).status).toBe(404);
  });

  it('erases the member’s notifications and unlinks their feedback when the account is deleted', async () => {
    const ana = await registerMember(stack);
    await notify(ana.id, 'to be erased');
    expect((await stack.api.post('/api/feedback', { message: 'Love the charts' }, ana.token)).status).toBe(201);
    await stack.publish('user.deleted@1', { userId: ana.id });
    await settle(stack, 'user', randomUUID());
    expect((await stack.pool.query('SELECT 1 FROM notification WHERE user_id = $1', [ana.id])).rowCount).toBe(0);
    const { rows } = await stack.pool.query<{ user_id: string | null }>(`SELECT user_id FROM feedback WHERE message = 'Love the charts'`);
    expect(rows.map((r) => r.user_id)).toEqual([null]);
    expect((await stack.pool.query('SELECT email FROM recipient WHERE user_id = $1', [ana.id])).rows).toEqual([{ email: null }]);
  });
});

describe('feedback', () => {
  it('takes feedback from a member, linked to them, and lists their own ten at a time', async () => {
    const ana = await registerMember(stack);
    const sent = await stack.api.post('/api/feedback', { message: '  Great app  ', userId: 'someone-else' }, ana.token);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ message: 'Great app', userId: ana.id, email: null });
    const mine = await stack.api.get('/api/feedback/user', ana.token);
    expect(mine.body.data.feedback.map((f: { message: string }) => f.message)).toEqual(['Great app']);
    expect(mine.body.data.pagination).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect((await stack.api.get('/api/feedback/user')).status).toBe(401);
  });

  it('takes feedback from a visitor with an optional email, and refuses a blank message', async () => {
    const email = `${uniqueName('visitor')}@example.com`;
    const sent = await stack.api.post('/api/feedback', { message: 'Found a typo', email });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ userId: null, email });
    const blank = await stack.api.post('/api/feedback', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Please enter your feedback', code: 'VALIDATION_ERROR' });
    expect((await stack.api.post('/api/feedback', {})).body.message).toBe('Please enter your feedback');
    expect((await stack.api.post('/api/feedback', { message: 'x'.repeat(5_001) })).status).toBe(400);
    expect((await stack.api.post('/api/feedback', { message: 'hi', email: 'not-an-email' })).status).toBe(400);
  });

  it('limits how much feedback one member sends', async () => {
    const ana = await registerMember(stack);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await stack.api.post('/api/feedback', { message: `note ${i}` }, ana.token)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('email tests (administrators)', () => {
  it('sends every tested template with sample data and answers the summary', async () => {
    const to = `${uniqueName('admin')}@example.com`;
    const admin = await stack.issuer.mint({ id: randomUUID(), email: to, role: 'admin' });
    const { status, body } = await stack.api.post('/api/email-test/test-all-templates', undefined, admin);
    expect(status).toBe(200);
    expect(body.data.summary).toEqual({ success: 10, failed: 0 });
    expect(body.data.results.map((r: { template: string }) => r.template)).toEqual([...TESTED_EMAIL_TEMPLATES]);
    expect(body.data.message).toBe(`Sent 10 test templates to ${to}`);
    await waitFor(async () => (await catcher().to(to)).length === 10, { message: 'ten test emails' });
  });

  it('sends one template by name, 404 for an unknown one, 403 for members', async () => {
    const to = `${uniqueName('admin')}@example.com`;
    const admin = await stack.issuer.mint({ id: randomUUID(), role: 'admin' });
    const one = await stack.api.post('/api/email-test/test-template/password-reset', { email: to }, admin);
    expect(one.body.data).toEqual({ message: `Sent 1 test template to ${to}`, summary: { success: 1, failed: 0 }, results: [{ template: 'password-reset', status: 'success', error: null }] });
    const [mail] = await waitFor(async () => {
      const found = await catcher().to(to);
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.subject).toBe('Reset your Kicksight password');
    expect((await stack.api.post('/api/email-test/test-template/nope', undefined, admin)).status).toBe(404);
    const member = await registerMember(stack);
    expect((await stack.api.post('/api/email-test/test-all-templates', undefined, member.token)).status).toBe(403);
  });
});

describe('daily digest', () => {
  it('answers the member’s digest and market movers, and refuses another member’s', async () => {
    const ana = await registerMember(stack);
    const ben = await registerMember(stack);
    stack.market.valuations.set(ana.id, { itemCount: 2, totalValue: 50_000, change: -1_000, changePercent: -2 });
    stack.market.trending = [{ id: 'a'.repeat(24), name: 'Gainer', brand: 'Nike', imageUrl: null, currentPrice: 20_000, priceChange24h: 1_000, marketStatus: { label: 'Hot', color: 'green', description: '' } }];
    const market = await stack.api.get('/api/daily-digest/market', ana.token);
    expect(market.status).toBe(200);
    expect(market.body.data.collection).toMatchObject({ itemCount: 2, totalValue: 50_000, change: -1_000, changePercent: -2 });
    expect(market.body.data.market.gainers.map((g: { name: string }) => g.name)).toEqual(['Gainer']);
    expect((await stack.api.get(`/api/daily-digest/${ana.id}`, ana.token)).body.data.userId).toBe(ana.id);
    expect((await stack.api.get(`/api/daily-digest/${ana.id}`, ben.token)).status).toBe(403);
  });
});
