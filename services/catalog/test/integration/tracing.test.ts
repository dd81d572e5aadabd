// Catalog's traces in the trace backend (the stack's Zipkin), with catalog and prediction run as their main.ts
// runs them: a StockX round is one trace through its BullMQ jobs, and a sale a request records reaches
// prediction's consumer inside that request's trace, through catalog's MongoDB outbox and Kafka.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventProducer, newEvent, openInfra, systemClock } from '@kicksight/platform';
import {
  Cleanups,
  STOCKX_TEST_APP,
  TEST_SERVICE_TOKEN,
  createTestTopics,
  deadUrl,
  startServiceProcess,
  startStockxSandbox,
  startTokenIssuer,
  testKafka,
  tracedEnv,
  uniqueName,
  waitFor,
  waitForTrace,
  zipkinTraces,
  type ServiceWorkload,
  type TokenIssuer,
  type ZipkinSpan,
} from '@kicksight/testkit';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import type { SneakerDoc } from '../../src/store/models.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const DATA_DIR = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;
/** The style id of a real product of the sandbox's StockX catalogue. */
const STOCKX_STYLE = 'FZ5000';

let zipkin: string;
let issuer: TokenIssuer;
let catalog: ServiceWorkload;
let prefix: string;
let sneakers: SneakerDoc[];

beforeAll(async () => {
  if (!stack.zipkin) throw new Error('the trace test needs the stack’s Zipkin (KS_ZIPKIN_URL; scripts/stack.sh up starts it)');
  zipkin = stack.zipkin;
  issuer = await startTokenIssuer(cleanups);
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'catalog_tracing');
  cleanups.add(topics.drop);
  prefix = topics.prefix;

  const sandbox = await startStockxSandbox({ app: STOCKX_TEST_APP, dataDir: DATA_DIR });
  cleanups.add(() => sandbox.stop());

  const mongoUrl = `${stack.mongo.replace(/\/$/, '')}/${uniqueName('catalog_tracing')}`;
  const options = { stack, prefix, cleanups };
  catalog = await startServiceProcess('catalog', {
    ...options,
    catalogImport: ['--generate', '5', '--products-per-file', '5'],
    env: {
      ...tracedEnv(zipkin),
      MONGO_URL: mongoUrl,
      JWKS_URL: issuer.jwksUrl,
      BILLING_INTERNAL_URL: await deadUrl(),
      TEST_ROUTES_ENABLED: 'true',
      RELAY_INTERVAL_MS: '100',
      MARKET_SOURCES: 'stockx',
      ...sandbox.appEnv,
      STOCKX_TOKEN_KEY: randomBytes(32).toString('base64'),
      STOCKX_SYNC_INTERVAL_MS: '2000',
      STOCKX_RATE_LIMIT_PER_MINUTE: '600',
    },
  });
  // One sneaker of the catalogue takes the style id of a product StockX carries.
  const { infra, close } = await openInfra({ name: 'catalog-tracing', logLevel: 'silent', mongoUrl });
  cleanups.add(async () => {
    await infra.mongo!.dropDatabase();
    await close();
  });
  sneakers = await infra.mongo!.collection<SneakerDoc>('sneakers').find({}).sort({ _id: 1 }).limit(2).toArray();
  await infra.mongo!.collection<SneakerDoc>('sneakers').updateOne({ _id: sneakers[0]!._id }, { $set: { sku: STOCKX_STYLE.toLowerCase() } });

  await startServiceProcess('prediction', { ...options, env: { ...tracedEnv(zipkin), JWKS_URL: issuer.jwksUrl, CATALOG_INTERNAL_URL: catalog.internalUrl } });
}, 180_000);
afterAll(() => cleanups.run());

const isCatalog = (span: ZipkinSpan) => span.localEndpoint?.serviceName === 'catalog';
/** A StockX sync job's processing span (BullMQ's `process stockx-market`) of the named job. */
const jobSpan = (name: string) => (span: ZipkinSpan) => isCatalog(span) && span.kind === 'CONSUMER' && /^process stockx-market$/i.test(span.name ?? '') && span.tags?.['bullmq.job.name'] === name;

/** A call of one administrator (the link's state is theirs). */
async function adminCall(method: string, path: string): Promise<{ status: number; body: { data: Record<string, string> } }> {
  const token = await issuer.mint({ id: 'trace-admin', role: 'admin' });
  const response = await fetch(`${catalog.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { data: Record<string, string> } };
}

describe('traces through catalog', () => {
  it('makes a StockX round one trace: the plan job, the map job it added and the read jobs that added continue it', async () => {
    const since = Date.now();
    // The operator links StockX; a member holds a pair of the sneaker StockX carries.
    const started = await adminCall('POST', '/api/admin/integrations/stockx/link');
    const consent = await fetch(started.body.data.authorizationUrl!, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const linked = await adminCall('GET', `/api/admin/integrations/stockx/callback?${new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! })}`);
    expect(linked.status).toBe(200);
    const producer = createEventProducer(testKafka(stack.kafkaBrokers, 'trace-demand'), { prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());
    const held = { userId: randomUUID(), itemId: randomUUID(), sneakerId: sneakers[0]!._id, size: 10, itemCount: 1 };
    await producer.send([{ key: held.userId, envelope: newEvent('collection.item_added@1', held, { clock: systemClock }) }]);

    // A round (planned every 2 s) maps the sneaker and reads its size: the read's span is in the plan's trace.
    const round = await waitFor(
      async () => {
        const traces = await zipkinTraces(zipkin, { serviceName: 'catalog', spanName: 'process stockx-market', lookbackMs: Date.now() - since + 1_000 });
        // The first round maps the sneaker (later rounds read it straight away).
        const fresh = traces.filter((spans) => spans.every((span) => (span.timestamp ?? 0) >= since * 1_000));
        return fresh.find((spans) => spans.some(jobSpan('map')) && spans.some(jobSpan('read')));
      },
      { timeoutMs: 60_000, intervalMs: 1_000, message: 'a traced StockX round that mapped and read in Zipkin' },
    );
    const [plan, map, read] = ['plan', 'map', 'read'].map((name) => round.find(jobSpan(name)));
    expect(plan, 'the plan job in the read’s trace').toBeDefined();
    expect(map, 'the map job in the read’s trace').toBeDefined();
    // A round is a trace of its own: its plan is the trace's root, and the only plan in it.
    expect(round.filter(jobSpan('plan'))).toEqual([plan]);
    expect(plan!.parentId).toBeUndefined();
    expect(new Set(round.map((s) => s.traceId))).toEqual(new Set([plan!.traceId]));
    // Each job's processing descends from the processing of the job that added it.
    const byId = new Map(round.map((s) => [s.id, s]));
    const ancestors = (span: ZipkinSpan) => {
      const found: ZipkinSpan[] = [];
      for (let at = span.parentId && byId.get(span.parentId); at; at = at.parentId ? byId.get(at.parentId) : undefined) found.push(at);
      return found;
    };
    expect(ancestors(read!)).toContain(map);
    expect(ancestors(map!)).toContain(plan);
  });
  it('sends a sale a request recorded inside the request’s trace: prediction’s consumer handles it in that trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const sneaker = sneakers[1]!;
    const response = await fetch(`${catalog.internalUrl}/internal/test/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': TEST_SERVICE_TOKEN, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ sneakerId: sneaker._id, size: sneaker.variants[0]!.size, price: 25_000 }),
    });
    expect(response.status).toBe(201);

    const wanted: Record<string, (spans: ZipkinSpan[]) => boolean> = {
      'catalog’s request': (spans) => spans.some((s) => isCatalog(s) && s.kind === 'SERVER'),
      'the Kafka publish': (spans) => spans.some((s) => isCatalog(s) && s.kind === 'PRODUCER' && (s.name ?? '').includes('catalog')),
      'prediction’s consumer': (spans) => spans.some((s) => s.localEndpoint?.serviceName === 'prediction' && s.name === 'handle sale.recorded'),
    };
    const spans = await waitForTrace(zipkin, traceId, wanted);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([traceId]));
  });
});
