// The reseller ledger on a busy reseller. Collection runs as its own process (node services/collection/src/main.ts)
// on free ports against the local stack, with a throwaway database and topic prefix. A member with 5,000 sales in
// one year (four platforms, fees line by line, every month) and 200 pairs still owned; then, each in turn at
// BENCH_RATE requests/s for BENCH_DURATION_S seconds:
//   GET /api/sales/summary?year=   the year's figures, by month and platform
//   GET /api/sales/export.csv?year= the tax-year CSV, one row per sale (written once, then kept in Redis until the
//                                   member's sales change, as a reseller downloading it again would find it)
// The verdict uses the p95 of the client's latency (request written to last byte); the load average before and
// after each run is printed beside it. The member's token is an administrator's: billing does not run here
// (a member's entitlements are cached for 30 seconds, so they cost nothing per request either).
//   node scripts/bench/ledger.ts     (or: npm run bench ledger)
//   BENCH_RATE=20 BENCH_DURATION_S=10 BENCH_CONNECTIONS=2 BENCH_SALES=5000
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { SALE_PLATFORMS, brandKeyOf, computeFees } from '@kicksight/contracts';
import { createPgPool } from '@kicksight/platform';
import { Cleanups, machine, measure, percentile, round, runAlone, runName, setting, startCollectionProcess, table, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGET_P95_MS = 50;
const YEAR = 2025;
const OWNED = 200;
const BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'Puma'];

const day = (i: number, offset: number) => new Date(Date.UTC(YEAR, 0, 1) + (((i * 7) % 365) - offset) * 86_400_000).toISOString().slice(0, 10);

/** The member's sold pairs and their sales (and the pairs still owned), written straight to the service's database. */
async function seedLedger(databaseUrl: string, userId: string, count: number): Promise<void> {
  const pool = createPgPool(databaseUrl, { max: 1, name: 'bench' });
  try {
    const items = Array.from({ length: count + OWNED }, (_, i) => {
      const brand = BRANDS[i % BRANDS.length]!;
      return {
        id: randomUUID(),
        name: `${brand} pair ${i}`,
        brand,
        brand_key: brandKeyOf(brand),
        size: 8 + (i % 9) / 2,
        sku: `SKU-${i % 400}`,
        purchase_price: 8_000 + ((i * 37) % 20_000),
        purchase_shipping: i % 3 === 0 ? 1_500 : 0,
        purchase_tax: (i * 13) % 1_200,
        purchase_date: day(i, 30 + (i % 500)),
        status: i < count ? 'sold' : 'owned',
      };
    });
    await pool.query(
      `INSERT INTO item (id, user_id, sneaker_id, name, brand, brand_key, colorway, size, sku, purchase_price, purchase_shipping, purchase_tax, purchase_date, condition, notes, status, last_value, added_at, updated_at)
       SELECT x.id, $1, NULL, x.name, x.brand, x.brand_key, 'Default', x.size, x.sku, x.purchase_price, x.purchase_shipping, x.purchase_tax, x.purchase_date, 'new', '', x.status, x.purchase_price, now(), now()
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, name text, brand text, brand_key text, size double precision, sku text, purchase_price integer,
              purchase_shipping integer, purchase_tax integer, purchase_date date, status text)`,
      [userId, JSON.stringify(items)],
    );
    const sales = items.slice(0, count).map((item, i) => {
      const platform = SALE_PLATFORMS[i % SALE_PLATFORMS.length]!;
      const soldAt = day(i, 0);
      const salePrice = item.purchase_price + 5_000 + ((i * 53) % 15_000);
      const fees = computeFees(platform, soldAt, salePrice);
      return {
        id: randomUUID(),
        item_id: item.id,
        sold_at: soldAt,
        platform,
        sale_price: salePrice,
        fees: fees.lines,
        fees_total: fees.total,
        fee_schedule: fees.schedule?.version ?? null,
        fee_source: fees.schedule?.sourceUrl ?? null,
        shipping_cost: i % 4 === 0 ? 1_200 : 0,
      };
    });
    await pool.query(
      `INSERT INTO sale (id, user_id, item_id, sold_at, platform, sale_price, fees, fees_total, fee_schedule, fee_source, shipping_cost, other_fees, source, created_at)
       SELECT x.id, $1, x.item_id, x.sold_at, x.platform, x.sale_price, x.fees, x.fees_total, x.fee_schedule, x.fee_source, x.shipping_cost, 0, 'manual', now()
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, item_id uuid, sold_at date, platform text, sale_price integer, fees jsonb, fees_total integer,
              fee_schedule text, fee_source text, shipping_cost integer)`,
      [userId, JSON.stringify(sales)],
    );
    await pool.query('INSERT INTO collector (user_id, item_count, updated_at) VALUES ($1, $2, now())', [userId, OWNED]);
    await pool.query('VACUUM (ANALYZE) item, sale');
  } finally {
    await pool.end();
  }
}

export default async function ledger(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_RATE', 20);
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 2);
  const count = setting('BENCH_SALES', 5_000, { whole: true });
  const { log } = ctx;
  const name = runName('ledger');
  const cleanups = new Cleanups();
  try {
    const { service, databaseUrl, issuer } = await startCollectionProcess(ctx, name, cleanups);

    const userId = randomUUID();
    log(`[ledger] a member with ${count} sales in ${YEAR} and ${OWNED} pairs owned`);
    await seedLedger(databaseUrl, userId, count);
    const token = await issuer.sign({ id: userId, role: 'admin', tier: 'unlimited' });
    const headers = { authorization: `Bearer ${token}` };
    const summary = (await (await fetch(`${service.url}/api/sales/summary?year=${YEAR}`, { headers })).json()) as { data?: { sales: number } };
    if (summary.data?.sales !== count) throw new Error(`the summary counted ${summary.data?.sales} sales, not ${count}`);

    const targets = [
      { label: 'summary', path: `/api/sales/summary?year=${YEAR}` },
      { label: 'export.csv', path: `/api/sales/export.csv?year=${YEAR}` },
    ];
    const rows: (string | number)[][] = [['', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests', 'failed', 'load before', 'load after']];
    const results: Record<string, unknown>[] = [];
    let pass = true;
    for (const { label, path } of targets) {
      log(`[ledger] GET ${path}, ${rate} requests/s for ${durationS} s over ${connections} connections`);
      await measure({ url: `${service.url}${path}`, headers, connections, durationS: 3, rate });
      const loadBefore = loadavg()[0]!;
      const sample = await measure({ url: `${service.url}${path}`, headers, connections, durationS, rate });
      const loadAfter = loadavg()[0]!;
      const sorted = [...sample.latencies].sort((a, b) => a - b);
      const stats = { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) };
      const failed = sample.non2xx + sample.errors + sample.timeouts;
      pass &&= failed === 0 && sorted.length > 0 && stats.p95 <= TARGET_P95_MS;
      rows.push([label, stats.p50, stats.p95, stats.p99, stats.max, sorted.length, failed, loadBefore.toFixed(2), loadAfter.toFixed(2)]);
      results.push({ label, path, ...stats, requests: sorted.length, failed, loadAverage: { before: round(loadBefore), after: round(loadAfter) } });
    }
    const host = machine();
    const data = { sales: count, owned: OWNED, rate, durationS, connections, results, machine: host, at: new Date().toISOString() };
    const p95s = results.map((r) => `${String(r.label)} ${String(r.p95)} ms`).join(', ');
    return {
      name: 'ledger',
      target: `summary and export p95 <= ${TARGET_P95_MS} ms for a member with ${count} sales (${p95s})`,
      pass,
      lines: [
        `a member with ${count} sales in ${YEAR} and ${OWNED} pairs owned; ${rate} requests/s for ${durationS} s, ${connections} connections (node ${host.node}, ${host.cpus} CPUs)`,
        ...table(rows),
        `load average (1 min) before and after each run; the verdict uses the client's p95`,
        `results: ${writeResult('ledger', data)}`,
      ],
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(ledger);
