// What the BFF adds to a request: `GET /api/auth/verify` with a valid token, through the BFF and
// straight at auth, at the same concurrency. Auth and the BFF run as their own processes
// (node services/auth/src/main.ts, node bff/src/main.ts) on free ports against the local stack,
// with a throwaway database and topic prefix, so the load generator here does not share their event loop.
//   node scripts/bench/verify.ts     (or: npm run bench verify)
//   BENCH_CONNECTIONS=10 BENCH_DURATION_S=10 BENCH_WARMUP_S=3
//   BENCH_SINGLE_S=5: also one connection each (the cost per request without queueing; 0 skips it, not part of the verdict)
//   BENCH_CPU_PROF=<dir>: the BFF runs under `node --cpu-prof` and writes its profile to <dir> when it stops
import { randomBytes } from 'node:crypto';
import { SERVICE_NAMES } from '@kicksight/contracts';
import { generateSigningKey } from '../../services/auth/src/domain/tokens.ts';
import {
  Cleanups,
  freePort,
  load,
  machine,
  runAlone,
  runName,
  SERVICE_NODE_OPTIONS,
  startService,
  table,
  throwawayDatabase,
  throwawayTopics,
  writeResult,
  type BenchContext,
  type BenchResult,
  type LoadStats,
} from './lib.ts';

const ENDPOINT = '/api/auth/verify';
/** The budget of the edge: what the BFF may add to the median request. */
const TARGET_ADDED_P50_MS = 1;

const setting = (name: string, fallback: number, { zero = false } = {}): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) throw new Error(`${name} must be a positive number`);
  return value;
};

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

export default async function verify(ctx: BenchContext): Promise<BenchResult> {
  const connections = setting('BENCH_CONNECTIONS', 10);
  const durationS = setting('BENCH_DURATION_S', 10);
  const warmupS = setting('BENCH_WARMUP_S', 3);
  const singleS = setting('BENCH_SINGLE_S', 5, { zero: true });
  const profileDir = process.env.BENCH_CPU_PROF;
  const { stack, log } = ctx;
  const name = runName('verify');
  const cleanups = new Cleanups();
  // Ctrl-C or a kill still removes what was created.
  const interrupted = (signal: NodeJS.Signals) => {
    log(`${signal}: cleaning up`);
    void cleanups.run(log).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    log(`[verify] database and topics ${name}`);
    const db = await throwawayDatabase(stack.postgres, name);
    cleanups.add('drop the database', db.drop);
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);

    const [authPort, authInternalPort, bffPort, nowherePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '3000',
      SERVICE_TOKEN: randomBytes(24).toString('hex'),
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: name,
    };

    log(`[verify] auth on 127.0.0.1:${authPort}`);
    const auth = await startService({
      name: 'auth',
      entry: 'services/auth/src/main.ts',
      port: authPort,
      env: {
        ...shared,
        PORT: String(authPort),
        INTERNAL_PORT: String(authInternalPort),
        DATABASE_URL: db.url,
        JWT_SIGNING_KEYS: JSON.stringify([await generateSigningKey(`${name}-1`)]),
        WEB_URL: 'http://127.0.0.1:5173',
        // Signs the benchmark's member in without touching the shared sign-up counters.
        TEST_LOGIN_ENABLED: 'true',
      },
    });
    cleanups.add('stop auth', () => auth.stop());

    log(`[verify] BFF on 127.0.0.1:${bffPort}`);
    // Only auth is reached; every other service points at a closed loopback port.
    const elsewhere = Object.fromEntries(SERVICE_NAMES.map((service) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${nowherePort}`]));
    const bff = await startService({
      name: 'bff',
      entry: 'bff/src/main.ts',
      port: bffPort,
      env: {
        ...shared,
        ...elsewhere,
        PORT: String(bffPort),
        AUTH_URL: auth.url,
        AUTH_JWKS_URL: `${auth.url}/.well-known/jwks.json`,
        AUTH_INTERNAL_URL: `http://127.0.0.1:${authInternalPort}`,
        // The limit is counted (that work is part of every request) but never reached.
        RATE_LIMIT_POINTS: '1000000000',
        RATE_LIMIT_KEY_PREFIX: `${name}:rl`,
        ...(profileDir ? { NODE_OPTIONS: `${SERVICE_NODE_OPTIONS} --cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      },
    });
    if (profileDir) log(`[verify] the BFF writes its CPU profile to ${profileDir} when it stops`);
    cleanups.add('stop the BFF', () => bff.stop());

    const signIn = await fetch(`${auth.url}/api/auth/test-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${name}@example.com` }) });
    if (signIn.status !== 200) throw new Error(`test login answered ${signIn.status}: ${await signIn.text()}`);
    const { data } = (await signIn.json()) as { data: { user: { id: string }; tokens: { accessToken: string } } };
    const headers = { authorization: `Bearer ${data.tokens.accessToken}` };
    for (const base of [auth.url, bff.url]) {
      const answer = await fetch(`${base}${ENDPOINT}`, { headers });
      const body = (await answer.json()) as { data?: { user?: { id?: string } } };
      if (answer.status !== 200 || body.data?.user?.id !== data.user.id) throw new Error(`${base}${ENDPOINT} answered ${answer.status} ${JSON.stringify(body)}`);
    }

    log(`[verify] warm-up ${warmupS} s each`);
    await load({ url: `${auth.url}${ENDPOINT}`, headers, connections, durationS: warmupS });
    await load({ url: `${bff.url}${ENDPOINT}`, headers, connections, durationS: warmupS });
    log(`[verify] auth direct: ${connections} connections, ${durationS} s`);
    const direct = await load({ url: `${auth.url}${ENDPOINT}`, headers, connections, durationS });
    log(`[verify] through the BFF: ${connections} connections, ${durationS} s`);
    const viaBff = await load({ url: `${bff.url}${ENDPOINT}`, headers, connections, durationS });
    let single: { direct: LoadStats; bff: LoadStats } | undefined;
    if (singleS > 0) {
      log(`[verify] one connection, ${singleS} s each`);
      single = {
        direct: await load({ url: `${auth.url}${ENDPOINT}`, headers, connections: 1, durationS: singleS }),
        bff: await load({ url: `${bff.url}${ENDPOINT}`, headers, connections: 1, durationS: singleS }),
      };
    }

    const added = { p50: round(viaBff.p50 - direct.p50), p90: round(viaBff.p90 - direct.p90), p99: round(viaBff.p99 - direct.p99) };
    const ratio = { p50: round(viaBff.p50 / direct.p50, 2), p99: round(viaBff.p99 / direct.p99, 2), requestsPerSecond: round(viaBff.requestsPerSecond / direct.requestsPerSecond, 2) };
    const failures = (stats: LoadStats) => stats.non2xx + stats.errors + stats.timeouts;
    const clean = failures(direct) === 0 && failures(viaBff) === 0;
    const pass = clean && added.p50 <= TARGET_ADDED_P50_MS;
    const target = `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50 (added ${added.p50} ms)${clean ? '' : '; INVALID RUN: some requests failed'}`;

    const host = machine();
    const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
    const lines = [
      `GET ${ENDPOINT} with a valid token, ${connections} connections, ${durationS} s each after ${warmupS} s warm-up (${host.cpus} CPUs, node ${host.node})`,
      ...table([
        ['', 'p50 ms', 'p90 ms', 'p99 ms', 'req/s', 'requests', 'failed'],
        ['auth direct', direct.p50, direct.p90, direct.p99, direct.requestsPerSecond, direct.requests, failures(direct)],
        ['through BFF', viaBff.p50, viaBff.p90, viaBff.p99, viaBff.requestsPerSecond, viaBff.requests, failures(viaBff)],
        ['BFF adds', sign(added.p50), sign(added.p90), sign(added.p99), '', '', ''],
      ]),
      `ratio BFF/direct: p50 ${ratio.p50}x, p99 ${ratio.p99}x, req/s ${ratio.requestsPerSecond}x`,
    ];
    if (single) {
      lines.push(
        `for reference, one connection (${singleS} s each, no queueing; not part of the verdict):`,
        ...table([
          ['', 'p50 ms', 'p90 ms', 'p99 ms', 'req/s', 'requests', 'failed'],
          ['auth direct', single.direct.p50, single.direct.p90, single.direct.p99, single.direct.requestsPerSecond, single.direct.requests, failures(single.direct)],
          ['through BFF', single.bff.p50, single.bff.p90, single.bff.p99, single.bff.requestsPerSecond, single.bff.requests, failures(single.bff)],
          ['BFF adds', sign(round(single.bff.p50 - single.direct.p50)), sign(round(single.bff.p90 - single.direct.p90)), sign(round(single.bff.p99 - single.direct.p99)), '', '', ''],
        ]),
      );
    }
    const result = {
      name: 'verify',
      finishedAt: new Date().toISOString(),
      endpoint: `GET ${ENDPOINT}`,
      settings: { connections, durationS, warmupS, singleConnectionS: singleS, nodeEnv: 'development', logLevel: 'warn' },
      machine: host,
      direct,
      bff: viaBff,
      addedMs: added,
      ratio,
      singleConnection: single ? { ...single, addedMs: { p50: round(single.bff.p50 - single.direct.p50), p90: round(single.bff.p90 - single.direct.p90), p99: round(single.bff.p99 - single.direct.p99) } } : null,
      target: { description: `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50`, limitMs: TARGET_ADDED_P50_MS, addedP50Ms: added.p50, valid: clean, pass },
    };
    lines.push(`written to ${writeResult('verify', result)}`);
    return { name: 'verify', target, pass, lines, data: result };
  } finally {
    await cleanups.run(log);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (import.meta.main) await runAlone(verify);
