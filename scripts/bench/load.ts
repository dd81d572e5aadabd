// The member journey under load: BENCH_MEMBERS virtual members at once (200), each on its own keep-alive
// connection, going through sign up, search, view a sneaker, add a pair and set a price alert, again and again
// (a new member each round, from an address of its own) for BENCH_DURATION_S seconds (300), the members arriving over
// the first second, against the running product's BFF on 127.0.0.1
// (`KS_TEST_MODE=true scripts/apps.sh up`: members sign up through the test sign-in). autocannon (MIT) drives
// the connections. Reported: requests, errors and p50/p95/p99 per route (as the client timed them), and the CPU
// seconds each of the product's processes spent (from /proc). Target: no error (no answer outside 2xx, no failed
// connection). On a busy machine run it shorter (BENCH_DURATION_S=60): the output names the duration it ran.
//   node scripts/bench/load.ts     (or: npm run bench load)
//   BENCH_MEMBERS=200 BENCH_DURATION_S=300 BENCH_MEMBER_RATE=1 (requests a second per member; 0: no pause) KS_BFF_PORT (8080)
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { memberAddress, processCpuSeconds } from '@kicksight/testkit';
import { REPO_ROOT, assertLoopback, machine, percentile, round, runAlone, setting, table, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const ROUTES = ['sign up', 'search', 'view', 'add', 'alert'] as const;
/** Members join over this long at the start, in this many waves. */
const ARRIVAL_MS = 1_000;
const ARRIVAL_WAVES = 10;
type Route = (typeof ROUTES)[number];

interface MemberContext {
  /** The member's own address, as the proxy in front of the BFF reports it (a new member, a new address). */
  address?: string;
  route?: Route;
  sentAt?: number;
  token?: string;
  sneakerId?: string;
}

interface Step {
  method: 'GET' | 'POST';
  path?: string;
  setupRequest(req: autocannon.Request, context: MemberContext): autocannon.Request | undefined;
  onResponse(status: number, body: string, context: MemberContext): void;
}

/** The product's processes and their pids, as `scripts/apps.sh status` lists them. */
function productProcesses(): { name: string; pid: number }[] {
  const status = execFileSync('scripts/apps.sh', ['status'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return status
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, state, pid]) => state === 'up' && /^\d+$/.test(pid ?? ''))
    .map(([name, , pid]) => ({ name: name!, pid: Number(pid) }));
}

export default async function load(ctx: BenchContext): Promise<BenchResult> {
  const members = setting('BENCH_MEMBERS', 200, { whole: true });
  const durationS = setting('BENCH_DURATION_S', 300, { whole: true });
  // A person reads a page before the next click: each member makes this many requests a second at most (0: each
  // request as soon as the last one is answered, a stress test of 200 requests always in flight).
  const memberRate = setting('BENCH_MEMBER_RATE', 1, { zero: true });
  const bff = `http://127.0.0.1:${process.env.KS_BFF_PORT ?? 8080}`;
  assertLoopback(bff);
  const processes = productProcesses();
  if (!processes.some((p) => p.name === 'bff')) throw new Error('the product is not running: KS_TEST_MODE=true scripts/apps.sh up');

  const latencies = new Map<Route, number[]>(ROUTES.map((route) => [route, []]));
  const statuses = new Map<Route, Map<number, number>>(ROUTES.map((route) => [route, new Map()]));
  const sent = (route: Route, context: MemberContext) => {
    context.route = route;
    context.sentAt = performance.now();
  };
  const answered = (status: number, context: MemberContext) => {
    const route = context.route!;
    latencies.get(route)!.push(performance.now() - context.sentAt!);
    const byStatus = statuses.get(route)!;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  };
  // Fresh objects each time: autocannon writes the body's Content-Length into the headers it is given. Each member
  // calls from an address of its own: on one machine every request comes from 127.0.0.1, and the per-address
  // limits (sign-ups an hour) would refuse the members as if they were one person.
  let signUps = 0;
  const json = (context: MemberContext) => ({ 'content-type': 'application/json', 'x-forwarded-for': context.address! });
  const auth = (context: MemberContext) => ({ ...json(context), authorization: `Bearer ${context.token}` });

  const steps: Step[] = [
    {
      method: 'POST',
      path: '/api/auth/test-login',
      setupRequest: (req: autocannon.Request, context: MemberContext): autocannon.Request | undefined => {
        context.address = memberAddress(++signUps);
        sent('sign up', context);
        return { ...req, headers: json(context), body: JSON.stringify({ email: `load-${randomUUID().slice(0, 12)}@bench.example` }) };
      },
      onResponse: (status: number, body: string, context: MemberContext) => {
        answered(status, context);
        if (status === 200) context.token = JSON.parse(body).data.tokens.accessToken;
      },
    },
    {
      method: 'GET',
      path: '/api/sneakers/search?q=jordan&limit=5',
      setupRequest: (req: autocannon.Request, context: MemberContext): autocannon.Request | undefined => {
        if (!context.token) return undefined;
        sent('search', context);
        return { ...req, headers: auth(context) };
      },
      onResponse: (status: number, body: string, context: MemberContext) => {
        answered(status, context);
        if (status === 200) context.sneakerId = JSON.parse(body).data.sneakers[0]?.id;
      },
    },
    {
      method: 'GET',
      setupRequest: (req: autocannon.Request, context: MemberContext): autocannon.Request | undefined => {
        if (!context.sneakerId) return undefined;
        sent('view', context);
        return { ...req, path: `/api/sneakers/${context.sneakerId}`, headers: auth(context) };
      },
      onResponse: (status: number, _body: string, context: MemberContext) => answered(status, context),
    },
    {
      method: 'POST',
      path: '/api/collections',
      setupRequest: (req: autocannon.Request, context: MemberContext): autocannon.Request | undefined => {
        sent('add', context);
        return { ...req, headers: auth(context), body: JSON.stringify({ name: 'Load Pair', brand: 'Nike', size: 10, purchasePrice: 12_000 }) };
      },
      onResponse: (status: number, _body: string, context: MemberContext) => answered(status, context),
    },
    {
      method: 'POST',
      path: '/api/price-alerts',
      setupRequest: (req: autocannon.Request, context: MemberContext): autocannon.Request | undefined => {
        sent('alert', context);
        return { ...req, headers: auth(context), body: JSON.stringify({ sneakerId: context.sneakerId, targetPrice: 5_000 }) };
      },
      onResponse: (status: number, _body: string, context: MemberContext) => answered(status, context),
    },
  ];

  // autocannon skips the rest of a round when a step has nothing to send (no token, no sneaker found): it answers no request.
  const requests = steps.map(({ setupRequest, onResponse, ...step }): autocannon.Request => ({
    ...step,
    setupRequest: (req, context) => setupRequest(req, context as MemberContext) as autocannon.Request,
    onResponse: (status, body, context) => onResponse(status, body, context as MemberContext),
  }));
  const pace = memberRate > 0 ? `each at most ${memberRate} request(s) a second` : 'each request as soon as the last is answered';
  ctx.log(`load: ${members} members, ${pace}, for ${durationS} s against ${bff} (load average ${machine().loadAverage.join(' ')})`);
  const cpuBefore = new Map(processes.map((p) => [p.name, processCpuSeconds(p.pid)]));
  const started = performance.now();
  // Members arrive over the first second, in waves, as people do, rather than all in the same millisecond (autocannon
  // opens every connection of a run at once); each wave runs for the whole duration.
  const waveCount = Math.min(ARRIVAL_WAVES, members);
  const waves = Array.from({ length: waveCount }, (_, i) => Math.floor(((i + 1) * members) / waveCount) - Math.floor((i * members) / waveCount));
  const runs = await Promise.all(
    waves.map(async (connections, i) => {
      await sleep((i * ARRIVAL_MS) / waves.length);
      return autocannon({ url: bff, connections, duration: durationS, requests, timeout: 10, ...(memberRate > 0 && { connectionRate: memberRate }) });
    }),
  );
  const result = {
    requests: { total: runs.reduce((n, run) => n + run.requests.total, 0) },
    errors: runs.reduce((n, run) => n + run.errors, 0),
    timeouts: runs.reduce((n, run) => n + run.timeouts, 0),
  };
  const seconds = (performance.now() - started) / 1000;
  const cpu = processes.map((p) => {
    const before = cpuBefore.get(p.name);
    const after = processCpuSeconds(p.pid);
    return { name: p.name, cpuSeconds: before === undefined || after === undefined ? null : round(after - before, 1) };
  });

  const perRoute = ROUTES.map((route) => {
    const sorted = [...latencies.get(route)!].sort((a, b) => a - b);
    const byStatus = Object.fromEntries(statuses.get(route)!);
    const errors = Object.entries(byStatus).reduce((n, [status, count]) => n + (Number(status) >= 400 ? count : 0), 0);
    return { route, requests: sorted.length, errors, statuses: byStatus, p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), p99: round(percentile(sorted, 99), 1) };
  });
  const errors = perRoute.reduce((n, r) => n + r.errors, 0) + result.errors + result.timeouts;
  const data = { members, durationS, seconds: round(seconds, 1), requests: result.requests.total, connectionErrors: result.errors, timeouts: result.timeouts, perRoute, cpu, machine: machine() };
  const path = writeResult('load', data);
  const lines = [
    `${members} members, ${pace}, for ${durationS} s${durationS < 300 ? ` (shortened from 300 s by BENCH_DURATION_S)` : ''}; load average at the end ${machine().loadAverage.join(' ')} on ${machine().cpus} cores`,
    ...table([['route', 'requests', 'errors', 'statuses', 'p50 ms', 'p95 ms', 'p99 ms'], ...perRoute.map((r) => [r.route, r.requests, r.errors, JSON.stringify(r.statuses), r.p50, r.p95, r.p99])]),
    `connection errors ${result.errors}, timeouts ${result.timeouts}, requests ${result.requests.total} (${round(result.requests.total / seconds, 1)}/s)`,
    'CPU seconds per process:',
    ...table([['process', 'cpu s', 'share of the run'], ...cpu.map((c) => [c.name, c.cpuSeconds ?? 'n/a', c.cpuSeconds === null ? 'n/a' : `${round((100 * c.cpuSeconds) / seconds, 1)}%`])]),
    `(${path})`,
  ];
  return { name: 'load', target: '0 errors', pass: errors === 0, lines, data };
}

if (import.meta.main) await runAlone(load);
