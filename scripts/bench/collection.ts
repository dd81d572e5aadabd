// The collection service on a big collection and a busy market. Collection runs as its own process
// (node services/collection/src/main.ts) on free ports against the local stack, with a throwaway database
// and topic prefix. Two measures:
//   1. price.changed events applied per second: BENCH_EVENTS events (200 sneakers, 5 sizes each, growing seqs)
//      published at once; the rate is taken between the first and the last event the consumer applied
//      (each writes its dedupe row, the size's price, the sneaker's average and lowest price, in one transaction).
//   2. GET /api/collections for a member with 1,000 items valued through that market projection (80% catalogue
//      sneakers, 20% added by hand), pages, sorts and brand filters in turn, at BENCH_RATE requests/s. The verdict
//      uses the p95 of the service's own time (its `Server-Timing: app;dur=` header: arrival at its HTTP server to
//      the answer's head); the client's latency is shown beside it.
//   node scripts/bench/collection.ts     (or: npm run bench collection)
//   BENCH_RATE=100 BENCH_DURATION_S=10 BENCH_CONNECTIONS=4 BENCH_EVENTS=5000
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { brandKeyOf } from '@kicksight/contracts';
import { createEventProducer, createKafka, createLogger, createPgPool, newEvent, systemClock, type OutgoingEvent } from '@kicksight/platform';
import { Cleanups, machine, percentile, round, runAlone, runName, setting, startCollectionProcess, table, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P95_MS = 15;
const ITEMS = 1_000;
const SNEAKERS = 200;
const SIZES = [8, 9, 10, 11, 12];
const BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'Puma'];
const PATHS = [
  '/api/collections',
  '/api/collections?page=2',
  '/api/collections?page=17',
  '/api/collections?sortBy=value-high',
  '/api/collections?sortBy=gain-low&page=3',
  '/api/collections?sortBy=newest',
  '/api/collections?brands=nike,newbalance',
  '/api/collections?brands=jordan&sortBy=value-low',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The market: every size of every sneaker moves through `rounds` growing seqs. */
function priceChanges(sneakerIds: string[], rounds: number): OutgoingEvent[] {
  const events: OutgoingEvent[] = [];
  for (let seq = 1; seq <= rounds; seq++) {
    sneakerIds.forEach((sneakerId, s) => {
      for (const size of SIZES) {
        const price = 10_000 + ((s * 7_919 + size * 613 + seq * 101) % 40_000);
        events.push({ key: sneakerId, envelope: newEvent('price.changed@1', { sneakerId, size, price, previous: null, seq }, { clock: systemClock }) });
      }
    });
  }
  return events;
}

/** A member's 1,000 items, written straight to the service's database (as 1,000 adds would leave them). */
async function seedCollection(databaseUrl: string, userId: string, sneakerIds: string[]): Promise<void> {
  const pool = createPgPool(databaseUrl, { max: 1, name: 'bench' });
  try {
    const rows = Array.from({ length: ITEMS }, (_, i) => {
      const catalogued = i % 5 !== 0;
      const brand = BRANDS[i % BRANDS.length]!;
      return {
        id: randomUUID(),
        sneaker_id: catalogued ? sneakerIds[i % sneakerIds.length] : null,
        name: `${brand} pair ${i}`,
        brand,
        brand_key: brandKeyOf(brand),
        size: catalogued ? SIZES[i % SIZES.length] : 10.5,
        purchase_price: 5_000 + ((i * 37) % 30_000),
        purchase_date: `202${i % 6}-0${1 + (i % 9)}-1${i % 10}`,
        added_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      };
    });
    await pool.query(
      `INSERT INTO item (id, user_id, sneaker_id, name, brand, brand_key, colorway, size, purchase_price, purchase_date, condition, notes, last_value, added_at, updated_at)
       SELECT x.id, $1, x.sneaker_id, x.name, x.brand, x.brand_key, 'Default', x.size, x.purchase_price, x.purchase_date, 'new', '', x.purchase_price, x.added_at, x.added_at
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, sneaker_id text, name text, brand text, brand_key text, size double precision, purchase_price integer, purchase_date date, added_at timestamptz)`,
      [userId, JSON.stringify(rows)],
    );
    await pool.query('INSERT INTO collector (user_id, item_count, updated_at) VALUES ($1, $2, now())', [userId, ITEMS]);
    // As autovacuum leaves a settled table: statistics known, pages all-visible (index-only scans).
    await pool.query('VACUUM (ANALYZE) item, market_price, sneaker_market');
  } finally {
    await pool.end();
  }
}

/** Events applied by the market consumer, and the span between the first and the last (seconds). */
async function appliedEvents(databaseUrl: string): Promise<{ count: number; spanS: number }> {
  const pool = createPgPool(databaseUrl, { max: 1, name: 'bench' });
  try {
    const { rows } = await pool.query<{ count: number; span: number | null }>(
      `SELECT count(*)::integer AS count, extract(epoch FROM max(processed_at) - min(processed_at))::float8 AS span FROM processed_event WHERE consumer = 'collection-market'`,
    );
    return { count: rows[0]!.count, spanS: rows[0]!.span ?? 0 };
  } finally {
    await pool.end();
  }
}

export default async function collection(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_RATE', 100);
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 4);
  const eventCount = Math.ceil(setting('BENCH_EVENTS', 5_000) / (SNEAKERS * SIZES.length)) * SNEAKERS * SIZES.length;
  const { stack, log } = ctx;
  const name = runName('collection');
  const cleanups = new Cleanups();
  try {
    const { service, databaseUrl, issuer } = await startCollectionProcess(ctx, name, cleanups);

    // 1. The market: price.changed events through the consumer.
    const sneakerIds = Array.from({ length: SNEAKERS }, () => randomBytes(12).toString('hex'));
    const events = priceChanges(sneakerIds, eventCount / (SNEAKERS * SIZES.length));
    const kafka = createKafka({ clientId: 'bench', brokers: stack.kafkaBrokers, logger: createLogger('bench', 'silent') });
    const producer = createEventProducer(kafka, { prefix: name });
    await producer.connect();
    cleanups.add('disconnect the producer', () => producer.disconnect());
    log(`[collection] publishing ${events.length} price.changed events`);
    for (let i = 0; i < events.length; i += 500) await producer.send(events.slice(i, i + 500));
    const deadline = Date.now() + 300_000;
    let market = await appliedEvents(databaseUrl);
    while (market.count < events.length) {
      if (Date.now() > deadline) throw new Error(`only ${market.count} of ${events.length} events were applied within 5 minutes`);
      await sleep(250);
      market = await appliedEvents(databaseUrl);
    }
    const eventsPerSecond = round(market.count / Math.max(market.spanS, 0.001));
    log(`[collection] ${market.count} events applied in ${market.spanS.toFixed(2)} s (${eventsPerSecond}/s)`);

    // 2. A member with 1,000 items, valued through that projection.
    const userId = randomUUID();
    await seedCollection(databaseUrl, userId, sneakerIds);
    const token = await issuer.sign({ id: userId, role: 'member', tier: 'unlimited' });
    const check = await fetch(`${service.url}/api/collections?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    const checked = (await check.json()) as { data?: { total: number } };
    if (checked.data?.total !== ITEMS) throw new Error(`the member's collection answered ${check.status} with ${checked.data?.total} items`);

    log(`[collection] GET /api/collections, ${rate} requests/s for ${durationS} s over ${connections} connections`);
    let next = 0;
    let serviceMs: number | undefined;
    const latencies: number[] = [];
    const serviceTimes: number[] = [];
    const run = (seconds: number, record: boolean) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: service.url,
            connections,
            duration: seconds,
            overallRate: rate,
            headers: { authorization: `Bearer ${token}` },
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => ({ ...request, path: PATHS[next++ % PATHS.length]! }),
                onResponse: (_status, _body, _context, headers) => {
                  const timing = Object.entries(headers ?? {}).find(([header]) => header.toLowerCase() === 'server-timing')?.[1];
                  const dur = /(?:^|,)\s*app;dur=([\d.]+)/.exec(String(timing ?? ''))?.[1];
                  serviceMs = dur === undefined ? undefined : Number(dur);
                },
              },
            ],
          },
          (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)),
        );
        if (record) {
          instance.on('response', (_client, status, _bytes, time) => {
            if (status === 200) {
              latencies.push(time);
              if (serviceMs !== undefined) serviceTimes.push(serviceMs);
            }
            serviceMs = undefined;
          });
        }
      });
    // Warm-up: each connection plans each query afresh for its first executions, then keeps a generic plan.
    await run(5, false);
    const loadBefore = loadavg()[0]!;
    const result = await run(durationS, true);
    const loadAfter = loadavg()[0]!;
    latencies.sort((a, b) => a - b);
    serviceTimes.sort((a, b) => a - b);
    const spread = (sorted: number[]) => ({ samples: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) });
    const client = spread(latencies);
    const atService = spread(serviceTimes);
    const clean = result.non2xx === 0 && result.errors === 0 && atService.samples > 0;
    const pass = clean && atService.p95 <= TARGET_P95_MS;
    const host = machine();
    const lines = [
      `price.changed applied: ${market.count} events in ${market.spanS.toFixed(2)} s -> ${eventsPerSecond} events/s (one consumer, ${host.cpus} CPUs)`,
      `GET /api/collections for a member with ${ITEMS} items (${PATHS.length} pages, sorts and filters in turn), ${rate} requests/s for ${durationS} s, ${connections} connections (node ${host.node})`,
      ...table([
        ['', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests', 'failed'],
        ['service (Server-Timing)', atService.p50, atService.p95, atService.p99, atService.max, atService.samples, ''],
        ['client', client.p50, client.p95, client.p99, client.max, client.samples, result.non2xx + result.errors],
      ]),
      `load average (1 min) ${loadBefore.toFixed(2)} before the run, ${loadAfter.toFixed(2)} after; the verdict uses the service's p95`,
    ];
    const data = {
      items: ITEMS,
      rate,
      durationS,
      connections,
      market: { events: market.count, spanS: round(market.spanS), eventsPerSecond },
      service: atService,
      client,
      failed: result.non2xx + result.errors,
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
      machine: host,
      at: new Date().toISOString(),
    };
    lines.push(`results: ${writeResult('collection', data)}`);
    return {
      name: 'collection',
      target: `GET /collections p95 <= ${TARGET_P95_MS} ms at the service with ${ITEMS} items (p95 ${atService.p95} ms); ${eventsPerSecond} price.changed/s${clean ? '' : '; INVALID RUN: some requests failed'}`,
      pass,
      lines,
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(collection);
