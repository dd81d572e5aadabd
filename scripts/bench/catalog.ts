// The catalog on the full catalogue: every real product of the data files plus 50,000 generated ones and over a
// million sales (`import.ts --large`, into a database of its own that is kept between runs: a second import finds
// everything there and writes nothing; BENCH_FRESH=1 drops it first). The catalog runs as its own process
// (node services/catalog/src/main.ts, feed off) and is loaded by autocannon with 32 connections, as an
// administrator (never metered: billing's own cost is measured by the consume benchmark):
//   search (rotating queries: names, prefixes, typos, brands), detail (rotating sneakers), daily sales for 365 days.
// The verdict is on the latency the client sees; beside it, the service's own time per call, from the
// `Server-Timing: app;dur=` header the catalog sets (arrival at its HTTP server to the answer's head).
// Beside it, the same searches as a `$regex` query on the same data, straight to the store (one at a time: each reads
// the whole collection on FerretDB).
//   node scripts/bench/catalog.ts     (or: npm run bench catalog)
//   BENCH_DURATION_S=10 BENCH_CONNECTIONS=32 BENCH_REGEX_QUERIES=4 BENCH_FRESH=1
//   BENCH_CALLS=search,detail,daily,regex   the calls to load (all by default; the verdict then covers those run)
//   BENCH_CPU_PROF=<dir>   also writes a CPU profile of the catalog there (node --cpu-prof)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { Cleanups, REPO_ROOT, catalogEnv, SERVICE_NODE_OPTIONS, cpuSecondsBetween, cpuUsPerCall, freePort, getPaths, machine, percentile, round, runAlone, runName, setting, startProcess, startTokenIssuer, table, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P95_MS = 10;
const DATABASE = 'catalog_bench_large';
const MIN_PRODUCTS = 50_000;
const MIN_SALES = 1_000_000;
const CALLS = ['search', 'detail', 'daily', 'regex'] as const;
type Call = (typeof CALLS)[number];

/** The calls BENCH_CALLS names (every one by default). */
function callsAsked(): Call[] {
  const asked = (process.env.BENCH_CALLS ?? CALLS.join(',')).split(',').map((c) => c.trim()).filter(Boolean);
  const unknown = asked.filter((c) => !(CALLS as readonly string[]).includes(c));
  if (unknown.length > 0 || asked.length === 0) throw new Error(`BENCH_CALLS takes a list of ${CALLS.join(', ')}`);
  return asked as Call[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Spread {
  p50: number;
  p95: number;
  p99: number;
}

interface Stats extends Spread {
  requests: number;
  requestsPerSecond: number;
  failed: number;
  /** The service's own time per call (Server-Timing), when its answers carry it. */
  service?: Spread;
  /** CPU time per answered call (us): the catalog process, and this process (the load generator). */
  cpuUsPerCall?: { catalog: number | null; client: number | null };
}

const spreadOf = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
};

const statsOf = (latencies: number[], failed: number, seconds: number, serviceTimes: number[] = []): Stats => ({
  requests: latencies.length,
  requestsPerSecond: round(latencies.length / seconds),
  ...spreadOf(latencies),
  failed,
  ...(serviceTimes.length > 0 ? { service: spreadOf(serviceTimes) } : {}),
});

/** Runs the import CLI with `--large` against the bench database, its report and progress going to the log. */
function importLarge(mongoUrl: string, log: (line: string) => void): Promise<{ products: number; sales: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['services/catalog/src/cli/import.ts', '--large', '--quiet'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, MONGO_URL: mongoUrl, SERVICE_TOKEN: 'bench-import-token-000000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let report = '';
    child.stdout.on('data', (chunk: Buffer) => {
      report += chunk.toString();
      chunk.toString().split('\n').filter(Boolean).forEach((line) => log(`[catalog] import: ${line}`));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      // The report's line 'catalogue: <n> products (...), <n> real sales, <n> sales in all' (counting on FerretDB reads every document).
      const totals = /catalogue: (\d+) products .*, (\d+) sales in all/.exec(report);
      if (code !== 0 || !totals) reject(new Error(`the import exited with ${code}${totals ? '' : ' and no totals'}`));
      else resolve({ products: Number(totals[1]), sales: Number(totals[2]) });
    });
  });
}

/** GETs the paths in turn over `connections` connections for `seconds`: the latencies seen and the service's own times. */
const loadPaths = async (base: string, token: string, paths: string[], connections: number, seconds: number): Promise<Stats> => {
  const { latencies, serviceTimes, failed } = await getPaths(base, token, paths, connections, seconds);
  return statsOf(latencies, failed, seconds, serviceTimes);
};

/**
 * The same searches as `$regex` queries straight to the store, one at a time: FerretDB answers each by
 * reading the whole collection, so 32 at once would take the better part of an hour.
 */
async function loadRegex(collection: mongoose.mongo.Collection, queries: string[], count: number): Promise<Stats> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  for (const q of queries.slice(0, count)) {
    const re = { $regex: escapeRegex(q), $options: 'i' };
    const at = performance.now();
    try {
      await collection.find({ $or: [{ name: re }, { brand: re }, { colorway: re }, { sku: re }] }, { projection: { name: 1, brand: 1, colorway: 1, stats: 1, imageUrl: 1 } }).limit(50).toArray();
      latencies.push(performance.now() - at);
    } catch {
      failed += 1;
    }
  }
  return statsOf(latencies, failed, (performance.now() - started) / 1000);
}

/** Queries a member types: whole names, the first word or two, a brand with a model, one letter dropped. */
function searchQueries(names: string[], count: number): string[] {
  const queries: string[] = [];
  for (let i = 0; queries.length < count; i++) {
    const words = names[(i * 7919) % names.length]!.split(/\s+/);
    const kind = i % 4;
    if (kind === 0) queries.push(words.slice(0, 3).join(' '));
    else if (kind === 1) queries.push(words[0]!.slice(0, Math.max(2, words[0]!.length - 1)));
    else if (kind === 2) queries.push(words.slice(0, 2).join(' '));
    else {
      const word = words.find((w) => w.length > 4) ?? words[0]!;
      const at = 1 + (i % (word.length - 1));
      queries.push(word.slice(0, at) + word.slice(at + 1));
    }
  }
  return queries;
}

export default async function catalog(ctx: BenchContext): Promise<BenchResult> {
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 32);
  const regexQueries = setting('BENCH_REGEX_QUERIES', 4);
  const calls = callsAsked();
  const { stack, log } = ctx;
  const cleanups = new Cleanups();
  const mongoUrl = `${stack.mongo.replace(/\/$/, '')}/${DATABASE}`;
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  cleanups.add('close the store connection', () => connection.close());
  try {
    const db = connection.db!;
    if (process.env.BENCH_FRESH === '1') {
      log(`[catalog] dropping ${DATABASE}`);
      await db.dropDatabase();
    }
    const importStarted = performance.now();
    log(`[catalog] importing the full catalogue into ${DATABASE} (minutes the first time; nothing is written when it is there)`);
    const { products, sales } = await importLarge(mongoUrl, log);
    const importS = round((performance.now() - importStarted) / 1000);
    log(`[catalog] ${products} products, ${sales} sales (import step ${importS} s)`);

    const name = runName('catalog');
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);
    const issuer = await startTokenIssuer(cleanups);
    const token = await issuer.sign({ id: randomBytes(8).toString('hex'), role: 'admin', tier: 'unlimited' });

    const [port, internalPort, closed] = [await freePort(), await freePort(), await freePort()];
    const startedAt = performance.now();
    const service = await startProcess({
      name: 'catalog',
      entry: 'services/catalog/src/main.ts',
      port,
      timeoutMs: 900_000,
      env: {
        ...catalogEnv({ port, internalPort, billingPort: closed, mongoUrl, stack, name, jwksUrl: issuer.jwksUrl }),
        ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `${SERVICE_NODE_OPTIONS} --cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
      },
    });
    cleanups.add('stop the catalog', () => service.stop());
    const readyS = round((performance.now() - startedAt) / 1000);
    log(`[catalog] ready on 127.0.0.1:${port} in ${readyS} s (search index built from the store)`);

    // From the small summary documents (a sneaker document costs milliseconds to read on FerretDB).
    const all = await db.collection('sneaker_summaries').find({}, { projection: { name: 1 } }).toArray();
    const ids = Array.from({ length: 2_000 }, (_, i) => String(all[(i * 104_729) % all.length]!._id));
    const queries = searchQueries(
      all.map((d) => String(d.name)),
      400,
    );
    const paths = {
      search: queries.map((q) => `/api/sneakers/search?q=${encodeURIComponent(q)}`),
      detail: ids.map((id) => `/api/sneakers/${id}`),
      daily: ids.map((id) => `/api/sneakers/${id}/sales/daily?days=365&limit=365`),
    };

    const results: Partial<Record<Call, Stats>> = {};
    const loadAverage: Partial<Record<Call, number>> = {};
    for (const [label, list] of Object.entries(paths) as [Exclude<Call, 'regex'>, string[]][]) {
      if (!calls.includes(label)) continue;
      log(`[catalog] ${label}: warm-up 3 s, then ${connections} connections for ${durationS} s`);
      await loadPaths(service.url, token, list, connections, 3);
      const [catalogCpu, ownCpu] = [service.cpuSeconds(), process.cpuUsage()];
      const stats = await loadPaths(service.url, token, list, connections, durationS);
      const catalogUsed = service.cpuSeconds();
      const { user, system } = process.cpuUsage(ownCpu);
      const answered = stats.requests + stats.failed;
      results[label] = { ...stats, cpuUsPerCall: { catalog: cpuUsPerCall(cpuSecondsBetween(catalogCpu, catalogUsed), answered), client: cpuUsPerCall((user + system) / 1e6, answered) } };
      loadAverage[label] = machine().loadAverage[0]!;
    }
    if (calls.includes('regex')) {
      log(`[catalog] $regex on the store: ${regexQueries} queries, one at a time`);
      results.regex = await loadRegex(db.collection('sneakers'), queries, regexQueries);
    }

    const searchRatio = results.regex && results.search ? round(results.regex.p50 / results.search.p50) : null;
    const labels: Record<Call, string> = { search: 'search (index)', regex: 'search ($regex, 1 at a time)', detail: 'detail', daily: 'daily 365 d' };
    const row = (call: Call, s: Stats) => [labels[call], s.p50, s.p95, s.p99, s.service?.p50 ?? '-', s.service?.p95 ?? '-', s.service?.p99 ?? '-', s.requestsPerSecond, s.requests, s.failed, s.cpuUsPerCall?.catalog ?? '-', s.cpuUsPerCall?.client ?? '-', loadAverage[call] ?? '-'];
    const served = (['search', 'detail', 'daily'] as const).filter((k) => results[k]);
    const pass = products >= MIN_PRODUCTS && sales >= MIN_SALES && served.length > 0 && served.every((k) => results[k]!.failed === 0 && results[k]!.p95 <= TARGET_P95_MS);
    const lines = [
      `${products} products, ${sales} sales; ${connections} connections, ${durationS} s each after a 3 s warm-up (${machine().cpus} CPUs, node ${process.version})`,
      ...table([
        ['', 'p50 ms', 'p95 ms', 'p99 ms', 'service p50', 'service p95', 'service p99', 'req/s', 'requests', 'failed', 'catalog CPU us/call', 'client CPU us/call', 'load 1 min'],
        ...(['search', 'regex', 'detail', 'daily'] as const).flatMap((call) => (results[call] ? [row(call, results[call])] : [])),
      ]),
      `p50/p95/p99: as the client sees it (the verdict); service: the catalog's own time (Server-Timing), arrival to answer; CPU per call: the catalog process and the load generator`,
      ...(searchRatio === null ? [] : [`search p50: $regex (one query at a time) / index (32 connections) = ${searchRatio}x`]),
      `catalog ready in ${readyS} s on this catalogue (index built from the store)`,
    ];
    const file = writeResult(calls.length === CALLS.length ? 'catalog' : `catalog-${calls.join('-')}`, { products, sales, connections, durationS, readyS, importS, calls, results, searchRatio, machine: machine() });
    lines.push(`written to ${file}`);
    return {
      name: 'catalog',
      target: `>= ${MIN_PRODUCTS} products and >= ${MIN_SALES} sales; p95 <= ${TARGET_P95_MS} ms (client side) for ${served.join(', ')}`,
      pass,
      lines,
      data: { results, searchRatio },
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(catalog);
