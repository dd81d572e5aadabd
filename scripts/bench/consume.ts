// Billing's metering under load: `POST /internal/usage/consume` at a fixed 500 requests/s against the
// service's internal port, every request a new unit (Redis check-and-count, then the ledger row and its
// usage.recorded event committed in Postgres). Billing runs as its own process (node services/billing/src/main.ts)
// on free ports against the local stack, with a throwaway database and topic prefix.
//   node scripts/bench/consume.ts     (or: npm run bench consume)
//   BENCH_RATE=500 BENCH_DURATION_S=10 BENCH_CONNECTIONS=16 BENCH_MEMBERS=20
import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import autocannon from 'autocannon';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, listen } from '@kicksight/platform';
import { Cleanups, freePort, machine, percentile, runAlone, runName, startService, table, throwawayDatabase, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P99_MS = 2;
const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const round = (n: number) => Number(n.toFixed(3));

/** Signs a member up to the Pro plan through billing's own local checkout (searches are then unlimited, so every unit counts). */
async function premiumMember(billingUrl: string, token: string): Promise<void> {
  const checkout = await fetch(`${billingUrl}/api/membership/checkout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"planName":"premium"}' });
  const { data } = (await checkout.json()) as { data: { url: string } };
  const page = await (await fetch(data.url)).text();
  const pay = [...page.matchAll(/action="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((a) => new URL(a).pathname.endsWith('/pay'));
  if (!pay || (await fetch(pay, { method: 'POST', redirect: 'manual' })).status !== 303) throw new Error('the local checkout did not complete');
}

export default async function consume(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_RATE', 500);
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 16);
  const members = setting('BENCH_MEMBERS', 20);
  const { stack, log } = ctx;
  const name = runName('consume');
  const cleanups = new Cleanups();
  try {
    const db = await throwawayDatabase(stack.postgres, name);
    cleanups.add('drop the database', db.drop);
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);

    // Billing verifies member tokens against a JWKS: one served from here for the run.
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256' };
    const jwks = express().get('/jwks.json', (_req, res) => {
      res.json({ keys: [jwk] });
    });
    const jwksServer = await listen(jwks, 0, '127.0.0.1');
    cleanups.add('stop the JWKS server', () => closeServer(jwksServer.server, 100));

    const [port, internalPort] = [await freePort(), await freePort()];
    const serviceToken = randomBytes(24).toString('hex');
    log(`[consume] billing on 127.0.0.1:${port} (internal ${internalPort})`);
    const billing = await startService({
      name: 'billing',
      entry: 'services/billing/src/main.ts',
      port,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        INTERNAL_PORT: String(internalPort),
        SERVICE_TOKEN: serviceToken,
        DATABASE_URL: db.url,
        REDIS_URL: stack.redis,
        KAFKA_BROKERS: stack.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: name,
        JWKS_URL: `${jwksServer.url}/jwks.json`,
        PUBLIC_API_URL: `http://127.0.0.1:${port}/api`,
        JOBS_INTERVAL_MS: '0',
      },
    });
    cleanups.add('stop billing', () => billing.stop());

    const userIds = Array.from({ length: members }, () => randomUUID());
    for (const id of userIds) {
      const token = await new SignJWT({ email: `${id}@example.com`, name: 'Bench', role: 'member', tier: 'trial' })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
        .setSubject(id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setExpirationTime('1h')
        .sign(privateKey);
      await premiumMember(billing.url, token);
    }
    log(`[consume] ${members} Pro members; ${rate} requests/s for ${durationS} s over ${connections} connections`);

    let sequence = 0;
    const latencies: number[] = [];
    const url = `http://127.0.0.1:${internalPort}/internal/usage/consume`;
    const run = (seconds: number, record: boolean) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url,
            connections,
            duration: seconds,
            overallRate: rate,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-service-token': serviceToken },
                setupRequest: (request) => ({
                  ...request,
                  body: JSON.stringify({ userId: userIds[sequence % members], role: 'member', action: 'search', key: `bench-${sequence++}` }),
                }),
              },
            ],
          },
          (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)),
        );
        if (record) {
          instance.on('response', (_client, status, _bytes, time) => {
            if (status === 200) latencies.push(time);
          });
        }
      });
    await run(2, false);
    const result = await run(durationS, true);
    latencies.sort((a, b) => a - b);
    const stats = {
      requests: latencies.length,
      requestsPerSecond: round(latencies.length / result.duration),
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      p999: round(percentile(latencies, 99.9)),
      max: round(latencies.at(-1) ?? Number.NaN),
      non2xx: result.non2xx,
      errors: result.errors,
    };
    const clean = stats.non2xx === 0 && stats.errors === 0;
    const pass = clean && stats.p99 <= TARGET_P99_MS;
    const host = machine();
    const lines = [
      `POST /internal/usage/consume, ${rate} requests/s for ${durationS} s, ${connections} connections, each a new unit of a Pro member (${host.cpus} CPUs, node ${host.node})`,
      ...table([
        ['p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'req/s', 'requests', 'failed'],
        [stats.p50, stats.p90, stats.p99, stats.p999, stats.max, stats.requestsPerSecond, stats.requests, stats.non2xx + stats.errors],
      ]),
    ];
    const data = { rate, durationS, connections, members, stats, machine: host, at: new Date().toISOString() };
    lines.push(`results: ${writeResult('consume', data)}`);
    return { name: 'consume', target: `consume p99 <= ${TARGET_P99_MS} ms at ${rate} req/s (p99 ${stats.p99} ms)${clean ? '' : '; INVALID RUN: some requests failed'}`, pass, lines, data };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(consume);
