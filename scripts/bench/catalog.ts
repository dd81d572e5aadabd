// The catalog on the full catalogue: every real product of the data files plus 50,000 generated ones and over a
// million sales (`import.ts --large`, into a database of its own that is kept between runs: a second import finds
// everything there and writes nothing; BENCH_FRESH=1 drops it first). The catalog runs as its own process
// (node services/catalog/src/main.ts, feed off) and is loaded by autocannon with 32 connections, as an
// administrator (never metered: billing's own cost is measured by the consume benchmark):
//   search (rotating queries: names, prefixes, typos, brands), detail (rotating sneakers), daily sales for 365 days.
// Beside it, the same searches as a `$regex` query on the same data, straight to the store (one at a time: each reads
// the whole collection on FerretDB).
//   node scripts/bench/catalog.ts     (or: npm run bench catalog)
//   BENCH_DURATION_S=10 BENCH_CONNECTIONS=32 BENCH_REGEX_QUERIES=4 BENCH_FRESH=1
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { Cleanups, REPO_ROOT, SERVICE_NODE_OPTIONS, freePort, machine, percentile, runAlone, runName, startService, startTokenIssuer, table, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P95_MS = 10;
const DATABASE = 'catalog_bench_large';
const MIN_PRODUCTS = 50_000;
const MIN_SALES = 1_000_000;

const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const round = (n: number) => Number(n.toFixed(3));
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Stats {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

const statsOf = (latencies: number[], failed: number, seconds: number): Stats => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, requestsPerSecond: round(sorted.length / seconds), p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), failed };
};

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

/** GETs the paths in turn over `connections` connections for `seconds`; latencies of 200 answers (ms). */
function loadPaths(base: string, token: string, paths: string[], connections: number, seconds: number): Promise<Stats> {
  let next = 0;
  const latencies: number[] = [];
  let failed = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (err: unknown) => (err ? reject(err) : resolve(statsOf(latencies, failed, seconds))),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
      else failed += 1;
    });
  });
}

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
    const service = await startService({
      name: 'catalog',
      entry: 'services/catalog/src/main.ts',
      port,
      timeoutMs: 900_000,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        INTERNAL_PORT: String(internalPort),
        SERVICE_TOKEN: randomBytes(24).toString('hex'),
        MONGO_URL: mongoUrl,
        REDIS_URL: stack.redis,
        KAFKA_BROKERS: stack.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: name,
        JWKS_URL: issuer.jwksUrl,
        BILLING_INTERNAL_URL: `http://127.0.0.1:${closed}`,
        MARKET_FEED_ENABLED: 'false',
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

    const results: Record<string, Stats> = {};
    for (const [label, list] of Object.entries(paths)) {
      log(`[catalog] ${label}: warm-up 3 s, then ${connections} connections for ${durationS} s`);
      await loadPaths(service.url, token, list, connections, 3);
      results[label] = await loadPaths(service.url, token, list, connections, durationS);
    }
    log(`[catalog] $regex on the store: ${regexQueries} queries, one at a time`);
    results.regex = await loadRegex(db.collection('sneakers'), queries, regexQueries);

    const searchRatio = round(results.regex.p50 / results.search!.p50);
    const row = (label: string, s: Stats) => [label, s.p50, s.p95, s.p99, s.requestsPerSecond, s.requests, s.failed];
    const pass = products >= MIN_PRODUCTS && sales >= MIN_SALES && ['search', 'detail', 'daily'].every((k) => results[k]!.failed === 0 && results[k]!.p95 <= TARGET_P95_MS);
    const lines = [
      `${products} products, ${sales} sales; ${connections} connections, ${durationS} s each after a 3 s warm-up (${machine().cpus} CPUs, node ${process.version})`,
      ...table([
        ['', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'requests', 'failed'],
        row('search (index)', results.search!),
        row('search ($regex, 1 at a time)', results.regex),
        row('detail', results.detail!),
        row('daily 365 d', results.daily!),
      ]),
      `search p50: $regex (one query at a time) / index (32 connections) = ${searchRatio}x`,
      `catalog ready in ${readyS} s on this catalogue (index built from the store)`,
    ];
    const file = writeResult('catalog', { products, sales, connections, durationS, readyS, importS, results, searchRatio, machine: machine() });
    lines.push(`written to ${file}`);
    return {
      name: 'catalog',
      target: `>= ${MIN_PRODUCTS} products and >= ${MIN_SALES} sales; p95 <= ${TARGET_P95_MS} ms for search, detail and daily sales (365 d)`,
      pass,
      lines,
      data: { results, searchRatio },
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(catalog);
