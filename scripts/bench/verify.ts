// What the BFF adds to a request, beside what a plain reverse proxy adds, and what tracing adds to the BFF:
// `GET /api/auth/verify` with a valid token, straight at auth, through nginx (Debian's, a plain reverse proxy in
// front of the same auth), through the BFF, and through a second BFF traced at 100% sampling, at the same
// concurrency, in one run. Auth and the BFFs run as their own processes (node services/auth/src/main.ts,
// node bff/src/main.ts) on free ports against the local stack, with a throwaway database and topic prefix, so
// the load generator here does not share their event loop. Auth is untraced: both BFFs reach the same auth,
// so the difference between them is the BFF's own tracing (its spans go to the stack's Zipkin, where it runs).
//
// Method. Latency is compared at a fixed request rate below saturation: every target gets the same
// BENCH_RATE requests per second over the same BENCH_CONNECTIONS keep-alive connections, each
// request sent on an even schedule (not autocannon's per-second allowance, which sends each second's
// share in one burst). At such a rate a request rarely waits behind another, so the difference of
// the percentiles is the time a proxy adds to a request; the verdicts are computed from this run.
// Comparing latencies at saturation instead would measure throughput: whichever target serves fewer
// requests per second queues longer. The fixed-rate runs go in rounds (BENCH_ROUNDS): each round runs every
// target once for BENCH_DURATION_S / BENCH_ROUNDS, each round starting one target further on, so a change of load
// on the machine during the run falls on every target alike. What a proxy adds is taken within each round (its
// percentile less auth's in the same round) and the verdicts use the median over the rounds: a round that a burst
// of load on the shared machine hit moves the median little.
// For reference, and not part of the verdicts: the same connections saturated (the req/s ratio is the
// throughput comparison), and one connection (the cost per request without any queueing).
// A paced run in which a target did not keep up with the rate is reported as invalid (lower BENCH_RATE).
// The CPU time each process spends per request (from /proc, idle background subtracted) is reported too.
//
//   node scripts/bench/verify.ts     (or: npm run bench verify)
//   BENCH_CONNECTIONS=10 BENCH_RATE=300 (req/s over all connections) BENCH_DURATION_S=28 (each target, over all
//   rounds) BENCH_ROUNDS=14 BENCH_WARMUP_S=3
//   BENCH_SINGLE_S=5: also one connection each (0 skips it)
//   BENCH_SATURATED=1: also the saturated runs (0 skips them)
//   BENCH_CPU_PROF=<dir>: the BFFs run under `node --cpu-prof` and write their profiles to <dir>/untraced and
//   <dir>/traced when they stop
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_NAMES } from '@kicksight/contracts';
import { generateSigningKey } from '../../services/auth/src/domain/tokens.ts';
import {
  Cleanups,
  cpuUsPerCall,
  freePort,
  median,
  load,
  machine,
  measure,
  round,
  rounds,
  runAlone,
  RESULTS_DIR,
  runName,
  SERVICE_NODE_OPTIONS,
  setting,
  startNginx,
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
const TARGET_ADDED_P50_MS = 0.4;
/** What tracing every request may add to the BFF's added median, as a share of it. */
const TRACED_GROWTH_LIMIT = 0.1;
/** A paced run counts only if each target kept up with the rate asked for (at least this share of it). */
const MIN_RATE_SHARE = 0.95;
/** Above this share of a target's saturated throughput, queueing starts to show in a paced run. */
const NEAR_SATURATION_SHARE = 0.7;

type TargetKey = 'direct' | 'nginx' | 'bff' | 'traced';
type Added = Record<Exclude<TargetKey, 'direct'>, Percentiles>;
interface Target {
  key: TargetKey;
  label: string;
  /** The process that serves this target's requests (auth for `direct`). */
  process: ServiceProcess;
}

type Percentiles = { p50: number; p90: number; p99: number };
/** What `b` adds to `a`, per percentile (ms). */
const difference = (a: LoadStats, b: LoadStats): Percentiles => ({ p50: round(b.p50 - a.p50), p90: round(b.p90 - a.p90), p99: round(b.p99 - a.p99) });
/** Each percentile's median over rounds. */
const medianOf = (each: Percentiles[]): Percentiles => ({ p50: round(median(each.map((e) => e.p50))), p90: round(median(each.map((e) => e.p90))), p99: round(median(each.map((e) => e.p99))) });

/** What each proxy adds to auth direct, per percentile. */
const addedOf = (stats: Record<TargetKey, LoadStats>): Added => ({ nginx: difference(stats.direct, stats.nginx), bff: difference(stats.direct, stats.bff), traced: difference(stats.direct, stats.traced) });

/** CPU seconds each target's process spent while `work` ran (NaN where /proc is not available), and how long it took. */
async function cpuDuring(targets: Target[], work: () => Promise<unknown>): Promise<{ spent: Record<TargetKey, number>; seconds: number }> {
  const read = () => targets.map((t) => t.process.cpuSeconds() ?? Number.NaN);
  const before = read();
  const started = performance.now();
  await work();
  const after = read();
  const spent = Object.fromEntries(targets.map((t, i) => [t.key, after[i]! - before[i]!])) as Record<TargetKey, number>;
  return { spent, seconds: (performance.now() - started) / 1000 };
}

/** Each target's stats from `run`, one target after another. */
async function eachTarget(targets: Target[], run: (target: Target) => Promise<LoadStats>): Promise<Record<TargetKey, LoadStats>> {
  const stats: Partial<Record<TargetKey, LoadStats>> = {};
  for (const target of targets) stats[target.key] = await run(target);
  return stats as Record<TargetKey, LoadStats>;
}

export default async function verify(ctx: BenchContext): Promise<BenchResult> {
  const connections = setting('BENCH_CONNECTIONS', 10);
  const rate = setting('BENCH_RATE', 300);
  const durationS = setting('BENCH_DURATION_S', 28);
  const roundCount = setting('BENCH_ROUNDS', 14, { whole: true });
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

    const [authPort, authInternalPort, nowherePort] = [await freePort(), await freePort(), await freePort()];
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TRACING_SAMPLE_RATIO: '0',
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

    log('[verify] nginx in front of auth');
    const nginx = await startNginx({ dir: `${RESULTS_DIR}/nginx-${name}`, upstreams: [auth.url] });
    cleanups.add('stop nginx', () => nginx.stop());

    // Only auth is reached; every other service points at a closed loopback port.
    const elsewhere = Object.fromEntries(SERVICE_NAMES.map((service) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${nowherePort}`]));
    const startBff = async (traced: boolean) => {
      const [port, internalPort] = [await freePort(), await freePort()];
      const label = traced ? 'traced' : 'untraced';
      log(`[verify] BFF (${label}) on 127.0.0.1:${port}`);
      const bff = await startProcess({
        name: `bff (${label})`,
        entry: 'bff/src/main.ts',
        port,
        timeoutMs: START_TIMEOUT_MS,
        env: {
          ...shared,
          ...elsewhere,
          // Every request traced, its spans sent to the stack's Zipkin (made and dropped where there is none).
          ...(traced ? { TRACING_SAMPLE_RATIO: '1', ...(stack.zipkin ? { ZIPKIN_URL: stack.zipkin } : {}) } : {}),
          PORT: String(port),
          INTERNAL_PORT: String(internalPort),
          AUTH_URL: auth.url,
          AUTH_JWKS_URL: `${auth.url}/.well-known/jwks.json`,
          AUTH_INTERNAL_URL: `http://127.0.0.1:${authInternalPort}`,
          // The limit is counted (that work is part of every request) but never reached.
          RATE_LIMIT_POINTS: '1000000000',
          RATE_LIMIT_KEY_PREFIX: `${name}:rl-${label}`,
          ...(profileDir ? { NODE_OPTIONS: `${SERVICE_NODE_OPTIONS} --cpu-prof --cpu-prof-dir=${profileDir}/${label}` } : {}),
        },
      });
      cleanups.add(`stop the BFF (${label})`, () => bff.stop());
      return bff;
    };
    const bff = await startBff(false);
    const bffTraced = await startBff(true);
    if (profileDir) log(`[verify] the BFFs write their CPU profiles to ${profileDir}/untraced and ${profileDir}/traced when they stop`);

    const targets: Target[] = [
      { key: 'direct', label: 'auth direct', process: auth },
      { key: 'nginx', label: 'through nginx', process: nginx },
      { key: 'bff', label: 'through BFF', process: bff },
      { key: 'traced', label: 'through BFF traced', process: bffTraced },
    ];

    const signIn = await fetch(`${auth.url}/api/auth/test-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${name}@example.com` }) });
    if (signIn.status !== 200) throw new Error(`test login answered ${signIn.status}: ${await signIn.text()}`);
    const { data } = (await signIn.json()) as { data: { user: { id: string }; tokens: { accessToken: string } } };
    const headers = { authorization: `Bearer ${data.tokens.accessToken}` };
    for (const { process: server } of targets) {
      const answer = await fetch(`${server.url}${ENDPOINT}`, { headers });
      const body = (await answer.json()) as { data?: { user?: { id?: string } } };
      if (answer.status !== 200 || body.data?.user?.id !== data.user.id) throw new Error(`${server.url}${ENDPOINT} answered ${answer.status} ${JSON.stringify(body)}`);
    }

    const urlOf = (target: Target) => `${target.process.url}${ENDPOINT}`;
    const run = (target: Target, options: Omit<LoadOptions, 'url' | 'headers'>) => load({ url: urlOf(target), headers, ...options });

    log(`[verify] warm-up ${warmupS} s each`);
    await eachTarget(targets, (target) => run(target, { connections, durationS: warmupS }));

    // The processes' CPU time while nothing is asked of them (Kafka consumers, timers), to subtract.
    const idleS = 2;
    const idle = await cpuDuring(targets, () => sleep(idleS * 1000));

    const loadAtStart = machine().loadAverage;
    const order = rounds(targets, roundCount);
    const roundS = durationS / roundCount;
    log(`[verify] paced at ${rate} req/s over ${connections} connections, ${roundCount} rounds of ${roundS} s a target (${order.map((r) => r.map((t) => t.key).join(' ')).join(' | ')})`);
    const samples: Record<TargetKey, LoadSample[]> = { direct: [], nginx: [], bff: [], traced: [] };
    const cpu: Record<TargetKey, number> = { direct: 0, nginx: 0, bff: 0, traced: 0 };
    for (const target of order.flat()) {
      const { spent, seconds } = await cpuDuring(targets, async () => {
        samples[target.key].push(await measure({ url: urlOf(target), headers, connections, durationS: roundS, rate }));
      });
      cpu[target.key] += spent[target.key] - (idle.spent[target.key] / idleS) * seconds;
    }
    // Each round's figures of each target, and what each proxy added to auth's in that round.
    const byRound = order.map((_r, i) => Object.fromEntries(targets.map(({ key }) => [key, summarize([samples[key][i]!])])) as Record<TargetKey, LoadStats>);
    const addedByRound = byRound.map(addedOf);
    const added: Added = { nginx: medianOf(addedByRound.map((a) => a.nginx)), bff: medianOf(addedByRound.map((a) => a.bff)), traced: medianOf(addedByRound.map((a) => a.traced)) };
    // Requests, rate and failures over every round; percentiles the median of the rounds'.
    const paced = Object.fromEntries(targets.map(({ key }) => [key, { ...summarize(samples[key]), ...medianOf(byRound.map((r) => r[key])) }])) as Record<TargetKey, LoadStats>;
    const cpuUsPerRequest = Object.fromEntries(targets.map(({ key }) => [key, cpuUsPerCall(cpu[key], paced[key].requests)])) as Record<TargetKey, number | null>;

    let sat: Record<TargetKey, LoadStats> | undefined;
    if (saturated) {
      log(`[verify] saturated: ${connections} connections, ${durationS} s each`);
      sat = await eachTarget(targets, (target) => run(target, { connections, durationS }));
    }
    let single: Record<TargetKey, LoadStats> | undefined;
    if (singleS > 0) {
      log(`[verify] one connection, ${singleS} s each`);
      single = await eachTarget(targets, (target) => run(target, { connections: 1, durationS: singleS }));
    }

    const tracedGrowth = added.bff.p50 > 0 ? round((added.traced.p50 - added.bff.p50) / added.bff.p50) : added.traced.p50 <= added.bff.p50 ? 0 : Number.POSITIVE_INFINITY;
    const failures = (stats: LoadStats) => stats.non2xx + stats.errors + stats.timeouts;
    const problems: string[] = [];
    if (targets.some(({ key }) => failures(paced[key]) > 0)) problems.push('some requests failed');
    for (const { key, label } of targets) {
      if (paced[key].requestsPerSecond < rate * MIN_RATE_SHARE) problems.push(`${label} served ${paced[key].requestsPerSecond} req/s of the ${rate} asked for (lower BENCH_RATE)`);
    }
    const valid = problems.length === 0;
    const edgePass = added.bff.p50 <= TARGET_ADDED_P50_MS;
    const tracingPass = tracedGrowth <= TRACED_GROWTH_LIMIT;
    const pass = valid && edgePass && tracingPass;
    const percent = (share: number) => `${share >= 0 ? '+' : ''}${round(share * 100, 1)}%`;
    const edgeVerdict = `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50 at ${rate} req/s (added ${added.bff.p50} ms; nginx ${added.nginx.p50} ms) ${edgePass ? 'PASS' : 'FAIL'}`;
    const tracingVerdict = `traced at 100% it adds at most ${percent(TRACED_GROWTH_LIMIT)} (added ${added.traced.p50} ms: ${percent(tracedGrowth)}) ${tracingPass ? 'PASS' : 'FAIL'}`;
    const verdict = `${edgeVerdict}; ${tracingVerdict}${valid ? '' : `; INVALID RUN: ${problems.join('; ')}`}`;

    const host = machine();
    const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
    const rows = (stats: Record<TargetKey, LoadStats>, withCpu: boolean, adds = addedOf(stats)) => {
      return [
        ['', 'p50 ms', 'p90 ms', 'p99 ms', 'req/s', 'requests', 'failed', 'adds p50', 'adds p90', 'adds p99', ...(withCpu ? ['CPU µs/req'] : [])],
        ...targets.map(({ key, label }) => {
          const s = stats[key];
          const d = key === 'direct' ? undefined : adds[key];
          return [label, s.p50, s.p90, s.p99, s.requestsPerSecond, s.requests, failures(s), d ? sign(d.p50) : '', d ? sign(d.p90) : '', d ? sign(d.p99) : '', ...(withCpu ? [cpuUsPerRequest[key] ?? '?'] : [])];
        }),
      ];
    };
    const lines = [
      `GET ${ENDPOINT} with a valid token, ${connections} connections paced at ${rate} req/s in total, ${durationS} s each in ${roundCount} rounds of ${roundS} s after ${warmupS} s warm-up (${host.cpus} CPUs, node ${host.node}; load average ${loadAtStart.join(' ')} at the start, ${host.loadAverage.join(' ')} at the end)`,
      'percentiles and what each adds: the median over the rounds (each added figure taken against auth direct in the same round); requests and req/s over all rounds',
      ...table(rows(paced, true, added)),
      ...table([['added p50 by round (ms)', ...byRound.map((_r, i) => String(i + 1))], ...(['nginx', 'bff', 'traced'] as const).map((key) => [key, ...addedByRound.map((a) => a[key].p50)])]),
      `the BFF's added p50: ${added.bff.p50} ms untraced, ${added.traced.p50} ms traced at 100% (${percent(tracedGrowth)}); nginx adds ${added.nginx.p50} ms`,
      `CPU per request: the process that answered, idle background subtracted${stack.zipkin ? '; traced spans go to Zipkin' : '; no Zipkin in the stack: traced spans are made and dropped'}`,
    ];
    if (sat) {
      lines.push(`for reference, saturated (${connections} connections as fast as answers come, ${durationS} s each; latency here is queueing, req/s is the throughput comparison):`, ...table(rows(sat, false)));
      lines.push(`throughput over direct: nginx ${round(sat.nginx.requestsPerSecond / sat.direct.requestsPerSecond, 2)}x, BFF ${round(sat.bff.requestsPerSecond / sat.direct.requestsPerSecond, 2)}x, BFF traced ${round(sat.traced.requestsPerSecond / sat.direct.requestsPerSecond, 2)}x`);
      for (const { key, label } of targets) {
        if (rate > sat[key].requestsPerSecond * NEAR_SATURATION_SHARE) lines.push(`note: ${rate} req/s is over ${NEAR_SATURATION_SHARE * 100}% of what ${label} serves saturated: the paced run includes queueing`);
      }
    }
    if (single) lines.push(`for reference, one connection (${singleS} s each, no queueing):`, ...table(rows(single, false)));
    const withAdded = (stats: Record<TargetKey, LoadStats> | undefined) => (stats ? { ...stats, addedMs: addedOf(stats) } : null);
    const result = {
      name: 'verify',
      finishedAt: new Date().toISOString(),
      endpoint: `GET ${ENDPOINT}`,
      method: 'verdicts from the paced runs (same rate, same connections, in rounds; medians over the rounds of what each adds within a round); saturated and one-connection runs are for reference',
      settings: { connections, rate, durationS, rounds: roundCount, warmupS, singleConnectionS: singleS, saturated, nodeEnv: 'development', logLevel: 'warn', order: order.map((r) => r.map((t) => t.key)) },
      machine: { ...host, loadAverageAtStart: loadAtStart },
      paced: { ...paced, addedMs: added, tracedGrowth, cpuUsPerRequest, rounds: byRound.map((stats, i) => ({ order: order[i]!.map((t) => t.key), ...stats, addedMs: addedByRound[i] })) },
      saturated: withAdded(sat),
      singleConnection: withAdded(single),
      targets: {
        edge: { description: `BFF adds at most ${TARGET_ADDED_P50_MS} ms at p50 at a fixed rate below saturation`, limitMs: TARGET_ADDED_P50_MS, addedP50Ms: added.bff.p50, nginxAddedP50Ms: added.nginx.p50, pass: edgePass },
        tracing: { description: `with 100% sampling the BFF's added p50 grows by at most ${TRACED_GROWTH_LIMIT * 100}%`, limit: TRACED_GROWTH_LIMIT, untracedAddedP50Ms: added.bff.p50, tracedAddedP50Ms: added.traced.p50, growth: tracedGrowth, pass: tracingPass },
      },
      valid,
      problems,
      pass,
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
