import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, systemClock, type EventProducer } from '@kicksight/platform';
import { Cleanups, createTestTopics, serviceUrlEnv, startTokenIssuer, startUpstream, testKafka, uniqueName, waitFor } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let bff: string;
let producer: EventProducer;
let mint: (id: string, sessionId?: string) => Promise<string>;
let startPod: () => Promise<string>;

beforeAll(async () => {
  const kafka = testKafka(stack.kafkaBrokers);
  const topics = await createTestTopics(kafka, 'bff_denylist');
  cleanups.add(topics.drop);
  producer = createEventProducer(kafka, { prefix: topics.prefix });
  await producer.connect();
  cleanups.add(() => producer.disconnect());
  const issuer = await startTokenIssuer(cleanups);
  mint = (id, sessionId?: string) => issuer.mint({ id, ...(sessionId && { sessionId }) });
  const upstream = await startUpstream('collection', cleanups);
  startPod = async () =>
    (
      await startBff({
        stack,
        prefix: topics.prefix,
        cleanups,
        start: true,
        env: { ...serviceUrlEnv({}, upstream.url), AUTH_JWKS_URL: issuer.jwksUrl, RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
      })
    ).url;
  bff = await startPod();
});

afterAll(() => cleanups.run());

describe('signed-out sign-ins', () => {
  it('refuses the still-valid access tokens of a sign-in once user.signed_out is published, and no other sign-in', async () => {
    const userId = uniqueName('member');
    const [endedSession, otherSession] = [uniqueName('session'), uniqueName('session')];
    const [ended, other] = await Promise.all([mint(userId, endedSession), mint(userId, otherSession)]);
    const get = (t: string) => fetch(`${bff}/api/collections`, { headers: { authorization: `Bearer ${t}` } });
    expect((await get(ended)).status).toBe(200);

    await producer.send([{ key: userId, envelope: newEvent('user.signed_out@1', { userId, sessionId: endedSession }, { clock: systemClock }) }]);

    const refused = await waitFor(async () => {
      const response = await get(ended);
      return response.status === 401 ? response : undefined;
    }, { timeoutMs: 20_000, message: 'the signed-out sign-in to be refused' });
    expect(await refused.json()).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'SESSION_ENDED' });
    expect((await get(other)).status).toBe(200);
  });
});

describe('deleted accounts', () => {
  it('refuses the still-valid token of an account once user.deleted is published', async () => {
    const userId = uniqueName('leaving');
    const stayingId = uniqueName('staying');
    const [token, staying] = await Promise.all([mint(userId), mint(stayingId)]);
    const get = (t: string) => fetch(`${bff}/api/collections`, { headers: { authorization: `Bearer ${t}` } });
    expect((await get(token)).status).toBe(200);

    await producer.send([{ key: userId, envelope: newEvent('user.deleted@1', { userId }, { clock: systemClock }) }]);

    const refused = await waitFor(async () => {
      const response = await get(token);
      return response.status === 401 ? response : undefined;
    }, { timeoutMs: 20_000, message: 'the deleted account to be refused' });
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
    expect((await get(staying)).status).toBe(200);
  });

  it('is known to a pod that starts after the deletion, by the time that pod is ready', async () => {
    const userId = uniqueName('left-earlier');
    const token = await mint(userId);
    await producer.send([{ key: userId, envelope: newEvent('user.deleted@1', { userId }, { clock: systemClock }) }]);
    // The pod already running learns it first, so the event is on the topic before the new pod starts.
    await waitFor(async () => (await fetch(`${bff}/api/collections`, { headers: { authorization: `Bearer ${token}` } })).status === 401, {
      timeoutMs: 20_000,
      message: 'the running pod to refuse the deleted account',
    });

    const late = await startPod();
    const ready = await waitFor(async () => {
      const response = await fetch(`${late}/readyz`);
      return response.status === 200 ? ((await response.json()) as { checks: Record<string, { ok: boolean }> }) : undefined;
    }, { timeoutMs: 20_000, message: 'the new pod to be ready' });
    expect(ready.checks.userEvents).toMatchObject({ ok: true });
    const response = await fetch(`${late}/api/collections`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
  });
});
