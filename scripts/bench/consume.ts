// Billing's metering under load: `POST /internal/usage/consume` at a fixed 500 requests/s against the service's
// internal port, every request a new unit (counted and queued for the ledger in one Redis script). Billing runs as
// deployed: its API (node services/billing/src/main.ts, RUN_WORKERS=false) and, apart, its workers
// (worker-main.ts: the ledger follower writing the ledger rows and their usage.recorded events to Postgres, and the
// outbox relay), on free ports against the local stack, with a throwaway database and topic prefix. After the load
// the benchmark checks that every answered unit reached the ledger, and how soon.
// The target is set at the service, so the verdict uses the service's own time per request, from the
// `Server-Timing: app;dur=` header billing sets (arrival at its HTTP server to its answer). Next to it: the latency
// the client saw on the internal port, a do-nothing server's under the same load (what this machine adds to any
// request), and the machine's load average, since the client, billing and the stack share the machine's CPUs.
//   node scripts/bench/consume.ts     (or: npm run bench consume)
//   BENCH_RATE=500 BENCH_DURATION_S=10 BENCH_CONNECTIONS=16 BENCH_MEMBERS=20
//   BENCH_PACING=autocannon  uses autocannon's overallRate instead of spreading requests evenly (bursts; see pacer)
//   BENCH_WORKERS=in-process  runs the outbox relay and the ledger follower inside billing's API process (local
//                          runs do) instead of in billing-worker apart (as deployed)
//   BENCH_CPU_PROF=<dir>   also writes a CPU profile of billing's API process there (node --cpu-prof)
//   BENCH_CPU_PROF_WORKER=<dir>  the same for billing's worker process
//   BENCH_FLOOR=0          skips the floors: the same load on a do-nothing HTTP server in a process of its own, and on
//                          one that makes a single Redis call per request (the least a counter in Redis costs),
//                          run after billing's, which shows what this machine adds to any request at that moment
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createPgPool } from '@kicksight/platform';
import { Cleanups, REPO_ROOT, SERVICE_NODE_OPTIONS, cpuSecondsBetween, cpuUsPerCall, freePort, machine, pacer, percentile, round, runAlone, runName, serviceTimeOf, setting, startProcess, startTokenIssuer, table, throwawayDatabase, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P99_MS = 2;

/** Signs a member up to the Pro plan through billing's own local checkout (searches are then unlimited, so every unit counts). */
async function premiumMember(billingUrl: string, token: string): Promise<void> {
  const checkout = await fetch(`${billingUrl}/api/membership/checkout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"planName":"premium"}' });
  const { data } = (await checkout.json()) as { data: { url: string } };
  const page = await (await fetch(data.url)).text();
  const pay = [...page.matchAll(/action="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((a) => new URL(a).pathname.endsWith('/pay'));
  if (!pay || (await fetch(pay, { method: 'POST', redirect: 'manual' })).status !== 303) throw new Error('the local checkout did not complete');
}

type Pacing = 'even' | 'autocannon';

/** One load run: `rate` requests/s over `connections` connections for `seconds` s; each answer goes to `onAnswer`. */
function drive(options: {
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  pacing: Pacing;
  request: autocannon.Request;
  onAnswer?: (status: number, ms: number, headers: Record<string, unknown>) => void;
}): Promise<{ result: autocannon.Result; late: number }> {
  const { url, connections, seconds, rate, pacing, onAnswer } = options;
  const late = { count: 0 };
  let headers: Record<string, unknown> = {};
  const request: autocannon.Request = {
    ...options.request,
    // autocannon calls this for each answer just before its 'response' event, on the same connection.
    onResponse: (_status, _body, _context, answerHeaders) => {
      headers = (answerHeaders ?? {}) as Record<string, unknown>;
    },
  };
  const pace = pacing === 'even' ? { setupClient: pacer(rate, connections, late) } : { overallRate: rate };
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, requests: [request], ...pace }, (err: unknown, result: autocannon.Result) =>
      err ? reject(err) : resolve({ result, late: late.count }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      onAnswer?.(status, ms, headers);
      headers = {};
    });
  });
}

/** Waits (at most 30 s) until the ledger holds `expected` units: how many it holds, and how long that took. */
async function ledgerCatchUp(databaseUrl: string, expected: number): Promise<{ rows: number; afterMs: number }> {
  const pool = createPgPool(databaseUrl, { max: 1, name: 'bench' });
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_ledger WHERE refunded_at IS NULL');
      const afterMs = Math.round(performance.now() - started);
      if (rows[0]!.n >= expected || afterMs > 30_000) return { rows: rows[0]!.n, afterMs };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await pool.end();
  }
}

/**
 * The floor servers: read the body and answer a small JSON with their own time (Server-Timing), doing nothing
 * else, or making one Redis round trip first (what any design that counts in Redis must at least do).
 */
const FLOOR_SERVER = `
const redis = process.env.FLOOR_REDIS_URL ? new (require('ioredis'))(process.env.FLOOR_REDIS_URL) : null;
const server = require('node:http').createServer((req, res) => {
  const start = performance.now();
  req.resume();
  req.on('end', async () => {
    if (redis) await redis.incr('bench:consume-floor');
    res.setHeader('content-type', 'application/json');
    res.setHeader('server-timing', 'app;dur=' + (performance.now() - start).toFixed(3));
    res.end('{"data":{"allowed":true,"used":1,"limit":null,"maxResults":60,"counted":true}}');
  });
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

/** Latencies and server times (ms, sorted) of the same load against a floor server in a process of its own. */
async function floorRun(rate: number, connections: number, seconds: number, pacing: Pacing, redisUrl?: string): Promise<{ client: number[]; server: number[] }> {
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], { cwd: REPO_ROOT, env: { ...process.env, FLOOR_REDIS_URL: redisUrl ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const url = `http://127.0.0.1:${Number(chunk.toString('utf8').trim())}/`;
    const request: autocannon.Request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"00000000-0000-4000-8000-000000000000","role":"member","action":"search","key":"floor"}' };
    await drive({ url, connections, seconds: 2, rate, pacing, request });
    const client: number[] = [];
    const server: number[] = [];
    await drive({
      url,
      connections,
      seconds,
      rate,
      pacing,
      request,
      onAnswer: (status, ms, headers) => {
        if (status !== 200) return;
        client.push(ms);
        const own = serviceTimeOf(headers);
        if (own !== undefined) server.push(own);
      },
    });
    return { client: client.sort((a, b) => a - b), server: server.sort((a, b) => a - b) };
  } finally {
    child.kill();
  }
}

export default async function consume(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_RATE', 500);
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 16);
  const members = setting('BENCH_MEMBERS', 20);
  const pacing: Pacing = process.env.BENCH_PACING === 'autocannon' ? 'autocannon' : 'even';
  const { stack, log } = ctx;
  const name = runName('consume');
  const cleanups = new Cleanups();
  try {
    const db = await throwawayDatabase(stack.postgres, name);
    cleanups.add('drop the database', db.drop);
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);

    // Billing verifies member tokens against a JWKS: one served from here for the run.
    const issuer = await startTokenIssuer(cleanups);

    const [port, internalPort, workerPort] = [await freePort(), await freePort(), await freePort()];
    const serviceToken = randomBytes(24).toString('hex');
    const inProcess = process.env.BENCH_WORKERS === 'in-process';
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      WORKER_PORT: String(workerPort),
      SERVICE_TOKEN: serviceToken,
      DATABASE_URL: db.url,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: name,
      JWKS_URL: issuer.jwksUrl,
      PUBLIC_API_URL: `http://127.0.0.1:${port}/api`,
      JOBS_INTERVAL_MS: '0',
      RUN_WORKERS: String(inProcess),
    };
    const profiled = (dir: string | undefined): Record<string, string> => (dir ? { NODE_OPTIONS: `${SERVICE_NODE_OPTIONS} --cpu-prof --cpu-prof-dir=${dir}` } : {});
    log(`[consume] billing on 127.0.0.1:${port} (internal ${internalPort}), its workers ${inProcess ? 'in the same process' : `apart on ${workerPort}`}`);
    const billing = await startProcess({ name: 'billing', entry: 'services/billing/src/main.ts', port, env: { ...env, ...profiled(process.env.BENCH_CPU_PROF) } });
    cleanups.add('stop billing', () => billing.stop());
    let worker: Awaited<ReturnType<typeof startProcess>> | undefined;
    if (!inProcess) {
      const started = await startProcess({ name: 'billing-worker', entry: 'services/billing/src/worker-main.ts', port: workerPort, env: { ...env, ...profiled(process.env.BENCH_CPU_PROF_WORKER) } });
      cleanups.add('stop the billing worker', () => started.stop());
      worker = started;
    }

    const userIds = Array.from({ length: members }, () => randomUUID());
    for (const id of userIds) {
      const token = await issuer.sign({ id, role: 'member', tier: 'trial', email: `${id}@example.com` });
      await premiumMember(billing.url, token);
    }
    log(`[consume] ${members} Pro members; ${rate} requests/s for ${durationS} s over ${connections} connections`);

    let sequence = 0;
    const url = `http://127.0.0.1:${internalPort}/internal/usage/consume`;
    const request: autocannon.Request = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': serviceToken },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ userId: userIds[sequence % members], role: 'member', action: 'search', key: `bench-${sequence++}` }) }),
    };
    const latencies: number[] = [];
    /** Per answer: the service's own time (Server-Timing), and what the client saw beyond it. */
    const serviceTimes: number[] = [];
    const outside: number[] = [];
    let answered = 0;
    await drive({ url, connections, seconds: 2, rate, pacing, request, onAnswer: (status) => status === 200 && answered++ });
    const loadBefore = loadavg()[0]!;
    const cpuBefore = { api: billing.cpuSeconds(), worker: worker?.cpuSeconds(), client: process.cpuUsage() };
    const { result, late } = await drive({
      url,
      connections,
      seconds: durationS,
      rate,
      pacing,
      request,
      onAnswer: (status, ms, headers) => {
        if (status !== 200) return;
        answered += 1;
        latencies.push(ms);
        const own = serviceTimeOf(headers);
        if (own === undefined) return;
        serviceTimes.push(own);
        outside.push(ms - own);
      },
    });
    const loadAfter = loadavg()[0]!;
    const cpuAfter = { api: billing.cpuSeconds(), worker: worker?.cpuSeconds(), client: process.cpuUsage(cpuBefore.client) };
    const cpuUsPerRequest = {
      api: cpuUsPerCall(cpuSecondsBetween(cpuBefore.api, cpuAfter.api), latencies.length),
      worker: cpuUsPerCall(cpuSecondsBetween(cpuBefore.worker, cpuAfter.worker), latencies.length),
      client: cpuUsPerCall((cpuAfter.client.user + cpuAfter.client.system) / 1e6, latencies.length),
    };
    const ledger = await ledgerCatchUp(db.url, answered);
    latencies.sort((a, b) => a - b);
    serviceTimes.sort((a, b) => a - b);
    outside.sort((a, b) => a - b);
    const spread = (sorted: number[]) => ({ samples: sorted.length, p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) });
    const service = spread(serviceTimes);
    const beyondService = spread(outside);
    let floor: Record<'idle' | 'redis', { client: ReturnType<typeof spread>; server: ReturnType<typeof spread> }> | undefined;
    if (process.env.BENCH_FLOOR !== '0') {
      log('[consume] floor: the same load on a do-nothing HTTP server, then on one that makes one Redis call');
      const spreads = ({ client, server }: { client: number[]; server: number[] }) => ({ client: spread(client), server: spread(server) });
      floor = { idle: spreads(await floorRun(rate, connections, durationS, pacing)), redis: spreads(await floorRun(rate, connections, durationS, pacing, stack.redis)) };
    }
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
      late,
    };
    const clean = stats.non2xx === 0 && stats.errors === 0 && ledger.rows >= answered;
    const pass = clean && service.samples === stats.requests && service.p99 <= TARGET_P99_MS;
    const host = machine();
    const paced = pacing === 'even' ? `spread evenly (${late} sent late)` : "autocannon's overallRate: bursts at the start of each second";
    const lines = [
      `POST /internal/usage/consume, ${rate} requests/s (${paced}) for ${durationS} s, ${connections} connections, each a new unit of a Pro member (${host.cpus} CPUs, node ${host.node})`,
      ...table([
        ['', 'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'req/s', 'requests', 'failed'],
        ['client', stats.p50, stats.p90, stats.p99, stats.p999, stats.max, stats.requestsPerSecond, stats.requests, stats.non2xx + stats.errors],
        ['service (Server-Timing)', service.p50, service.p90, service.p99, '', service.max, '', service.samples, ''],
        ['client minus service', beyondService.p50, beyondService.p90, beyondService.p99, '', beyondService.max, '', beyondService.samples, ''],
        ...(floor
          ? [
              ['floor: do-nothing server, client', floor.idle.client.p50, floor.idle.client.p90, floor.idle.client.p99, '', floor.idle.client.max, '', floor.idle.client.samples, ''],
              ['floor: one Redis call, client', floor.redis.client.p50, floor.redis.client.p90, floor.redis.client.p99, '', floor.redis.client.max, '', floor.redis.client.samples, ''],
              ['floor: one Redis call, server', floor.redis.server.p50, floor.redis.server.p90, floor.redis.server.p99, '', floor.redis.server.max, '', floor.redis.server.samples, ''],
            ]
          : []),
      ]),
      `CPU per request: billing's API ${cpuUsPerRequest.api ?? '-'} us, ${inProcess ? 'its workers in the same process' : `its worker ${cpuUsPerRequest.worker ?? '-'} us`}, the load generator ${cpuUsPerRequest.client} us`,
      `ledger: every answered unit written ${ledger.afterMs} ms after the load ended (${ledger.rows} rows; ${answered} answers counted)`,
      `load average (1 min) ${loadBefore.toFixed(2)} before the run, ${loadAfter.toFixed(2)} after; the verdict uses the service's p99`,
    ];
    const data = { workers: inProcess ? 'in-process' : 'apart', rate, pacing, durationS, connections, members, stats, ledger, service, beyondService, cpuUsPerRequest, floor, loadAverage: { before: round(loadBefore), after: round(loadAfter) }, machine: host, at: new Date().toISOString() };
    lines.push(`results: ${writeResult('consume', data)}`);
    return { name: 'consume', target: `consume p99 <= ${TARGET_P99_MS} ms at the service at ${rate} req/s (p99 ${service.p99} ms; ${stats.p99} ms at the client)${clean ? '' : '; INVALID RUN: some requests failed or units are missing from the ledger'}`, pass, lines, data };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(consume);
