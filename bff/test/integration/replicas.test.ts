// A service with several replicas behind the BFF: a request a replica refuses (it is stopping, restarting or
// not started) is sent to another one, body and all, once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, deadUrl, serviceUrlEnv, startTokenIssuer, startUpstream, uniqueName, type Upstream } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let bff: string;
let member: string;
let collection: Upstream;

beforeAll(async () => {
  const issuer = await startTokenIssuer(cleanups);
  collection = await startUpstream('collection', cleanups);
  const started = await startBff({
    stack,
    prefix: uniqueName('bff_replicas'),
    cleanups,
    env: {
      // Collection's first replica is down: nothing listens there.
      ...serviceUrlEnv({ collection: `${await deadUrl()},${collection.url}` }, await deadUrl()),
      AUTH_JWKS_URL: issuer.jwksUrl,
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_KEY_PREFIX: uniqueName('rl'),
    },
  });
  bff = started.url;
  member = await issuer.mint({ id: uniqueName('member') });
});
afterAll(() => cleanups.run());

describe('several replicas of a service', () => {
  it('sends a write the first replica refused to the next one, with its body, exactly once', async () => {
    const before = collection.received.length;
    for (let i = 0; i < 6; i++) {
      const body = JSON.stringify({ name: `Pair ${i}`, size: 10 });
      const response = await fetch(`${bff}/api/collections`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(200);
      // Between tries, the refusing replica's time out runs down: each write meets it again.
      await new Promise((resolve) => setTimeout(resolve, i === 2 ? 2_100 : 0));
    }
    const seen = collection.received.slice(before);
    expect(seen.map((r) => r.body.toString())).toEqual(Array.from({ length: 6 }, (_, i) => JSON.stringify({ name: `Pair ${i}`, size: 10 })));
  });
});
