// One member's click followed end to end: a request with a known traceparent through the BFF that adds a
// collection item is, in the trace backend (the stack's Zipkin), one trace with spans from the BFF,
// collection, collection's database, the Kafka publish and billing's consumer.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cleanups, createTestTopics, startBffProcess, startServiceProcess, startTokenIssuer, startUpstream, testKafka, tracedEnv, uniqueName, waitFor, waitForTrace, type ServiceProcess, type TokenIssuer, type ZipkinSpan } from '@kicksight/testkit';

const stack = inject('stack');
const cleanups = new Cleanups();
let issuer: TokenIssuer;
let bff: ServiceProcess;
let collection: ServiceProcess;
let zipkin: string;
/** The run's topics (each BFF reads the user topic before it is ready). */
let topicPrefix: string;

beforeAll(async () => {
  if (!stack.zipkin) throw new Error('the trace test needs the stack’s Zipkin (KS_ZIPKIN_URL; scripts/stack.sh up starts it)');
  zipkin = stack.zipkin;
  issuer = await startTokenIssuer(cleanups);
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'tracing');
  cleanups.add(topics.drop);
  topicPrefix = topics.prefix;
  const tracing = tracedEnv(zipkin);
  const options = { stack, prefix: topics.prefix, cleanups };
  const billing = await startServiceProcess('billing', { ...options, env: tracing });
  collection = await startServiceProcess('collection', {
    ...options,
    env: { ...tracing, LOG_LEVEL: 'info', JWKS_URL: issuer.jwksUrl, BILLING_INTERNAL_URL: billing.internalUrl },
  });
  bff = await startBffProcess({ ...options, env: { ...tracing, AUTH_JWKS_URL: issuer.jwksUrl, COLLECTION_URL: collection.url, RATE_LIMIT_KEY_PREFIX: topics.prefix } });
});
afterAll(() => cleanups.run());

describe('a traced request', () => {
  it('is one trace from the BFF through collection, its database and Kafka to billing’s consumer, and its logs name it', async () => {
    const traceId = randomBytes(16).toString('hex');
    const token = await issuer.mint({ id: randomUUID() });
    const response = await fetch(`${bff.url}/api/collections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ name: 'Traced Dunk', brand: 'Nike', purchasePrice: 9_900 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-trace-id')).toBe(traceId);

    const has = (spans: ZipkinSpan[], service: string, test: (span: ZipkinSpan) => boolean) => spans.some((s) => s.localEndpoint?.serviceName === service && test(s));
    const wanted: Record<string, (spans: ZipkinSpan[]) => boolean> = {
      // Named by the route table's pattern, as the BFF routes.
      'the BFF': (spans) =>
        has(spans, 'bff', (s) => s.kind === 'SERVER' && s.tags?.['http.route'] === '/api/collections' && s.name?.toLowerCase() === 'post /api/collections' && s.tags?.['http.response.status_code'] === '201'),
      collection: (spans) => has(spans, 'collection', (s) => s.kind === 'SERVER'),
      "collection's database": (spans) => has(spans, 'collection', (s) => s.kind === 'CLIENT' && (s.tags?.['db.system.name'] ?? s.tags?.['db.system']) === 'postgresql'),
      'the Kafka publish': (spans) => has(spans, 'collection', (s) => s.kind === 'PRODUCER' && (s.name ?? '').includes('collection')),
      "billing's consumer": (spans) => has(spans, 'billing', (s) => s.kind === 'CONSUMER') && has(spans, 'billing', (s) => s.name === 'handle collection.item_added'),
    };
    const spans = await waitForTrace(zipkin, traceId, wanted);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([traceId]));
    // The BFF forwards the request inside its own span (making no client span of its own): collection's server span
    // is that span's child, not a child of the caller's.
    const serverSpanOf = (service: string) => spans.find((s) => s.localEndpoint?.serviceName === service && s.kind === 'SERVER')!;
    expect(spans.some((s) => s.localEndpoint?.serviceName === 'bff' && s.kind === 'CLIENT')).toBe(false);
    expect(serverSpanOf('collection').parentId).toBe(serverSpanOf('bff').id);

    // A line collection logged while it served the request carries the trace's id.
    const lines = collection.output().filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { trace_id?: string; span_id?: string });
    expect(lines.some((line) => line.trace_id === traceId && /^[0-9a-f]{16}$/.test(line.span_id ?? ''))).toBe(true);
  });
});

describe('a forwarded request that fails', () => {
  it('is logged inside its own trace, also on a kept-alive connection another request opened', async () => {
    const upstream = await startUpstream('collection', cleanups);
    const edge = await startBffProcess({ stack, prefix: topicPrefix, cleanups, env: { ...tracedEnv(zipkin), AUTH_JWKS_URL: issuer.jwksUrl, COLLECTION_URL: upstream.url, RATE_LIMIT_KEY_PREFIX: uniqueName('tracing_cut') } });
    const token = await issuer.mint({ id: randomUUID() });
    const inTrace = (traceId: string) => ({ authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    const [opener, cut] = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
    // The first request opens the connection to the upstream; the second goes out on it and the upstream cuts it.
    expect((await fetch(`${edge.url}/api/collections`, { headers: inTrace(opener) })).status).toBe(200);
    expect((await fetch(`${edge.url}/api/collections/x/cut`, { headers: inTrace(cut) })).status).toBe(503);
    const failure = await waitFor(() => edge.output().filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; trace_id?: string }).find((line) => line.msg === 'proxied request failed'), { timeoutMs: 5_000, message: 'the failure logged' });
    expect(failure.trace_id).toBe(cut);
  });
});
