// A service with several replicas behind the BFF: a request a replica refuses (it is stopping, restarting or
// not started) is sent to another one, body and all, once. A service with one replica that drops a kept-alive
// connection (closed as idle, or restarted) gets the request again on a new connection.
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, deadUrl, serveOnFreePort, serviceUrlEnv, startTokenIssuer, startUpstream, uniqueName, type Upstream } from '@kicksight/testkit';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
let bff: string;
let member: string;
let collection: Upstream;
let issuer: Awaited<ReturnType<typeof startTokenIssuer>>;

beforeAll(async () => {
  issuer = await startTokenIssuer(cleanups);
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

describe('one replica that drops a kept-alive connection', () => {
  it('gets the request again on a new connection, once, and the caller its answer', async () => {
    // Answers the first request on each connection and drops the connection at the next one, before any answer: as a
    // server does that closed the connection as idle just as the request went out on it.
    const received: string[] = [];
    const served = new WeakSet<object>();
    const app = express();
    app.use((req, res) => {
      received.push(req.originalUrl);
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      res.json({ data: { path: req.originalUrl } });
    });
    const upstream = await serveOnFreePort(app, cleanups);
    const edge = await startBff({
      stack,
      prefix: uniqueName('bff_new_connection'),
      cleanups,
      env: { ...serviceUrlEnv({ collection: upstream.url }, await deadUrl()), AUTH_JWKS_URL: issuer.jwksUrl, RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
    });
    const get = (path: string) => fetch(`${edge.url}${path}`, { headers: { authorization: `Bearer ${member}` } });

    expect((await get('/api/collections?first')).status).toBe(200);
    // Goes out on the connection the first request opened, which the upstream drops; then on a new one.
    const again = await get('/api/collections?second');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ data: { path: '/api/collections?second' } });
    expect(received).toEqual(['/api/collections?first', '/api/collections?second', '/api/collections?second']);
  });
});
