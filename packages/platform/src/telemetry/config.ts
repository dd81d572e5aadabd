import { basename, dirname, sep } from 'node:path';

/** How a process traces, read from its environment before anything else is loaded. */
export interface TracingSettings {
  /** The share of new traces recorded (0 to 1); a caller's decision (its `traceparent`) is followed. 0 turns tracing off. */
  sampleRatio: number;
  serviceName: string;
  /** Zipkin's address (local stack): spans go to `<url>/api/v2/spans`. */
  zipkinUrl?: string;
  /** An OTLP/HTTP collector (the chart); chosen over Zipkin when both are set. */
  otlpEndpoint?: string;
  /** The process makes its requests' server spans itself (`serverSpans`) rather than through the http instrumentation. */
  ownServerSpans: boolean;
}

/** Requests that say nothing of a member's work: probes and scrapes are never traced. */
export const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/metrics', '/health']);

/**
 * Processes that route requests with a table of their own rather than express's routes, and make their server spans
 * themselves: the BFF forwards from middleware, so express's instrumentation would only add a span per middleware to
 * every request and name no route, and the http instrumentation's server span (its dozen attributes, its bindings of
 * every listener of the request and the response) would cost the edge more than the forwarding itself.
 */
const OWN_SERVER_SPANS = new Set(['bff']);

type Env = Record<string, string | undefined>;

/**
 * The process's name in traces: `OTEL_SERVICE_NAME`, or the workspace of its entry point
 * (`services/collection/src/main.ts` is `collection`, `bff/src/main.ts` is `bff`).
 */
export function serviceNameOf(env: Env, entry = process.argv[1] ?? ''): string {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  const parts = dirname(entry).split(sep);
  const src = parts.lastIndexOf('src');
  const workspace = src > 0 ? parts[src - 1] : undefined;
  return workspace ?? (basename(entry, '.ts') || 'kicksight');
}

/** Reads `TRACING_SAMPLE_RATIO` (unset, empty or 0: off), `ZIPKIN_URL` and `OTEL_EXPORTER_OTLP_ENDPOINT`. */
export function tracingSettings(env: Env = process.env): TracingSettings {
  const raw = env.TRACING_SAMPLE_RATIO?.trim() ?? '';
  const ratio = raw === '' ? 0 : Number(raw);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) throw new Error(`TRACING_SAMPLE_RATIO must be a number from 0 to 1, not "${raw}"`);
  const serviceName = serviceNameOf(env);
  return {
    sampleRatio: ratio,
    serviceName,
    zipkinUrl: env.ZIPKIN_URL || undefined,
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    ownServerSpans: OWN_SERVER_SPANS.has(serviceName),
  };
}
