// Shared pieces of the benchmarks: the local stack's addresses, throwaway databases and topics,
// service processes on free ports, a load generator with exact latencies, and result files.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createKafka, createLogger, createPgPool, databaseUrlFor, ensureDatabase, ensureTopics } from '@kicksight/platform';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS_DIR = `${REPO_ROOT}.stack/bench`;

/** The local stack's servers a benchmark may use, all on the loopback interface. */
export interface StackEnv {
  postgres: string;
  redis: string;
  kafkaBrokers: string[];
  /** The MongoDB-compatible server (no database in the URL). */
  mongo: string;
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
  const stack = { postgres: need('KS_POSTGRES_URL'), redis: need('KS_REDIS_URL'), kafkaBrokers: need('KS_KAFKA_BROKERS').split(','), mongo: need('KS_MONGO_URL') };
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

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
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
export async function throwawayTopics(brokers: string[], prefix: string): Promise<{ drop: () => Promise<void> }> {
  const kafka = createKafka({ clientId: 'bench', brokers, logger: createLogger('bench', 'silent') });
  const topics = await ensureTopics(kafka, { prefix, partitions: 1 });
  return {
    drop: async () => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.deleteTopics({ topics, timeout: 10_000 });
      } finally {
        await admin.disconnect();
      }
    },
  };
}

export interface ServiceProcess {
  url: string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The Node options every service process gets (an `env.NODE_OPTIONS` of startService replaces them). */
export const SERVICE_NODE_OPTIONS = '--disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning';

/**
 * Runs `node <entry>` with exactly the given environment (plus PATH and HOME) and waits until
 * `readyPath` answers 200 on `port`; fails with the process's last output if it exits or times out.
 */
export async function startService({ name, entry, port, env, readyPath = '/readyz', timeoutMs = 60_000 }: { name: string; entry: string; port: number; env: Record<string, string>; readyPath?: string; timeoutMs?: number }): Promise<ServiceProcess> {
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_OPTIONS: SERVICE_NODE_OPTIONS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited(child);
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.join('\n')}`);
    }
    const ok = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop(2_000);
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Latency (ms) and throughput of one load run, from every 2xx answer's own timing. */
export interface LoadStats {
  url: string;
  connections: number;
  durationS: number;
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

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/**
 * Loads `url` with `connections` keep-alive connections for `durationS` seconds (autocannon).
 * Latencies come from each response's high-resolution timing rather than autocannon's whole-millisecond histogram.
 */
export async function load({ url, headers = {}, connections, durationS }: { url: string; headers?: Record<string, string>; connections: number; durationS: number }): Promise<LoadStats> {
  assertLoopback(url);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: durationS, pipelining: 1 }, (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, v) => sum + v, 0) / Math.max(1, latencies.length);
  return {
    url,
    connections,
    durationS,
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / result.duration, 1),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    mean: round(mean),
    max: round(latencies.at(-1) ?? Number.NaN),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Writes a benchmark's data to `.stack/bench/<name>.json` and returns the path. */
export function writeResult(name: string, data: Record<string, unknown>): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}/${name}.json`;
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** The machine, for reading numbers later. */
export const machine = () => ({ node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', platform: process.platform });

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
