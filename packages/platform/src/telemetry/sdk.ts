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
import { UNTRACED_PATHS, type TracingSettings } from './config.ts';
import { ForwardingAgent } from './context.ts';

/**
 * The instrumentations of the clients the platform uses; of incoming requests and express's layers, unless the
 * process makes its server spans itself (`serverSpans`, the BFF).
 */
export function instrumentationsFor({ ownServerSpans }: Pick<TracingSettings, 'ownServerSpans'>) {
  return [
    new HttpInstrumentation({
      disableIncomingRequestInstrumentation: ownServerSpans,
      ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
      requireParentforOutgoingSpans: true,
      // A proxy's forwarded requests pass the trace on themselves (see ForwardingAgent).
      ignoreOutgoingRequestHook: (options) => options.agent instanceof ForwardingAgent,
    }),
    ...(ownServerSpans ? [] : [new ExpressInstrumentation()]),
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
    // Without an exporter spans are still made (their ids go into logs and answers) and dropped. Ended spans are sent
    // within a quarter of a second: held for the default 5 s, a busy process's spans outlive the young generation and
    // every request pays for the old generation's collections (at 300 req/s, most of tracing's cost to the BFF).
    spanProcessors: [exporter ? new BatchSpanProcessor({ exporter, scheduledDelayMillis: 250, maxExportBatchSize: 256 }) : new NoopSpanProcessor()],
    instrumentations: instrumentationsFor(settings),
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
