import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonClient, openEventStream, waitFor } from '@kicksight/testkit';
import { registerMember, startNotificationsStack, type NotificationsStack } from './notifications-stack.ts';

let stack: NotificationsStack;
const streams: { close: () => Promise<void> }[] = [];
beforeAll(async () => {
  stack = await startNotificationsStack({ bff: true });
});
afterAll(async () => {
  for (const stream of streams) await stream.close();
  await stack?.close();
});

async function openStream(token: string) {
  const stream = await openEventStream(`${stack.bffUrl}/api/events?token=${encodeURIComponent(token)}`);
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await waitFor(() => stream.frames.some((f) => f.comments.includes('connected')), { message: 'the stream to open' });
  return stream;
}

type Stream = Awaited<ReturnType<typeof openStream>>;
const notificationFrame = (stream: Stream, notificationId: string) =>
  stream.frames.find((f) => f.event === 'notification' && (JSON.parse(f.data ?? '{}') as { data?: { notificationId?: string } }).data?.notificationId === notificationId);

describe('notifications pushed live through the BFF', () => {
  it('reaches the member’s open event stream within a second, and never another member’s', async () => {
    const ana = await registerMember(stack);
    const ben = await registerMember(stack);
    const streamA = await openStream(ana.token);
    const streamB = await openStream(ben.token);

    // The first one also waits for the BFF's consumer to join its group.
    const warmUp = await stack.app.notifications.create({ userId: ana.id, type: 'price_alert', title: 'Warm-up', message: 'Warm-up', link: null });
    await waitFor(() => notificationFrame(streamA, warmUp.id), { timeoutMs: 30_000, message: 'the first notification on A’s stream' });

    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const created = await stack.app.notifications.create({ userId: ana.id, type: 'price_alert', title: `Alert ${i}`, message: `Price moved ${i}`, link: '/admin/collection' });
      const frame = await waitFor(() => notificationFrame(streamA, created.id), { timeoutMs: 1_000, intervalMs: 10, message: `notification ${i} on A’s stream within 1 s` });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(JSON.parse(frame.data!)).toMatchObject({ type: 'notification.created', data: { userId: ana.id, notificationId: created.id, type: 'price_alert', title: `Alert ${i}`, message: `Price moved ${i}` } });
    }

    // B's own notification comes after A's (one partition, in order): once B has it, A's would have come too.
    const forBen = await stack.app.notifications.create({ userId: ben.id, type: 'price_alert', title: 'For Ben', message: 'Ben only', link: null });
    await waitFor(() => notificationFrame(streamB, forBen.id), { timeoutMs: 5_000, message: 'B’s notification' });
    const titlesOnB = streamB.frames.filter((f) => f.event === 'notification').map((f) => (JSON.parse(f.data!) as { data: { title: string } }).data.title);
    expect(titlesOnB).toEqual(['For Ben']);
    expect(notificationFrame(streamA, forBen.id)).toBeUndefined();
  });

  it('pushes the notification a price alert creates, and lists it through the BFF', async () => {
    const ana = await registerMember(stack);
    const stream = await openStream(ana.token);
    const sneakerId = randomBytes(12).toString('hex');
    await stack.publish('alert.triggered@1', { userId: ana.id, alertId: randomUUID(), sneakerId, size: 9.5, targetPrice: 30_000, price: 29_000, direction: 'below', sneakerName: 'Yeezy 350' });
    const frame = await waitFor(() => stream.frames.find((f) => f.event === 'notification'), { timeoutMs: 20_000, message: 'the price-alert notification' });
    const pushed = JSON.parse(frame.data!) as { data: { notificationId: string; title: string } };
    expect(pushed.data.title).toBe('Price alert: Yeezy 350');
    const listed = await jsonClient(stack.bffUrl!).get('/api/notifications', ana.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.notifications.map((n: { id: string }) => n.id)).toEqual([pushed.data.notificationId]);
  });

  it('takes feedback from a visitor through the BFF without a token', async () => {
    const sent = await jsonClient(stack.bffUrl!).post('/api/feedback', { message: 'Hello from a visitor' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ message: 'Hello from a visitor', userId: null });
  });
});
