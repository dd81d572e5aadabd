import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import type { TracingSettings } from './config.ts';
import { ForwardingAgent } from './context.ts';

/** Requests that say nothing of a member's work: probes and scrapes are never traced. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics', '/health']);

/**
 * Processes that route requests with a table of their own rather than express's routes: the BFF forwards
 * from middleware, so express's instrumentation would only add a span per middleware to every request and
 * name no route; the BFF names its server spans by its route table instead (`nameServerSpan`).
 */
const OWN_ROUTING = new Set(['bff']);

/** The instrumentations of the clients the platform uses; express's where a process routes with it. */
export function instrumentationsFor(serviceName: string) {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
      requireParentforOutgoingSpans: true,
      // A proxy's forwarded requests pass the trace on themselves (see ForwardingAgent).
      ignoreOutgoingRequestHook: (options) => options.agent instanceof ForwardingAgent,
    }),
    ...(OWN_ROUTING.has(serviceName) ? [] : [new ExpressInstrumentation()]),
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    new MongooseInstrumentation({ requireParentSpan: true }),
    new KafkaJsInstrumentation(),
  ];
}

function exporterOf(settings: TracingSettings): SpanExporter | undefined {
  if (settings.otlpEndpoint) return new OTLPTraceExporter();
  if (settings.zipkinUrl) return new ZipkinExporter({ url: new URL('/api/v2/spans', settings.zipkinUrl).toString() });
  return undefined;
}

/**
 * Starts the OpenTelemetry SDK: parent-based ratio sampling, the instrumentations of the clients the
 * platform uses, and one exporter (OTLP where a collector is configured, else Zipkin, else none).
 * Database and cache calls are traced only inside a trace (background polls start none).
 */
export async function startTracing(settings: TracingSettings): Promise<NodeSDK> {
  // ES modules are patched through import-in-the-middle, for the instrumented packages only.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const exporter = exporterOf(settings);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    autoDetectResources: false,
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    // Without an exporter spans are still made (their ids go into logs and answers) and dropped.
    spanProcessors: [exporter ? new BatchSpanProcessor({ exporter }) : new NoopSpanProcessor()],
    instrumentations: instrumentationsFor(settings.serviceName),
    // Traces only: metrics are each process's /metrics (Prometheus) and logs are pino's lines. Left unset, the SDK
    // would record OpenTelemetry's HTTP metrics on every request and export them, and logs, to an OTLP collector.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // The loader knows every instrumented package before the app imports the first one.
  await waitForAllMessagesAcknowledged();
  const stop = () => void sdk.shutdown().catch(() => {});
  process.once('beforeExit', stop);
  return sdk;
}
