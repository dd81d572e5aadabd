// Shared pieces of the benchmarks: the local stack's addresses, throwaway databases and topics,
// service processes on free ports, a load generator with exact latencies, and result files.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import express from 'express';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, createKafka, createLogger, createPgPool, databaseUrlFor, ensureDatabase, listen } from '@kicksight/platform';
import { REPO_ROOT, SERVICE_NODE_OPTIONS, createTopicsUnder, freePort, startNginx, startProcess, type ServiceProcess } from '@kicksight/testkit';

/** Service processes on free ports come from the test kit, as integration tests start them. */
export { REPO_ROOT, SERVICE_NODE_OPTIONS, freePort, startNginx, startProcess, type ServiceProcess };
export const RESULTS_DIR = `${REPO_ROOT}.stack/bench`;

/** The local stack's servers a benchmark may use, all on the loopback interface. */
export interface StackEnv {
  postgres: string;
  redis: string;
  kafkaBrokers: string[];
  /** The MongoDB-compatible server (no database in the URL). */
  mongo: string;
  /** The trace backend, where the stack runs one. */
  zipkin?: string;
}

/** What every benchmark receives from the runner. */
export interface BenchContext {
  stack: StackEnv;
  /** Progress lines (to stderr, so results on stdout stay clean). */
  log(line: string): void;
}

/** What every benchmark answers: a verdict, lines for the terminal, and the data written to `.stack/bench/<name>.json`. */
export interface BenchResult {
  name: string;
  target: string;
  pass: boolean;
  lines: string[];
  data: Record<string, unknown>;
}

export type Bench = (ctx: BenchContext) => Promise<BenchResult>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Refuses anything but the loopback interface: a benchmark never loads another machine. */
export function assertLoopback(address: string): void {
  const host = address.includes('://') ? new URL(address).hostname : address.replace(/:\d+$/, '');
  if (!LOOPBACK.has(host)) throw new Error(`benchmarks only target 127.0.0.1, not ${address}`);
}

/** Reads `.stack/stack.env` (written by scripts/stack.sh up). */
export function readStackEnv(path = `${REPO_ROOT}.stack/stack.env`): StackEnv {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`no ${path}: start the local stack first (scripts/stack.sh up)`);
  }
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*?)\s*(?:#.*)?$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  const need = (name: string) => {
    const value = vars[name];
    if (!value) throw new Error(`${path} has no ${name}`);
    return value;
  };
  const stack: StackEnv = { postgres: need('KS_POSTGRES_URL'), redis: need('KS_REDIS_URL'), kafkaBrokers: need('KS_KAFKA_BROKERS').split(','), mongo: need('KS_MONGO_URL'), zipkin: vars.KS_ZIPKIN_URL };
  [stack.postgres, stack.redis, stack.mongo, ...stack.kafkaBrokers].forEach(assertLoopback);
  return stack;
}

/** A name unique to this run, safe as a database name and topic prefix. */
export const runName = (label: string): string => `bench_${label}_${randomBytes(4).toString('hex')}`;

/** Undo steps, run in reverse order; a failing step does not stop the others. */
export class Cleanups {
  private readonly steps: { what: string; run: () => Promise<unknown> }[] = [];
  add(what: string, run: () => Promise<unknown>): void {
    this.steps.push({ what, run });
  }
  async run(log: (line: string) => void): Promise<void> {
    while (this.steps.length > 0) {
      const step = this.steps.pop()!;
      await step.run().catch((err: unknown) => log(`cleanup "${step.what}" failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
}

/** A database of its own on the stack's server; `drop` removes it (connections cut). */
export async function throwawayDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = databaseUrlFor(serverUrl, 'postgres');
  await ensureDatabase(adminUrl, name);
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      const admin = createPgPool(adminUrl, { max: 1, name: 'bench' });
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** The contracts' topics under a prefix of their own; `drop` deletes them. */
export function throwawayTopics(brokers: string[], prefix: string): Promise<{ drop: () => Promise<void> }> {
  return createTopicsUnder(createKafka({ clientId: 'bench', brokers, logger: createLogger('bench', 'silent') }), prefix);
}

/** Latency (ms) and throughput of one load run, from every 2xx answer's own timing. */
export interface LoadStats {
  url: string;
  connections: number;
  durationS: number;
  /** The paced request rate asked for (requests per second over all connections), or null for a saturated run. */
  targetRate: number | null;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/** The call budget kept from the first call on: at most `rate` calls by the end of each window. */
export function keptToRate(callTimes: number[], rate: number, windowMs: number): { kept: boolean; worst: { calls: number; allowed: number } } {
  const sorted = [...callTimes].sort((a, b) => a - b);
  let worst = { calls: 0, allowed: rate, over: -Infinity };
  sorted.forEach((at, i) => {
    const allowed = rate * (Math.floor((at - sorted[0]!) / windowMs) + 1);
    const over = i + 1 - allowed;
    if (over > worst.over) worst = { calls: i + 1, allowed, over };
  });
  return { kept: worst.over <= 0, worst: { calls: worst.calls, allowed: worst.allowed } };
}

/**
 * A benchmark's setting from the environment (`BENCH_...`), or its default; a value that is not a
 * positive number (or zero, where `zero` allows it; a whole number, where `whole` asks for one) stops
 * the run with the setting's name.
 */
export function setting(name: string, fallback: number, { zero = false, whole = false } = {}): number {
  const value = Number(process.env[name] ?? fallback);
  const valid = Number.isFinite(value) && (zero ? value >= 0 : value > 0) && (!whole || Number.isInteger(value));
  if (!valid) throw new Error(`${name} must be a ${zero ? 'non-negative' : 'positive'} ${whole ? 'whole number' : 'number'}`);
  return value;
}

/** CPU seconds a process spent between two readings of `cpuSeconds()` (undefined when either could not be read). */
export const cpuSecondsBetween = (before: number | undefined, after: number | undefined): number | undefined =>
  before === undefined || after === undefined ? undefined : after - before;

/** Microseconds of CPU per call: CPU seconds spent over `calls` calls (null when the CPU time could not be read). */
export function cpuUsPerCall(cpuSeconds: number | undefined, calls: number): number | null {
  return cpuSeconds === undefined || !Number.isFinite(cpuSeconds) || calls <= 0 ? null : Math.round((cpuSeconds / calls) * 1e6);
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
  /**
   * Requests per second over all connections, spread evenly in time; without it every connection
   * sends its next request as soon as the previous answer is in (saturation).
   */
  rate?: number;
}

/** The raw outcome of one load run; several runs of the same target can be pooled with `summarize`. */
export interface LoadSample {
  url: string;
  connections: number;
  targetRate: number | null;
  durationS: number;
  /** Latencies (ms) of the 2xx answers, in arrival order. */
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What `setupClient` receives is autocannon's connection object; these are the parts pacing needs. */
interface PacedClient {
  destroyed: boolean;
  _doRequest(...args: unknown[]): void;
  on(event: 'done', listener: () => void): unknown;
}

/**
 * Sends each connection's requests on a fixed schedule: `connections / rate` seconds apart, the
 * connections offset from each other so that arrivals over all of them are `1 / rate` apart. A
 * request whose slot has passed (the previous answer came late) goes at once (counted in `late` when
 * given), and the schedule restarts from there rather than catching up in a burst.
 *
 * autocannon's own `overallRate`/`connectionRate` only cap the count per second: every connection
 * sends its share back to back at the start of each second and then waits, so a run at 300 req/s
 * is a burst at full speed followed by silence (its latencies are those of saturation).
 */
export function pacer(rate: number, connections: number, late?: { count: number }): (client: unknown) => void {
  const intervalMs = (connections * 1000) / rate;
  const startMs = performance.now() + 50;
  let index = 0;
  return (raw) => {
    const client = raw as PacedClient;
    const send = client._doRequest.bind(client);
    let slot = startMs + (index++ * intervalMs) / connections;
    let timer: NodeJS.Timeout | undefined;
    client._doRequest = (...args: unknown[]) => {
      const now = performance.now();
      if (late && now > slot + 1) late.count += 1;
      const at = Math.max(slot, now);
      slot = at + intervalMs;
      if (at === now) return send(...args);
      timer = setTimeout(() => {
        timer = undefined;
        if (!client.destroyed) send(...args);
      }, at - now);
    };
    client.on('done', () => clearTimeout(timer));
  };
}

/**
 * Loads `url` with `connections` keep-alive connections for `durationS` seconds (autocannon),
 * saturated or at a paced `rate`. Latencies come from each response's high-resolution timing
 * (from the request's write to its last byte) rather than autocannon's whole-millisecond histogram.
 */
export async function measure({ url, headers = {}, connections, durationS, rate }: LoadOptions): Promise<LoadSample> {
  assertLoopback(url);
  const latencies: number[] = [];
  const paced = rate !== undefined && rate > 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options: autocannon.Options = { url, headers, connections, duration: durationS, pipelining: 1, ...(paced ? { setupClient: pacer(rate, connections) } : {}) };
    const instance = autocannon(options, (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  return { url, connections, targetRate: paced ? rate : null, durationS: result.duration, latencies, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
}

/** Percentiles and throughput of one or more runs of the same target, pooled. */
export function summarize(samples: LoadSample[]): LoadStats {
  const first = samples[0];
  if (!first) throw new Error('nothing to summarize');
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const durationS = samples.reduce((sum, s) => sum + s.durationS, 0);
  const sum = (pick: (s: LoadSample) => number) => samples.reduce((total, s) => total + pick(s), 0);
  const mean = latencies.reduce((total, v) => total + v, 0) / Math.max(1, latencies.length);
  return {
    url: first.url,
    connections: first.connections,
    durationS: round(durationS, 1),
    targetRate: first.targetRate,
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / durationS, 1),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    mean: round(mean),
    max: round(latencies.at(-1) ?? Number.NaN),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
  };
}

/** One load run (see `measure`), summarized. */
export async function load(options: LoadOptions): Promise<LoadStats> {
  return summarize([await measure(options)]);
}

/** The service's own time from `Server-Timing: app;dur=<ms>`, if the answer has one. */
export function serviceTimeOf(headers: Record<string, unknown>): number | undefined {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'server-timing')?.[1];
  const dur = /(?:^|,)\s*app;dur=([\d.]+)/.exec(String(value ?? ''))?.[1];
  return dur === undefined ? undefined : Number(dur);
}

/** Writes a benchmark's data to `.stack/bench/<name>.json` and returns the path. */
export function writeResult(name: string, data: Record<string, unknown>): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}/${name}.json`;
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** The machine, for reading numbers later; the load average tells whether other work shared it. */
export const machine = () => ({
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  platform: process.platform,
  loadAverage: loadavg().map((n) => round(n, 2)),
});

/** A fixed-width table. */
export function table(rows: (string | number)[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('   '));
}

export const defaultContext = (): BenchContext => ({ stack: readStackEnv(), log: (line) => console.error(line) });

/** Prints a result and its verdict. */
export function report(result: BenchResult): void {
  console.log(`\n== ${result.name}`);
  for (const line of result.lines) console.log(line);
  console.log(`target: ${result.target}  ->  ${result.pass ? 'PASS' : 'FAIL'}`);
}

/** Runs one benchmark when its file is started by itself (`node scripts/bench/<name>.ts`). */
export async function runAlone(bench: Bench): Promise<void> {
  const result = await bench(defaultContext());
  report(result);
  process.exitCode = result.pass ? 0 : 1;
}

export interface TokenIssuer {
  /** Where the services read the issuer's public key (a JWKS). */
  jwksUrl: string;
  /** An access token for the user, valid for an hour. */
  sign(user: { id: string; role: 'member' | 'admin'; tier: string; email?: string }): Promise<string>;
}

/** Signs access tokens the way auth does, and serves their public key on loopback for the run (stopped by `cleanups`). */
export async function startTokenIssuer(cleanups: Cleanups): Promise<TokenIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256' };
  const jwks = await listen(express().get('/jwks.json', (_req, res) => void res.json({ keys: [jwk] })), 0, '127.0.0.1');
  cleanups.add('stop the JWKS server', () => closeServer(jwks.server, 100));
  return {
    jwksUrl: `${jwks.url}/jwks.json`,
    sign: ({ id, role, tier, email = 'bench@example.com' }) =>
      new SignJWT({ email, name: 'Bench', role, tier })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
        .setSubject(id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}

/** GETs the paths in turn over `connections` connections for `seconds`; latencies of 200 answers (ms), and the service's own times. */
export function getPaths(base: string, token: string, paths: string[], connections: number, seconds: number): Promise<{ latencies: number[]; serviceTimes: number[]; failed: number }> {
  let next = 0;
  const latencies: number[] = [];
  const serviceTimes: number[] = [];
  let failed = 0;
  let headers: Record<string, unknown> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
            // Called for each answer just before its 'response' event, on the same connection.
            onResponse: (_status, _body, _context, answerHeaders) => {
              headers = (answerHeaders ?? {}) as Record<string, unknown>;
            },
          },
        ],
      },
      (err: unknown) => (err ? reject(err) : resolve({ latencies, serviceTimes, failed })),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) {
        latencies.push(time);
        const own = serviceTimeOf(headers);
        if (own !== undefined) serviceTimes.push(own);
      } else failed += 1;
      headers = {};
    });
  });
}

/**
 * What every benchmark's catalog process is started with: its two ports, the run's MongoDB database, the stack's
 * Redis and Kafka under the run's topic prefix, tokens checked against `jwksUrl`, no live market feed, and a
 * billing that is not there (`billingPort` has nothing listening). Each benchmark adds its own settings.
 */
export function catalogEnv({ port, internalPort, billingPort, mongoUrl, stack, name, jwksUrl }: { port: number; internalPort: number; billingPort: number; mongoUrl: string; stack: StackEnv; name: string; jwksUrl: string }): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    INTERNAL_PORT: String(internalPort),
    SERVICE_TOKEN: randomBytes(24).toString('hex'),
    MONGO_URL: mongoUrl,
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: name,
    JWKS_URL: jwksUrl,
    BILLING_INTERNAL_URL: `http://127.0.0.1:${billingPort}`,
    MARKET_FEED_ENABLED: 'false',
  };
}

/**
 * The collection service as its own process on free ports, against a throwaway database and topic prefix
 * (`name`), verifying tokens against an issuer served from here for the run. Everything is undone by `cleanups`.
 */
export async function startCollectionProcess(ctx: BenchContext, name: string, cleanups: Cleanups): Promise<{ service: ServiceProcess; databaseUrl: string; issuer: TokenIssuer }> {
  const { stack, log } = ctx;
  const db = await throwawayDatabase(stack.postgres, name);
  cleanups.add('drop the database', db.drop);
  const topics = await throwawayTopics(stack.kafkaBrokers, name);
  cleanups.add('delete the topics', topics.drop);
  const issuer = await startTokenIssuer(cleanups);
  const [port, internalPort] = [await freePort(), await freePort()];
  log(`[${name}] collection on 127.0.0.1:${port} (internal ${internalPort})`);
  const service = await startProcess({
    name: 'collection',
    entry: 'services/collection/src/main.ts',
    port,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      SERVICE_TOKEN: randomBytes(24).toString('hex'),
      DATABASE_URL: db.url,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: name,
      JWKS_URL: issuer.jwksUrl,
      JOBS_INTERVAL_MS: '0',
    },
  });
  cleanups.add('stop collection', () => service.stop());
  return { service, databaseUrl: db.url, issuer };
}

/**
 * The order of paced runs over several targets, in rounds: every round runs each target once, and each round starts
 * one target further on (A B C, B C A, C A B, ...), so that over the rounds every target takes every place in the order
 * and a load on the machine that comes and goes falls on every target alike. Figures are compared within a round.
 */
export const rounds = <T>(targets: readonly T[], count: number): T[][] => Array.from({ length: count }, (_, r) => targets.map((_t, i) => targets[(i + r) % targets.length]!));

/** The median of some figures (nearest rank: with an odd count, one of the figures itself). */
export const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 50);
