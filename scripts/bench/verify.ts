// What the BFF adds to a request: `GET /api/auth/verify` with a valid token, through the BFF and
// straight at auth, at the same concurrency. Auth and the BFF run as their own processes
// (node services/auth/src/main.ts, node bff/src/main.ts) on free ports against the local stack,
// with a throwaway database and topic prefix, so the load generator here does not share their event loop.
//
// Method. Latency is compared at a fixed request rate below saturation: both targets get the same
// BENCH_RATE requests per second over the same BENCH_CONNECTIONS keep-alive connections, each
// request sent on an even schedule (not autocannon's per-second allowance, which sends each second's
// share in one burst). At such a rate a request rarely waits behind another, so the difference of
// the percentiles is the time the BFF adds to a request; the verdict is computed from this run.
// Comparing latencies at saturation instead would measure throughput: whichever target serves fewer
// requests per second queues longer. The fixed-rate runs alternate (direct, BFF, BFF, direct; half
// the duration each) so a change of load on the machine during the run falls on both alike.
// For reference, and not part of the verdict: the same connections saturated (the req/s ratio is the
// throughput comparison), and one connection (the cost per request without any queueing).
// A paced run in which a target did not keep up with the rate is reported as invalid (lower BENCH_RATE).
// The CPU time each process spends per request (from /proc, idle background subtracted) is reported too.
//
//   node scripts/bench/verify.ts     (or: npm run bench verify)
//   BENCH_CONNECTIONS=10 BENCH_RATE=300 (req/s over all connections) BENCH_DURATION_S=10 BENCH_WARMUP_S=3
//   BENCH_SINGLE_S=5: also one connection each (0 skips it)
//   BENCH_SATURATED=1: also the saturated runs (0 skips them)
//   TRACING_SAMPLE_RATIO=1: auth and the BFF traced, every request (0, the default: tracing off)
//   BENCH_CPU_PROF=<dir>: the BFF runs under `node --cpu-prof` and writes its profile to <dir> when it stops
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_NAMES } from '@kicksight/contracts';
import { generateSigningKey } from '../../services/auth/src/domain/tokens.ts';
import {
  Cleanups,
  cpuUsPerCall,
  freePort,
  load,
  machine,
  measure,
  round,
  runAlone,
  runName,
  SERVICE_NODE_OPTIONS,
  setting,
  startProcess,
  summarize,
  table,
  throwawayDatabase,
  throwawayTopics,
  writeResult,
  type BenchContext,
  type BenchResult,
  type LoadOptions,
  type LoadSample,
  type LoadStats,
  type ServiceProcess,
} from './lib.ts';

const ENDPOINT = '/api/auth/verify';
/** How long auth and the BFF may take to start (traced, on a busy machine, loading takes longer). */
const START_TIMEOUT_MS = 180_000;
/** The budget of the edge: what the BFF may add to the median request. */
const TARGET_ADDED_P50_MS = 1;
/** A paced run counts only if each target kept up with the rate asked for (at least this share of it). */
const MIN_RATE_SHARE = 0.95;
/** Above this share of a target's saturated throughput, queueing starts to show in a paced run. */
const NEAR_SATURATION_SHARE = 0.7;

/** What `b` adds to `a`, per percentile (ms). */
const difference = (a: LoadStats, b: LoadStats) => ({ p50: round(b.p50 - a.p50), p90: round(b.p90 - a.p90), p99: round(b.p99 - a.p99) });

/** CPU seconds auth and the BFF spent while `work` ran (NaN where /proc is not available), and how long it took. */
async function cpuDuring([auth, bff]: [ServiceProcess, ServiceProcess], work: () => Promise<unknown>): Promise<{ auth: number; bff: number; seconds: number }> {
  const read = () => [auth.cpuSeconds() ?? Number.NaN, bff.cpuSeconds() ?? Number.NaN] as const;
  const before = read();
  const started = performance.now();
  await work();
  const after = read();
  return { auth: after[0] - before[0], bff: after[1] - before[1], seconds: (performance.now() - started) / 1000 };
}

export default async function verify(ctx: BenchContext): Promise<BenchResult> {
  const connections = setting('BENCH_CONNECTIONS', 10);
  const rate = setting('BENCH_RATE', 300);
  const durationS = setting('BENCH_DURATION_S', 10);
  const warmupS = setting('BENCH_WARMUP_S', 3);
  const singleS = setting('BENCH_SINGLE_S', 5, { zero: true });
  const saturated = setting('BENCH_SATURATED', 1, { zero: true }) > 0;
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

    const [authPort, authInternalPort, bffPort, bffInternalPort, nowherePort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // TRACING_SAMPLE_RATIO=1 measures the BFF traced (spans sent to the stack's Zipkin); 0, the default, untraced.
      TRACING_SAMPLE_RATIO: String(setting('TRACING_SAMPLE_RATIO', 0, { zero: true })),
      ...(stack.zipkin ? { ZIPKIN_URL: stack.zipkin } : {}),
      SHUTDOWN_GRACE_MS: '3000',
      SERVICE_TOKEN: randomBytes(24).toString('hex'),
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: name,
    };

    log(`[verify] auth on 127.0.0.1:${authPort}`);
    const auth = await startProcess({
      name: 'auth',
      entry: 'services/auth/src/main.ts',
      port: authPort,
      timeoutMs: START_TIMEOUT_MS,
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
    const bff = await startProcess({
      name: 'bff',
      entry: 'bff/src/main.ts',
      port: bffPort,
      timeoutMs: START_TIMEOUT_MS,
      env: {
        ...shared,
        ...elsewhere,
        PORT: String(bffPort),
        INTERNAL_PORT: String(bffInternalPort),
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

    const target = (service: ServiceProcess) => `${service.url}${ENDPOINT}`;
    const run = (service: ServiceProcess, options: Omit<LoadOptions, 'url' | 'headers'>) => load({ url: target(service), headers, ...options });

    log(`[verify] warm-up ${warmupS} s each`);
    await run(auth, { connections, durationS: warmupS });
    await run(bff, { connections, durationS: warmupS });

    // The processes' CPU time while nothing is asked of them (Kafka consumers, timers), to subtract.
    const idleS = 2;
    const idle = await cpuDuring([auth, bff], () => sleep(idleS * 1000));
    const background = { auth: idle.auth / idleS, bff: idle.bff / idleS };

    const loadAtStart = machine().loadAverage;
    log(`[verify] paced at ${rate} req/s over ${connections} connections, ${durationS} s each (direct, BFF, BFF, direct)`);
    const paced = { direct: [] as LoadSample[], bff: [] as LoadSample[] };
    const cpu = { auth: 0, bff: 0 };
    for (const [service, into] of [[auth, paced.direct], [bff, paced.bff], [bff, paced.bff], [auth, paced.direct]] as const) {
      const spent = await cpuDuring([auth, bff], async () => {
        into.push(await measure({ url: target(service), headers, connections, durationS: durationS / 2, rate }));
      });
      if (service === auth) cpu.auth += spent.auth - background.auth * spent.seconds;
      else cpu.bff += spent.bff - background.bff * spent.seconds;
    }
    const direct = summarize(paced.direct);
    const viaBff = summarize(paced.bff);
    const cpuUsPerRequest = {
      auth: cpuUsPerCall(cpu.auth, direct.requests),
      bff: cpuUsPerCall(cpu.bff, viaBff.requests),
    };

    let sat: { direct: LoadStats; bff: LoadStats } | undefined;
    if (saturated) {
      log(`[verify] saturated: ${connections} connections, ${durationS} s each`);
      sat = { direct: await run(auth, { connections, durationS }), bff: await run(bff, { connections, durationS }) };
    }
    let single: { direct: LoadStats; bff: LoadStats } | undefined;
    if (singleS > 0) {
      log(`[verify] one connection, ${singleS} s each`);
      single = { direct: await run(auth, { connections: 1, durationS: singleS }), bff: await run(bff, { connections: 1, durationS: singleS }) };
    }

    const added = difference(direct, viaBff);
    const ratio = { p50: round(viaBff.p50 / direct.p50, 2), p99: round(viaBff.p99 / direct.p99, 2) };
    const failures = (stats: LoadStats) => stats.non2xx + stats.errors + stats.timeouts;
    const problems: string[] = [];
    if (failures(direct) + failures(viaBff) > 0) problems.push('some requests failed');
    for (const [label, stats] of [['auth direct', direct], ['the BFF', viaBff]] as const) {
      if (stats.requestsPerSecond < rate * MIN_RATE_SHARE) problems.push(`${label} served ${stats.requestsPerSecond} req/s of the ${rate} asked for (lower BENCH_RATE)`);
    }
    const valid = problems.length === 0;
    const pass = valid && added.p50 <= TARGET_ADDED_P50_MS;
    const verdict = `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50 at ${rate} req/s (added ${added.p50} ms)${valid ? '' : `; INVALID RUN: ${problems.join('; ')}`}`;

    const host = machine();
    const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
    const header = ['', 'p50 ms', 'p90 ms', 'p99 ms', 'req/s', 'requests', 'failed'];
    const rows = (a: LoadStats, b: LoadStats) => {
      const d = difference(a, b);
      return [
        header,
        ['auth direct', a.p50, a.p90, a.p99, a.requestsPerSecond, a.requests, failures(a)],
        ['through BFF', b.p50, b.p90, b.p99, b.requestsPerSecond, b.requests, failures(b)],
        ['BFF adds', sign(d.p50), sign(d.p90), sign(d.p99), '', '', ''],
      ];
    };
    const lines = [
      `GET ${ENDPOINT} with a valid token, ${connections} connections paced at ${rate} req/s in total, ${durationS} s each after ${warmupS} s warm-up (${host.cpus} CPUs, node ${host.node}; load average ${loadAtStart.join(' ')} at the start, ${host.loadAverage.join(' ')} at the end)`,
      ...table(rows(direct, viaBff)),
      `ratio BFF/direct: p50 ${ratio.p50}x, p99 ${ratio.p99}x`,
      `CPU per request: auth ${cpuUsPerRequest.auth ?? '?'} µs, BFF ${cpuUsPerRequest.bff ?? '?'} µs (idle background subtracted)`,
    ];
    if (sat) {
      const throughput = round(sat.bff.requestsPerSecond / sat.direct.requestsPerSecond, 2);
      lines.push(`for reference, saturated (${connections} connections as fast as answers come, ${durationS} s each; latency here is queueing, req/s is the throughput comparison):`, ...table(rows(sat.direct, sat.bff)), `throughput BFF/direct: ${throughput}x`);
      for (const [label, stats] of [['auth direct', sat.direct], ['the BFF', sat.bff]] as const) {
        if (rate > stats.requestsPerSecond * NEAR_SATURATION_SHARE) lines.push(`note: ${rate} req/s is over ${NEAR_SATURATION_SHARE * 100}% of what ${label} serves saturated: the paced run includes queueing`);
      }
    }
    if (single) lines.push(`for reference, one connection (${singleS} s each, no queueing):`, ...table(rows(single.direct, single.bff)));
    const withDifference = (pair: { direct: LoadStats; bff: LoadStats } | undefined) => (pair ? { ...pair, addedMs: difference(pair.direct, pair.bff), requestsPerSecondRatio: round(pair.bff.requestsPerSecond / pair.direct.requestsPerSecond, 2) } : null);
    const result = {
      name: 'verify',
      finishedAt: new Date().toISOString(),
      endpoint: `GET ${ENDPOINT}`,
      method: 'verdict from the paced runs (same rate, same connections); saturated and one-connection runs are for reference',
      settings: { connections, rate, durationS, warmupS, singleConnectionS: singleS, saturated, nodeEnv: 'development', logLevel: 'warn' },
      machine: { ...host, loadAverageAtStart: loadAtStart },
      paced: { direct, bff: viaBff, addedMs: added, ratio, cpuUsPerRequest },
      saturated: withDifference(sat),
      singleConnection: withDifference(single),
      target: { description: `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50 at a fixed rate below saturation`, limitMs: TARGET_ADDED_P50_MS, addedP50Ms: added.p50, valid, problems, pass },
    };
    lines.push(`written to ${writeResult('verify', result)}`);
    return { name: 'verify', target: verdict, pass, lines, data: result };
  } finally {
    await cleanups.run(log);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (import.meta.main) await runAlone(verify);
