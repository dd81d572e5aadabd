// The prediction service: forecasts of sneakers with two years of daily sales. Prediction runs as its own
// process(es) (node services/prediction/src/main.ts) on free ports against the local stack's Redis and Kafka
// (a throwaway topic prefix, which also prefixes its cache keys). The catalogue and billing it calls are served
// from this process: every sneaker has 730 days of deterministic daily sales (a slow wave, a drift and noise,
// 1 to 6 sales a day) and the member is on the premium plan. Measures:
//   1. cold forecast: GET /api/sneakers/{id}/price-prediction of a sneaker never asked before, one at a time
//      (the service reads the series from the catalogue, fits, stores); beside it the model alone in this
//      process on all 730 days;
//   2. cached forecast: the same call once cached, one at a time, then at BENCH_RATE requests/s;
//   3. a batch of 500 sneakers never asked before: POST /api/predictions/batch;
//   The latency verdicts use the service's own time (its `Server-Timing: app;dur=` header: arrival at its HTTP
//   server to the answer's head), as the collection benchmark does; the client's latency is shown beside it.
//   4. throughput of one instance against two (saturated, rotating sneakers), with the cache (hits) and
//      without it (CACHE_TTL_SECONDS=0: every request fits the model).
//   node scripts/bench/prediction.ts     (or: npm run bench prediction)
//   BENCH_RATE=200 BENCH_DURATION_S=10 BENCH_CONNECTIONS=16 BENCH_COLD=100
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import express from 'express';
import autocannon from 'autocannon';
import { PLANS, predictionOptionsSchema, type EntitlementsView } from '@kicksight/contracts';
import { closeServer, listen } from '@kicksight/platform';
import { predictPrice } from '../../services/prediction/src/domain/prediction.ts';
import { dateOfDay, dayNumber, type DailyPoint } from '../../services/prediction/src/domain/series.ts';
import { Cleanups, freePort, machine, measure, percentile, round, runAlone, runName, setting, startProcess, startTokenIssuer, summarize, table, throwawayTopics, writeResult, type BenchContext, type BenchResult, type ServiceProcess } from './lib.ts';

const TARGETS = { coldMs: 20, cachedP95Ms: 2, batchMs: 2_000 };
const HISTORY_DAYS = 730;
const BATCH = 500;

export const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? Number.NaN) };
};

/** Two years of daily sales of sneaker number `n`, ending today: deterministic, different for each sneaker. */
export function dailySales(n: number, today: number): DailyPoint[] {
  let seed = 1 + n * 7_919;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const base = 15_000 + (n % 40) * 2_500;
  return Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const day = today - HISTORY_DAYS + 1 + i;
    const price = base * Math.exp(0.15 * Math.sin(i / 45 + n) + 0.0002 * i + (random() - 0.5) * 0.16);
    return { date: dateOfDay(day), averagePrice: Math.round(price), salesVolume: 1 + Math.floor(random() * 6) };
  });
}

/** The catalogue's internal port as prediction reads it, answering from the generated sales (answers kept once made). */
async function startCatalogStub(serviceToken: string) {
  const today = dayNumber(new Date().toISOString());
  const answers = new Map<string, string>();
  const indexOf = (id: string) => Number.parseInt(id.slice(-8), 16) % 100_000;
  const answer = (key: string, make: () => unknown) => {
    let body = answers.get(key);
    if (!body) {
      body = JSON.stringify({ data: make() });
      if (answers.size > 20_000) answers.clear();
      answers.set(key, body);
    }
    return body;
  };
  const app = express();
  app.use((req, res, next) => (req.get('x-service-token') === serviceToken ? next() : void res.status(401).json({ message: 'A valid service token is required', code: 'UNAUTHORIZED' })));
  const seriesOf = (id: string, days: number) =>
    answer(`d:${id}:${days}`, () => ({
      sneakerId: id,
      size: null,
      days: dailySales(indexOf(id), today)
        .slice(-days)
        .map((d) => ({ ...d, totalSales: d.averagePrice * d.salesVolume })),
    }));
  const salesOf = (id: string, days: number) =>
    answer(`s:${id}:${days}`, () => ({
      sneakerId: id,
      sales: dailySales(indexOf(id), today)
        .slice(-days)
        .reverse()
        .flatMap((d) => Array.from({ length: d.salesVolume }, (_, k) => ({ price: Math.round(d.averagePrice * (0.95 + 0.02 * k)), size: 9 + k, soldAt: `${d.date}T12:00:00.000Z` }))),
    }));
  app.get('/internal/sneakers/:id/daily-series', (req, res) => void res.type('application/json').send(seriesOf(req.params.id, Number(req.query.days ?? 90))));
  app.get('/internal/sneakers/:id/recent-sales', (req, res) => void res.type('application/json').send(salesOf(req.params.id, Number(req.query.days ?? 30))));
  app.post('/internal/sneakers/forecast-inputs', express.json({ limit: '1mb' }), (req, res) => {
    const { sneakerIds, days, salesDays } = req.body as { sneakerIds: string[]; days: number; salesDays: number };
    const parts = sneakerIds.map((id) => {
      const series = JSON.parse(seriesOf(id, days)) as { data: { days: unknown[] } };
      const recent = JSON.parse(salesOf(id, salesDays)) as { data: { sales: unknown[] } };
      return { sneakerId: id, days: series.data.days, sales: recent.data.sales };
    });
    res.json({ data: { sneakers: parts } });
  });
  app.get('/readyz', (_req, res) => void res.json({ status: 'ready', checks: {} }));
  return listen(app, 0, '127.0.0.1');
}

/** Billing's entitlements: everyone is on the premium plan. */
export async function startBillingStub() {
  const data: EntitlementsView = { plan: 'premium', limits: PLANS.premium.limits, features: PLANS.premium.entitlements, expired: false, trialEndsAt: null, periodEndsAt: null };
  return listen(express().get('/internal/entitlements/:id', (_req, res) => void res.json({ data })), 0, '127.0.0.1');
}

/**
 * Saturated load over rotating sneakers on each of the instances at once: requests per second over all
 * of them, and the CPU time the instances spent per request (which tells a starved machine from a slow service).
 */
async function throughput(instances: ServiceProcess[], paths: string[], token: string, connections: number, durationS: number): Promise<{ requestsPerSecond: number; failed: number; p50: number; p95: number; cpuMsPerRequest: number | null }> {
  const urls = instances.map((i) => i.url);
  const cpu = () => instances.reduce<number | undefined>((sum, i) => (sum === undefined || i.cpuSeconds() === undefined ? undefined : sum + i.cpuSeconds()!), 0);
  const cpuBefore = cpu();
  let next = 0;
  const latencies: number[] = [];
  const results = await Promise.all(
    urls.map(
      (url) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url,
              connections: Math.max(1, Math.round(connections / urls.length)),
              duration: durationS,
              headers: { authorization: `Bearer ${token}` },
              requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
            },
            (err: unknown, done: autocannon.Result) => (err ? reject(err) : resolve(done)),
          );
          instance.on('response', (_client, status, _bytes, time) => {
            if (status === 200) latencies.push(time);
          });
        }),
    ),
  );
  const seconds = Math.max(...results.map((r) => r.duration));
  const s = spread(latencies);
  const cpuAfter = cpu();
  const cpuMsPerRequest = cpuBefore === undefined || cpuAfter === undefined || latencies.length === 0 ? null : round(((cpuAfter - cpuBefore) * 1000) / latencies.length);
  return { requestsPerSecond: round(latencies.length / seconds), failed: results.reduce((n, r) => n + r.non2xx + r.errors, 0), p50: s.p50, p95: s.p95, cpuMsPerRequest };
}

/** Prediction as its own process on free ports, against the stack's Redis and Kafka (topics and keys under `prefix`) and the given catalogue and billing. */
export async function startPrediction(options: {
  label: string;
  stack: BenchContext['stack'];
  prefix: string;
  serviceToken: string;
  jwksUrl: string;
  catalogUrl: string;
  billingUrl: string;
  env?: Record<string, string>;
  cleanups: Cleanups;
  log: BenchContext['log'];
}): Promise<ServiceProcess> {
  const { label, stack, prefix, serviceToken, jwksUrl, catalogUrl, billingUrl, env = {}, cleanups, log } = options;
  const [port, internalPort] = [await freePort(), await freePort()];
  log(`[prediction] ${label} on 127.0.0.1:${port}`);
  const service = await startProcess({
    name: `prediction ${label}`,
    entry: 'services/prediction/src/main.ts',
    port,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      SERVICE_TOKEN: serviceToken,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      JWKS_URL: jwksUrl,
      CATALOG_INTERNAL_URL: catalogUrl,
      BILLING_INTERNAL_URL: billingUrl,
      ...env,
    },
  });
  cleanups.add(`stop prediction ${label}`, () => service.stop());
  return service;
}

export default async function prediction(ctx: BenchContext): Promise<BenchResult> {
  const rate = setting('BENCH_RATE', 200);
  const durationS = setting('BENCH_DURATION_S', 10);
  const connections = setting('BENCH_CONNECTIONS', 16);
  const coldCount = setting('BENCH_COLD', 100);
  const { stack, log } = ctx;
  const name = runName('prediction');
  const cleanups = new Cleanups();
  try {
    const topics = await throwawayTopics(stack.kafkaBrokers, name);
    cleanups.add('delete the topics', topics.drop);
    const serviceToken = randomBytes(24).toString('hex');
    const catalog = await startCatalogStub(serviceToken);
    cleanups.add('stop the catalogue', () => closeServer(catalog.server, 100));
    const billing = await startBillingStub();
    cleanups.add('stop billing', () => closeServer(billing.server, 100));
    const issuer = await startTokenIssuer(cleanups);
    const sign = (role: 'member' | 'admin') => issuer.sign({ id: randomUUID(), role, tier: 'premium' });
    const [token, adminToken] = [await sign('member'), await sign('admin')];
    const auth = { authorization: `Bearer ${token}` };

    const start = (label: string, env: Record<string, string> = {}): Promise<ServiceProcess> =>
      startPrediction({ label, stack, prefix: name, serviceToken, jwksUrl: issuer.jwksUrl, catalogUrl: catalog.url, billingUrl: billing.url, env, cleanups, log });
    const clearCache = (url: string) => fetch(`${url}/api/predictions/cache/clear`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    const sneaker = (n: number) => `${randomBytes(8).toString('hex')}${n.toString(16).padStart(8, '0')}`;

    const first = await start('instance 1');
    cleanups.add('clear the cache', () => clearCache(first.url));

    // 1. Cold forecasts, one at a time.
    const warm = await fetch(`${first.url}/api/sneakers/${sneaker(0)}/price-prediction`, { headers: auth });
    if (warm.status !== 200) throw new Error(`a forecast answered ${warm.status}: ${await warm.text()}`);
    const cold: number[] = [];
    const coldService: number[] = [];
    for (let i = 1; i <= coldCount; i++) {
      const started = performance.now();
      const response = await fetch(`${first.url}/api/sneakers/${sneaker(i)}/price-prediction`, { headers: auth });
      await response.arrayBuffer();
      cold.push(performance.now() - started);
      const dur = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (dur) coldService.push(Number(dur));
    }
    const options = predictionOptionsSchema.parse({});
    const today = new Date();
    const model: number[] = [];
    for (let i = 0; i < 200; i++) {
      const days = dailySales(i, dayNumber(today.toISOString()));
      const started = performance.now();
      predictPrice({ sneakerId: 'bench', days, sales: [], now: today }, options, HISTORY_DAYS);
      model.push(performance.now() - started);
    }
    const coldStats = spread(cold);
    const coldServiceStats = spread(coldService);
    const modelStats = spread(model.slice(20));
    log(`[prediction] cold p50 ${coldStats.p50} ms, p95 ${coldStats.p95} ms (service ${coldServiceStats.p50} / ${coldServiceStats.p95} ms); model alone on 730 days p50 ${modelStats.p50} ms`);

    // 2. Cached forecasts.
    const cachedUrl = `${first.url}/api/sneakers/${sneaker(1)}/price-prediction`;
    await measure({ url: cachedUrl, headers: auth, connections: 4, durationS: 2, rate });
    const cached = summarize([await measure({ url: cachedUrl, headers: auth, connections: 4, durationS, rate })]);
    log(`[prediction] cached at ${rate}/s: p50 ${cached.p50} ms, p90 ${cached.p90} ms, p99 ${cached.p99} ms`);
    const cachedClient: number[] = [];
    const cachedService: number[] = [];
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      const response = await fetch(cachedUrl, { headers: auth });
      await response.arrayBuffer();
      cachedClient.push(performance.now() - started);
      const dur = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (dur) cachedService.push(Number(dur));
    }
    const cachedP95 = spread(cachedClient);
    const cachedServiceP95 = spread(cachedService);

    // 3. A batch of 500 sneakers never asked before.
    const batchIds = Array.from({ length: BATCH }, (_, i) => sneaker(10_000 + i));
    const cpuBefore = first.cpuSeconds();
    const ownCpuBefore = process.cpuUsage();
    const batchStarted = performance.now();
    const batchAnswer = await fetch(`${first.url}/api/predictions/batch`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ sneakerIds: batchIds }) });
    const batchBody = (await batchAnswer.json()) as { data?: { succeeded: number } };
    const batchMs = round(performance.now() - batchStarted);
    const cpuAfter = first.cpuSeconds();
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const batchServiceCpuMs = cpuBefore === undefined || cpuAfter === undefined ? null : round((cpuAfter - cpuBefore) * 1000);
    const batchStubCpuMs = round((ownCpu.user + ownCpu.system) / 1000);
    if (batchBody.data?.succeeded !== BATCH) throw new Error(`the batch answered ${batchAnswer.status} with ${batchBody.data?.succeeded} forecasts`);
    log(`[prediction] batch of ${BATCH}: ${batchMs} ms`);

    // 4. Throughput, one instance against two, with and without the cache.
    const rotating = Array.from({ length: 400 }, (_, i) => `/api/sneakers/${sneaker(20_000 + i)}/price-prediction`);
    for (const path of rotating) await (await fetch(`${first.url}${path}`, { headers: auth })).arrayBuffer();
    const second = await start('instance 2');
    const cachedOne = await throughput([first], rotating, token, connections, durationS);
    const cachedTwo = await throughput([first, second], rotating, token, connections, durationS);
    log(`[prediction] cached: one instance ${cachedOne.requestsPerSecond}/s, two ${cachedTwo.requestsPerSecond}/s`);
    await first.stop();
    await second.stop();
    const uncachedFirst = await start('uncached instance 1', { CACHE_TTL_SECONDS: '0' });
    const uncachedSecond = await start('uncached instance 2', { CACHE_TTL_SECONDS: '0' });
    cleanups.add('clear the cache', () => clearCache(uncachedFirst.url));
    const uncachedOne = await throughput([uncachedFirst], rotating, token, connections, durationS);
    const uncachedTwo = await throughput([uncachedFirst, uncachedSecond], rotating, token, connections, durationS);
    log(`[prediction] uncached: one instance ${uncachedOne.requestsPerSecond}/s, two ${uncachedTwo.requestsPerSecond}/s`);

    const host = machine();
    const gain = (one: { requestsPerSecond: number }, two: { requestsPerSecond: number }) => round(two.requestsPerSecond / Math.max(one.requestsPerSecond, 0.001));
    const failed = cached.non2xx + cached.errors + cachedOne.failed + cachedTwo.failed + uncachedOne.failed + uncachedTwo.failed;
    const checks = {
      cold: coldServiceStats.p95 <= TARGETS.coldMs,
      cached: cachedServiceP95.p95 <= TARGETS.cachedP95Ms,
      batch: batchMs <= TARGETS.batchMs,
      scales: uncachedTwo.requestsPerSecond > uncachedOne.requestsPerSecond,
    };
    const pass = failed === 0 && Object.values(checks).every(Boolean);
    const lines = [
      `sneakers with ${HISTORY_DAYS} days of daily sales; catalogue and billing answered from the benchmark process; ${host.cpus} CPUs shared with the load generator (node ${host.node})`,
      ...table([
        ['', 'p50 ms', 'p95 ms', 'max ms', 'samples', 'target'],
        ['cold forecast (client)', coldStats.p50, coldStats.p95, coldStats.max, coldStats.samples, ''],
        ['cold forecast (service)', coldServiceStats.p50, coldServiceStats.p95, coldServiceStats.max, coldServiceStats.samples, `p95 <= ${TARGETS.coldMs}`],
        ['model alone, 730 days', modelStats.p50, modelStats.p95, modelStats.max, modelStats.samples, ''],
        ['cached, one at a time (client)', cachedP95.p50, cachedP95.p95, cachedP95.max, cachedP95.samples, ''],
        ['cached, one at a time (service)', cachedServiceP95.p50, cachedServiceP95.p95, cachedServiceP95.max, cachedServiceP95.samples, `p95 <= ${TARGETS.cachedP95Ms}`],
        [`cached, ${rate}/s x 4 conn`, cached.p50, cached.p90, cached.max, cached.requests, '(p90 shown)'],
      ]),
      `batch of ${BATCH} new sneakers: ${batchMs} ms (target <= ${TARGETS.batchMs} ms); CPU time of the service ${batchServiceCpuMs ?? 'n/a'} ms, of the catalogue and billing answering it ${batchStubCpuMs} ms`,
      `load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)} on ${host.cpus} CPUs`,
      ...table([
        ['throughput (req/s)', 'one', 'two', 'gain', 'CPU ms/req one', 'CPU ms/req two'],
        ['cached', cachedOne.requestsPerSecond, cachedTwo.requestsPerSecond, `${gain(cachedOne, cachedTwo)}x`, cachedOne.cpuMsPerRequest ?? 'n/a', cachedTwo.cpuMsPerRequest ?? 'n/a'],
        ['uncached (model fit each time)', uncachedOne.requestsPerSecond, uncachedTwo.requestsPerSecond, `${gain(uncachedOne, uncachedTwo)}x`, uncachedOne.cpuMsPerRequest ?? 'n/a', uncachedTwo.cpuMsPerRequest ?? 'n/a'],
      ]),
    ];
    const data = {
      historyDays: HISTORY_DAYS,
      cold: coldStats,
      coldService: coldServiceStats,
      model: modelStats,
      cached: cachedP95,
      cachedService: cachedServiceP95,
      cachedPaced: cached,
      batch: { sneakers: BATCH, ms: batchMs, serviceCpuMs: batchServiceCpuMs, stubCpuMs: batchStubCpuMs },
      throughput: { cachedOne, cachedTwo, uncachedOne, uncachedTwo },
      checks,
      failed,
      machine: host,
      at: new Date().toISOString(),
    };
    lines.push(`results: ${writeResult('prediction', data)}`);
    return {
      name: 'prediction',
      target: `at the service (Server-Timing): cold p95 <= ${TARGETS.coldMs} ms (${coldServiceStats.p95}), cached p95 <= ${TARGETS.cachedP95Ms} ms (${cachedServiceP95.p95}), batch of ${BATCH} <= ${TARGETS.batchMs} ms (${batchMs}), two instances faster than one uncached (${gain(uncachedOne, uncachedTwo)}x)${failed ? `; ${failed} requests failed` : ''}`,
      pass,
      lines,
      data,
    };
  } finally {
    await cleanups.run(log);
  }
}

if (import.meta.main) await runAlone(prediction);
