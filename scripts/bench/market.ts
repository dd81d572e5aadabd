// The market from StockX, against the StockX sandbox (services/stockx-sandbox, its own process here) and a catalog
// process of its own (a throwaway database seeded with generated sneakers given real StockX style ids, feed off,
// MARKET_SOURCES=stockx), linked to the sandbox the way an administrator links StockX. Two measures:
//   1. The sync of 1,000 variants: members set price alerts on 20 sizes of each of 50 sneakers (collection's
//      alert.created events); the sync maps each sneaker (two calls: search, variants) and reads every size (one call
//      each), keeping to STOCKX_RATE_LIMIT_PER_MINUTE across the run. The verdict: every variant read, and never more
//      calls than the rate allows from the first call on (at most `rate` calls in each minute of the budget's windows).
//   2. GET /api/sneakers/{id}/market for those sneakers (20 sizes read each), from the pod's cache, BENCH_DURATION_S
//      seconds over BENCH_CONNECTIONS connections: p95 of the latency the client sees <= 10 ms (the service's own
//      time, from its Server-Timing header, beside it).
// The machine's load average is printed with both.
//   node scripts/bench/market.ts     (or: npm run bench market)
//   BENCH_STOCKX_RATE=600 BENCH_DURATION_S=10 BENCH_CONNECTIONS=4
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import mongoose from 'mongoose';
import { createEventProducer, createKafka, createLogger, newEvent, systemClock, type OutgoingEvent } from '@kicksight/platform';
import { Cleanups, REPO_ROOT, catalogEnv, SERVICE_NODE_OPTIONS, freePort, getPaths, keptToRate, machine, percentile, round, runAlone, runName, setting, startProcess, startTokenIssuer, table, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';
import { startStockxSandbox } from '@kicksight/testkit';

const TARGET_P95_MS = 10;
const SNEAKERS = 50;
/** US 4 to 13.5: 20 sizes of each sneaker (the sandbox carries 4 to 14). */
const SIZES = Array.from({ length: 20 }, (_, i) => 4 + i / 2);
const WINDOW_MS = 60_000;
const DATA_DIR = process.env.DATA_DIR ?? join(REPO_ROOT, '..', 'shared', 'data');
const CLIENT = { id: 'kicksight-bench-app', secret: 'kicksight-bench-secret', apiKey: 'kicksight-bench-api-key' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((n) => round(n, 2));

/** Real StockX style ids of the sandbox's catalogue, one per product. */
function styleIds(count: number): string[] {
  const products = JSON.parse(readFileSync(join(DATA_DIR, 'stockx-2020-10-catalog.json'), 'utf8')) as { style_id: string | null }[];
  // One product per style id, so that each sneaker maps to exactly one.
  const key = (styleId: string) => styleId.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const counts = new Map<string, number>();
  for (const { style_id: styleId } of products) if (styleId) counts.set(key(styleId), (counts.get(key(styleId)) ?? 0) + 1);
  const ids = products.map((p) => p.style_id).filter((s): s is string => !!s && /^[A-Z0-9-]{5,}$/.test(s) && counts.get(key(s)) === 1);
  if (ids.length < count) throw new Error(`the sandbox's catalogue has ${ids.length} style ids, fewer than ${count}`);
  return ids.slice(0, count);
}

/** Seeds generated sneakers with the import CLI (no data files), into the run's own database. */
function seedCatalogue(mongoUrl: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['services/catalog/src/cli/import.ts', '--no-data', '--generate', String(count), '--quiet'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, MONGO_URL: mongoUrl, SERVICE_TOKEN: 'bench-import-token-000000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the import exited with ${code}`))));
  });
}

async function call(base: string, method: string, path: string, token: string): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> } };
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
};

export default async function market(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_STOCKX_RATE', 600, { whole: true });
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 4, { whole: true });
  const { stack, log } = ctx;
  const name = runName('market');
  const mongoUrl = `${stack.mongo.replace(/\/$/, '')}/${name}`;
  const cleanups = new Cleanups();
  try {
    const db = await mongoose.createConnection(mongoUrl).asPromise();
    cleanups.add('drop the database', async () => {
      await db.dropDatabase();
      await db.close();
    });
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);
    const issuer = await startTokenIssuer(cleanups);
    const admin = await issuer.sign({ id: randomBytes(8).toString('hex'), role: 'admin', tier: 'unlimited' });
    const member = await issuer.sign({ id: randomBytes(8).toString('hex'), role: 'member', tier: 'unlimited' });

    // The catalogue: generated sneakers, each given a real StockX style id.
    log(`[market] seeding ${SNEAKERS} sneakers`);
    await seedCatalogue(mongoUrl, SNEAKERS);
    const sneakers = await db.collection('sneakers').find({}, { projection: { _id: 1 } }).sort({ _id: 1 }).limit(SNEAKERS).toArray();
    const ids = sneakers.map((s) => String(s._id));
    const styles = styleIds(ids.length);
    await Promise.all(ids.map((id, i) => db.collection('sneakers').updateOne({ _id: id as never }, { $set: { sku: styles[i] } })));

    const sandbox = await startStockxSandbox({ app: CLIENT, dataDir: DATA_DIR, nodeEnv: 'development' });
    cleanups.add('stop the sandbox', () => sandbox.stop());

    const [port, internalPort, closed] = [await freePort(), await freePort(), await freePort()];
    const catalog = await startProcess({
      name: 'catalog',
      entry: 'services/catalog/src/main.ts',
      port,
      timeoutMs: 300_000,
      env: {
        ...catalogEnv({ port, internalPort, billingPort: closed, mongoUrl, stack, name, jwksUrl: issuer.jwksUrl }),
        MARKET_SOURCES: 'stockx',
        ...sandbox.appEnv,
        STOCKX_TOKEN_KEY: randomBytes(32).toString('base64'),
        STOCKX_REDIRECT_URL: 'http://127.0.0.1:5173/admin/integrations/stockx/callback',
        STOCKX_RATE_LIMIT_PER_MINUTE: String(rate),
        STOCKX_SYNC_INTERVAL_MS: '30000',
        STOCKX_SYNC_MAX_VARIANTS: String(SNEAKERS * SIZES.length),
      },
    });
    cleanups.add('stop the catalog', () => catalog.stop());

    // Linked as an administrator links StockX: consent at the accounts domain, then the callback.
    const started = await call(catalog.url, 'POST', '/api/admin/integrations/stockx/link', admin);
    const consent = await fetch(String(started.body.data?.authorizationUrl), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const linked = await call(catalog.url, 'GET', `/api/admin/integrations/stockx/callback?${new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! })}`, admin);
    if (linked.status !== 200) throw new Error(`linking the sandbox answered ${linked.status}`);

    // 1. The sync: members alert on 20 sizes of every sneaker.
    const kafka = createKafka({ clientId: 'bench', brokers: stack.kafkaBrokers, logger: createLogger('bench', 'silent') });
    const producer = createEventProducer(kafka, { prefix: name });
    await producer.connect();
    cleanups.add('disconnect the producer', () => producer.disconnect());
    const alerts: OutgoingEvent[] = ids.flatMap((sneakerId) =>
      SIZES.map((size) => {
        const userId = randomUUID();
        return { key: userId, envelope: newEvent('alert.created@1', { userId, alertId: randomUUID(), sneakerId, size }, { clock: systemClock }) };
      }),
    );
    const variants = alerts.length;
    log(`[market] ${variants} variants asked for; the sync keeps to ${rate} StockX calls a minute`);
    const syncLoad = load();
    await producer.send(alerts);
    // The rate allows the calls in a few minutes; a busy machine takes longer.
    const deadline = Date.now() + Math.max(600_000, Math.ceil((variants + 2 * SNEAKERS) / rate + 2) * WINDOW_MS);
    // Every sneaker mapped (or found not on StockX) first: the variants to read are those of the mapped ones.
    const mappings = () => db.collection('stockx_mappings').find({}, { projection: { status: 1 } }).toArray();
    while ((await mappings()).length < ids.length) {
      if (Date.now() > deadline) throw new Error(`only ${(await mappings()).length} of ${ids.length} sneakers were mapped in time`);
      await sleep(1_000);
    }
    const mappedIds = (await mappings()).filter((m) => m.status === 'mapped').map((m) => String(m._id));
    const mappedCount = mappedIds.length;
    const wanted = mappedCount * SIZES.length;
    // A reading the price guard refused (a generated sneaker's own retail price and sales are not the StockX product's) is
    // kept in the quarantine instead of a snapshot: the call was made all the same.
    const observations = async () => [
      ...(await db.collection('market_snapshots').find({}, { projection: { sneakerId: 1, size: 1, asOf: 1 } }).toArray()).map((r) => ({ sneakerId: r.sneakerId, size: r.size, at: r.asOf as Date })),
      ...(await db.collection('price_quarantine').find({ kind: 'market' }, { projection: { sneakerId: 1, size: 1, observedAt: 1 } }).toArray()).map((r) => ({ sneakerId: r.sneakerId, size: r.size, at: r.observedAt as Date })),
    ];
    /** Each variant's first reading (epoch ms). */
    const variantsRead = async () => {
      const first = new Map<string, number>();
      for (const r of await observations()) {
        const key = `${String(r.sneakerId)}:${String(r.size)}`;
        first.set(key, Math.min(first.get(key) ?? Infinity, new Date(r.at).getTime()));
      }
      return [...first.values()];
    };
    let firstReads: number[] = [];
    for (;;) {
      firstReads = await variantsRead();
      if (firstReads.length >= wanted) break;
      if (Date.now() > deadline) {
        log(`[market] only ${firstReads.length} of ${wanted} variants were read in time`);
        break;
      }
      await sleep(1_000);
    }
    const read = firstReads.length;
    const done = Math.max(...firstReads);
    // The calls up to the last variant's first reading: each mapping's two (a search, then the variants), and every reading
    // (later rounds read a size again).
    // One call per observation (a reading's refused amounts share its call and time).
    const reads = [...new Set((await observations()).filter((r) => r.at.getTime() <= done).map((r) => `${String(r.sneakerId)}:${String(r.size)}:${r.at.getTime()}`))];
    const maps = await db.collection('stockx_mappings').find({ status: 'mapped' }, { projection: { mappedAt: 1 } }).toArray();
    const callTimes = [...reads.map((r) => Number(r.split(':').at(-1))), ...maps.flatMap((m) => [new Date(m.mappedAt as Date).getTime(), new Date(m.mappedAt as Date).getTime()])];
    const first = Math.min(...callTimes);
    const spanS = round((done - first) / 1000, 1);
    const budget = keptToRate(callTimes, rate, WINDOW_MS);
    const windows = Math.ceil(callTimes.length / rate);
    log(`[market] ${read} variants read, ${maps.length} sneakers mapped, ${callTimes.length} calls in ${spanS} s (the rate allows them in ${windows} minute(s))`);

    // 2. The per-size market of a sneaker with 20 sizes read, from the pod's cache.
    const paths = mappedIds.map((id) => `/api/sneakers/${id}/market`);
    const probe = await call(catalog.url, 'GET', paths[0]!, member);
    const sizesRead = ((probe.body.data?.sizes as { source: string }[] | undefined) ?? []).filter((s) => s.source === 'stockx-api').length;
    if (sizesRead !== SIZES.length) log(`[market] the first sneaker's market holds ${sizesRead} sizes read from StockX, not ${SIZES.length}`);
    log(`[market] GET /api/sneakers/{id}/market: warm-up 3 s, then ${connections} connections for ${durationS} s`);
    await getPaths(catalog.url, member, paths, connections, 3);
    const readLoad = load();
    const measured = await getPaths(catalog.url, member, paths, connections, durationS);
    const client = spread(measured.latencies);
    const service = measured.serviceTimes.length ? spread(measured.serviceTimes) : null;

    const pass = mappedCount === ids.length && read >= variants && budget.kept && client.p95 <= TARGET_P95_MS && measured.failed === 0;
    const data = {
      sync: { variants, read, mapped: mappedCount, calls: callTimes.length, ratePerMinute: rate, spanS, windows, kept: budget.kept, worst: budget.worst, loadAverage: syncLoad },
      market: { sizes: SIZES.length, requests: measured.latencies.length, failed: measured.failed, client, service, loadAverage: readLoad },
      machine: machine(),
    };
    const file = writeResult('market', data);
    return {
      name: 'market',
      target: `all ${variants} variants read within ${rate} calls a minute; per-size market p95 <= ${TARGET_P95_MS} ms`,
      pass,
      lines: [
        ...table([
          ['measure', 'value', 'load average (1/5/15 min)'],
          [`sync: sneakers mapped / asked`, `${mappedCount} / ${ids.length}`, syncLoad.join(' ')],
          [`sync: variants read / asked`, `${read} / ${variants}`, ''],
          [`sync: calls until the last was read (reads + 2 per mapping)`, `${callTimes.length} in ${spanS} s`, ''],
          [`sync: most calls by a window's end / allowed`, `${budget.worst.calls} / ${budget.worst.allowed}`, ''],
          [`market: requests (${connections} connections, ${durationS} s)`, measured.latencies.length, readLoad.join(' ')],
          ['market: client p50 / p95 / p99 ms', `${client.p50} / ${client.p95} / ${client.p99}`, ''],
          ['market: service p50 / p95 / p99 ms', service ? `${service.p50} / ${service.p95} / ${service.p99}` : 'n/a', ''],
        ]),
        `results: ${file}`,
      ],
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(market);
