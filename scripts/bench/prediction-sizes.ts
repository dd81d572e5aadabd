// The prediction service per size: cold one-size forecasts and the weekly track record. Prediction runs as its own
// process (node services/prediction/src/main.ts) on free ports against the local stack's Redis and Kafka (a
// throwaway topic prefix, which also prefixes its keys). The catalogue and billing it calls are served from this
// process: every sneaker has the 730 days of daily sales of the `prediction` benchmark, split over 8 sizes that
// sell from most days (size 10) to a few days a year (size 13), each at its own premium. Measures:
//   1. cold one-size forecast: GET /api/sneakers/{id}/price-prediction?size= of a sneaker and size never asked
//      before, one at a time (the service reads the sneaker's and the size's series, fits, stores), judged on the
//      service's own time (`Server-Timing: app;dur=`), the client's beside it;
//   2. the track record's job over BENCH_TRACK_SNEAKERS sneakers (each: every size together and each size, the
//      last year of weekly origins), run in this process as the service runs it (the catalogue over HTTP, the
//      records stored in Redis), reported per 1,000 sneakers with the CPU time it took.
//   node scripts/bench/prediction-sizes.ts     (or: npm run bench prediction-sizes)
//   BENCH_COLD=100 BENCH_TRACK_SNEAKERS=100
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import express from 'express';
import { predictionOptionsSchema } from '@kicksight/contracts';
import { closeServer, createLogger, createRedis, listen, systemClock } from '@kicksight/platform';
import { createCatalogClient } from '../../services/prediction/src/clients/catalog.ts';
import { DEFAULT_FIT_WINDOW_DAYS, predictPrice } from '../../services/prediction/src/domain/prediction.ts';
import { createTrackRecords } from '../../services/prediction/src/domain/track-records.ts';
import { createTrackRecordStore } from '../../services/prediction/src/store/track-record-store.ts';
import { dayNumber, type DailyPoint } from '../../services/prediction/src/domain/series.ts';
import { dailySales, spread, startBillingStub, startPrediction } from './prediction.ts';
import { Cleanups, machine, round, runAlone, runName, setting, startTokenIssuer, table, throwawayTopics, writeResult, type BenchContext, type BenchResult } from './lib.ts';

const TARGETS = { coldMs: 20 };
/** Each size: the share of the sneaker's sale days it sells on, and its price premium over the sneaker. */
const SIZES: { size: number; share: number; premium: number }[] = [
  { size: 8, share: 0.2, premium: 0.95 },
  { size: 9, share: 0.35, premium: 1 },
  { size: 9.5, share: 0.3, premium: 1.02 },
  { size: 10, share: 0.6, premium: 1.05 },
  { size: 10.5, share: 0.25, premium: 1.04 },
  { size: 11, share: 0.15, premium: 1.08 },
  { size: 12, share: 0.05, premium: 1.15 },
  { size: 13, share: 0.01, premium: 1.3 },
];

/** A size's days: those of the sneaker's days it sold on (deterministic), at its premium, one or two sales each. */
function sizeSales(days: readonly DailyPoint[], n: number, size: (typeof SIZES)[number]): DailyPoint[] {
  let seed = 1 + n * 104_729 + Math.round(size.size * 2);
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  return days.filter(() => random() < size.share).map((d) => ({ date: d.date, averagePrice: Math.round(d.averagePrice * size.premium * (0.97 + random() * 0.06)), salesVolume: 1 + Math.floor(random() * 2) }));
}

/** The catalogue's internal port as prediction reads it: daily series of every size or one, recent sales, and the traded sneakers. */
async function startCatalogStub(serviceToken: string, tradedCount: number) {
  const today = dayNumber(new Date().toISOString());
  const indexOf = (id: string) => Number.parseInt(id.slice(-8), 16) % 100_000;
  const app = express();
  app.use((req, res, next) => (req.get('x-service-token') === serviceToken ? next() : void res.status(401).json({ message: 'A valid service token is required', code: 'UNAUTHORIZED' })));
  const traded = Array.from({ length: tradedCount }, (_, i) => `${'0'.repeat(16)}${(50_000 + i).toString(16).padStart(8, '0')}`);
  app.get('/internal/sneakers/traded', (req, res) => {
    const after = typeof req.query.after === 'string' ? req.query.after : '';
    const limit = Number(req.query.limit ?? 500);
    const rest = traded.filter((id) => id > after);
    const page = rest.slice(0, limit);
    res.json({ data: { sneakers: page.map((sneakerId) => ({ sneakerId, sizes: SIZES.map((s) => s.size) })), next: rest.length > limit ? page.at(-1)! : null } });
  });
  app.get('/internal/sneakers/:id/daily-series', (req, res) => {
    const n = indexOf(req.params.id);
    const all = dailySales(n, today);
    const size = req.query.size === undefined ? undefined : SIZES.find((s) => s.size === Number(req.query.size));
    const days = (size ? sizeSales(all, n, size) : all).slice(-Number(req.query.days ?? 90)).map((d) => ({ ...d, totalSales: d.averagePrice * d.salesVolume }));
    res.json({ data: { sneakerId: req.params.id, size: size?.size ?? null, days } });
  });
  app.get('/internal/sneakers/:id/recent-sales', (req, res) => {
    const n = indexOf(req.params.id);
    const sales = dailySales(n, today)
      .slice(-Number(req.query.days ?? 30))
      .reverse()
      .flatMap((d) => Array.from({ length: d.salesVolume }, (_, k) => ({ price: Math.round(d.averagePrice * (0.95 + 0.02 * k)), size: SIZES[k % SIZES.length]!.size, soldAt: `${d.date}T12:00:00.000Z` })));
    res.json({ data: { sneakerId: req.params.id, sales } });
  });
  app.get('/readyz', (_req, res) => void res.json({ status: 'ready', checks: {} }));
  return listen(app, 0, '127.0.0.1');
}

export default async function predictionSizes(ctx: BenchContext): Promise<BenchResult> {
  const coldCount = setting('BENCH_COLD', 100);
  const trackSneakers = setting('BENCH_TRACK_SNEAKERS', 100);
  const { stack, log } = ctx;
  const name = runName('prediction_sizes');
  const cleanups = new Cleanups();
  try {
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);
    const serviceToken = randomBytes(24).toString('hex');
    const catalog = await startCatalogStub(serviceToken, trackSneakers);
    cleanups.add('stop the catalogue', () => closeServer(catalog.server, 100));
    const billing = await startBillingStub();
    cleanups.add('stop billing', () => closeServer(billing.server, 100));
    const issuer = await startTokenIssuer(cleanups);
    const sign = (role: 'member' | 'admin') => issuer.sign({ id: randomUUID(), role, tier: 'premium' });
    const [token, adminToken] = [await sign('member'), await sign('admin')];
    const service = await startPrediction({ label: 'instance', stack, prefix: name, serviceToken, jwksUrl: issuer.jwksUrl, catalogUrl: catalog.url, billingUrl: billing.url, env: { TRACK_RECORD_CHECK_MS: '0' }, cleanups, log });
    cleanups.add('clear the cache', () => fetch(`${service.url}/api/predictions/cache/clear`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } }));
    const sneaker = (n: number) => `${randomBytes(8).toString('hex')}${n.toString(16).padStart(8, '0')}`;

    // 1. Cold one-size forecasts, one at a time, every size in turn.
    const ask = (n: number, size: number) => fetch(`${service.url}/api/sneakers/${sneaker(n)}/price-prediction?size=${size}`, { headers: { authorization: `Bearer ${token}` } });
    const warm = await ask(0, 10);
    if (warm.status !== 200) throw new Error(`a forecast answered ${warm.status}: ${await warm.text()}`);
    const cold: number[] = [];
    const coldService: number[] = [];
    const methods = { own: 0, pooled: 0 };
    for (let i = 1; i <= coldCount; i++) {
      const started = performance.now();
      const response = await ask(i, SIZES[i % SIZES.length]!.size);
      const body = (await response.json()) as { data?: { sizeBasis?: { method: 'own' | 'pooled' } } };
      cold.push(performance.now() - started);
      if (body.data?.sizeBasis) methods[body.data.sizeBasis.method] += 1;
      const dur = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (dur) coldService.push(Number(dur));
    }
    const coldStats = spread(cold);
    const coldServiceStats = spread(coldService);
    // The model alone in this process: a one-size forecast from 180 days of the sneaker's and the size's sales.
    const today = new Date();
    const options = predictionOptionsSchema.parse({});
    const alone: number[] = [];
    for (let i = 0; i < 200; i++) {
      const days = dailySales(i, dayNumber(today.toISOString())).slice(-DEFAULT_FIT_WINDOW_DAYS);
      const size = SIZES[i % SIZES.length]!;
      const started = performance.now();
      predictPrice({ sneakerId: 'bench', days, sales: [], now: today, size: { size: size.size, days: sizeSales(days, i, size) } }, options);
      alone.push(performance.now() - started);
    }
    const aloneStats = spread(alone.slice(20));
    log(`[prediction-sizes] cold one-size forecast p95 ${coldServiceStats.p95} ms at the service (${methods.own} own, ${methods.pooled} pooled)`);

    // 2. The track record's job, in this process.
    const redis = createRedis(stack.redis);
    cleanups.add('close Redis', async () => void (await redis.quit()));
    const logger = createLogger('bench', 'warn');
    const trackRecords = createTrackRecords({
      catalog: createCatalogClient({ internalUrl: catalog.url, serviceToken, timeoutMs: 30_000 }),
      store: createTrackRecordStore({ redis, namespace: name, timeoutMs: 5_000, clock: systemClock, logger }),
      clock: systemClock,
      logger,
      fitWindowDays: DEFAULT_FIT_WINDOW_DAYS,
    });
    cleanups.add('drop the records', async () => {
      const keys = await redis.keys(`prediction-accuracy:${name}:*`);
      if (keys.length > 0) await redis.unlink(...keys);
    });
    const cpuBefore = process.cpuUsage();
    const run = await trackRecords.runAll();
    const cpu = process.cpuUsage(cpuBefore);
    if (run.sneakers !== trackSneakers) throw new Error(`the track record ran for ${run.sneakers} of ${trackSneakers} sneakers`);
    const runMs = run.milliseconds;
    // ms per sneaker is s per 1,000 sneakers.
    const per1000 = round(runMs / trackSneakers, 1);
    const cpuPer1000 = round((cpu.user + cpu.system) / 1000 / trackSneakers, 1);
    log(`[prediction-sizes] track record of ${trackSneakers} sneakers (${run.records} records): ${runMs} ms`);

    const host = machine();
    const checks = { cold: coldServiceStats.p95 <= TARGETS.coldMs };
    const lines = [
      `sneakers with 730 days of daily sales over ${SIZES.length} sizes; catalogue and billing answered from the benchmark process; ${host.cpus} CPUs shared with it (node ${host.node})`,
      ...table([
        ['', 'p50 ms', 'p95 ms', 'max ms', 'samples', 'target'],
        ['cold one-size forecast (client)', coldStats.p50, coldStats.p95, coldStats.max, coldStats.samples, ''],
        ['cold one-size forecast (service)', coldServiceStats.p50, coldServiceStats.p95, coldServiceStats.max, coldServiceStats.samples, `p95 <= ${TARGETS.coldMs}`],
        ['one-size model alone, 180 days', aloneStats.p50, aloneStats.p95, aloneStats.max, aloneStats.samples, ''],
      ]),
      `one-size forecasts made from the size's own sales: ${methods.own}, pooled with the sneaker: ${methods.pooled}`,
      `track record: ${trackSneakers} sneakers, ${run.records} records (every size together and each of ${SIZES.length} sizes) in ${runMs} ms: ${per1000} s per 1,000 sneakers (CPU ${cpuPer1000} s per 1,000, the catalogue's answers included)`,
      `load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)} on ${host.cpus} CPUs`,
    ];
    const data = { cold: coldStats, coldService: coldServiceStats, model: aloneStats, methods, trackRecord: { sneakers: trackSneakers, records: run.records, ms: runMs, secondsPer1000: per1000, cpuSecondsPer1000: cpuPer1000 }, checks, machine: host, at: new Date().toISOString() };
    lines.push(`results: ${writeResult('prediction-sizes', data)}`);
    return {
      name: 'prediction-sizes',
      target: `at the service (Server-Timing): cold one-size p95 <= ${TARGETS.coldMs} ms (${coldServiceStats.p95}); track record ${per1000} s per 1,000 sneakers`,
      pass: Object.values(checks).every(Boolean),
      lines,
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(predictionSizes);
