import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, systemClock, type EventProducer } from '@kicksight/platform';
import { Cleanups, captureLogger, createTestTopics, openEventStream, serviceUrlEnv, startTokenIssuer, startUpstream, testKafka, uniqueName, waitFor, type TokenIssuer } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const streams: { close: () => Promise<void> }[] = [];
const capture = captureLogger();
let issuer: TokenIssuer;
let producer: EventProducer;
let pod1: string;
let pod2: string;

beforeAll(async () => {
  const kafka = testKafka(stack.kafkaBrokers);
  const topics = await createTestTopics(kafka, 'bff_events');
  cleanups.add(topics.drop);
  producer = createEventProducer(kafka, { prefix: topics.prefix });
  await producer.connect();
  cleanups.add(() => producer.disconnect());
  issuer = await startTokenIssuer(cleanups);
  const upstream = await startUpstream('any', cleanups);
  const env = { ...serviceUrlEnv({}, upstream.url), AUTH_JWKS_URL: issuer.jwksUrl, SSE_HEARTBEAT_MS: '300', RATE_LIMIT_KEY_PREFIX: uniqueName('rl') };
  // Two pods of one deployment: the same Redis, the same consumer groups.
  [pod1, pod2] = await Promise.all([
    startBff({ stack, prefix: topics.prefix, cleanups, env, start: true, logger: capture.logger }).then((b) => b.url),
    startBff({ stack, prefix: topics.prefix, cleanups, env, start: true }).then((b) => b.url),
  ]);
}, 120_000);

afterAll(async () => {
  for (const stream of streams) await stream.close();
  await cleanups.run();
});

async function connect(pod: string, token: string, via: 'query' | 'header' = 'query') {
  const stream =
    via === 'query' ? await openEventStream(`${pod}/api/events?token=${encodeURIComponent(token)}`) : await openEventStream(`${pod}/api/events`, { authorization: `Bearer ${token}` });
  streams.push(stream);
  expect(stream.response.status).toBe(200);
  await waitFor(() => stream.frames.some((f) => f.comments.includes('connected')), { message: 'the stream to open' });
  return stream;
}

const notification = (userId: string, title: string) =>
  newEvent('notification.created@1', { userId, notificationId: uniqueName('n'), type: 'price_alert', title, message: `${title} body` }, { clock: systemClock });

describe('GET /api/events', () => {
  it('delivers a user’s events to their stream on whichever pod holds it, and to nobody else', async () => {
    const a = uniqueName('ana');
    const b = uniqueName('ben');
    const streamA = await connect(pod2, await issuer.mint({ id: a }));
    const streamB = await connect(pod1, await issuer.mint({ id: b }), 'header');
    expect(streamA.response.headers.get('content-type')).toContain('text/event-stream');
    expect(streamA.response.headers.get('cache-control')).toContain('no-cache');
    expect(streamA.response.headers.get('x-accel-buffering')).toBe('no');

    const forA = notification(a, 'For Ana');
    await producer.send([{ key: a, envelope: forA }]);
    const frame = await waitFor(() => streamA.frames.find((f) => f.id === forA.id), { timeoutMs: 20_000, message: 'A’s notification' });
    expect(frame.event).toBe('notification');
    expect(JSON.parse(frame.data!)).toEqual({ type: 'notification.created', occurredAt: forA.occurredAt, data: forA.data });

    // B's own event arrives after A's (one partition, in order): once B has it, A's would have come too.
    const forB = newEvent('subscription.started@1', { userId: b, tier: 'premium', status: 'active', periodEnd: null, cancelAtPeriodEnd: false }, { clock: systemClock });
    await producer.send([{ key: b, envelope: forB }]);
    const membership = await waitFor(() => streamB.frames.find((f) => f.id === forB.id), { timeoutMs: 20_000, message: 'B’s membership event' });
    expect(membership.event).toBe('membership');
    expect(streamB.frames.some((f) => f.id === forA.id)).toBe(false);
    expect(streamA.frames.some((f) => f.id === forB.id)).toBe(false);
  });

  it('delivers to every stream of a user, on both pods', async () => {
    const c = uniqueName('cho');
    const token = await issuer.mint({ id: c });
    const [on1, on2] = [await connect(pod1, token), await connect(pod2, token)];
    const usage = newEvent('usage.threshold@1', { userId: c, action: 'search', used: 8, limit: 10, level: 80 }, { clock: systemClock });
    await producer.send([{ key: c, envelope: usage }]);
    for (const stream of [on1, on2]) {
      const frame = await waitFor(() => stream.frames.find((f) => f.id === usage.id), { timeoutMs: 20_000, message: 'the usage event' });
      expect(frame.event).toBe('usage');
    }
  });

  it('sends heartbeats', async () => {
    const stream = await connect(pod1, await issuer.mint({ id: uniqueName('dan') }));
    await waitFor(() => stream.frames.some((f) => f.comments.includes('heartbeat')), { message: 'a heartbeat' });
  });

  it('tells the client to sign in again when the token expires, then closes, and never logs the token', async () => {
    const token = await issuer.mint({ id: uniqueName('eve') }, { expiresIn: '2s' });
    const stream = await connect(pod1, token);
    const frame = await waitFor(() => stream.frames.find((f) => f.event === 'reauth'), { timeoutMs: 10_000, message: 'a reauth event' });
    expect(JSON.parse(frame.data!)).toEqual({ reason: 'token_expired' });
    await waitFor(() => stream.ended, { message: 'the stream to close' });

    const logged = await waitFor(() => capture.lines().find((line) => line.includes('/api/events?token=')), { message: 'the request log line' });
    expect(logged).toContain('token=[redacted]');
    expect(capture.lines().join('\n')).not.toContain(token);
  });

  it('closes a stream whose sign-in ends while it is open, telling the client to sign in again, and keeps the other sign-ins’ streams', async () => {
    const userId = uniqueName('gil');
    const [endedSession, otherSession] = [uniqueName('session'), uniqueName('session')];
    const ending = await connect(pod1, await issuer.mint({ id: userId, sessionId: endedSession }));
    const staying = await connect(pod2, await issuer.mint({ id: userId, sessionId: otherSession }));

    await producer.send([{ key: userId, envelope: newEvent('user.signed_out@1', { userId, sessionId: endedSession }, { clock: systemClock }) }]);
    const frame = await waitFor(() => ending.frames.find((f) => f.event === 'reauth'), { timeoutMs: 20_000, message: 'a reauth event on the signed-out stream' });
    expect(JSON.parse(frame.data!)).toEqual({ reason: 'session_ended' });
    await waitFor(() => ending.ended, { message: 'the signed-out stream to close' });

    const after = notification(userId, 'After sign-out');
    await producer.send([{ key: userId, envelope: after }]);
    await waitFor(() => staying.frames.find((f) => f.id === after.id), { timeoutMs: 20_000, message: 'the notification on the other sign-in’s stream' });
    expect(ending.frames.some((f) => f.id === after.id)).toBe(false);
    expect(staying.ended).toBe(false);
  });

  it('refuses a stream without a valid token', async () => {
    expect((await fetch(`${pod1}/api/events`)).status).toBe(401);
    expect((await fetch(`${pod1}/api/events?token=nope`)).status).toBe(401);
    // Only the event stream accepts a token in the query string.
    expect((await fetch(`${pod1}/api/collections?token=${await issuer.mint({ id: uniqueName('fay') })}`)).status).toBe(401);
  });
});
