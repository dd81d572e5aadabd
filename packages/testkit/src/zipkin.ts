import { waitFor } from './wait.ts';

/** Settings that make a process keep every span and send it to Zipkin at once, so a test reads it within seconds. */
export const tracedEnv = (zipkin: string): Record<string, string> => ({ TRACING_SAMPLE_RATIO: '1', ZIPKIN_URL: zipkin, OTEL_BSP_SCHEDULE_DELAY: '200' });

/** A span as the trace backend (the stack's Zipkin) answers it in its v2 API. */
export interface ZipkinSpan {
  traceId: string;
  id: string;
  parentId?: string;
  name?: string;
  /** Microseconds since the epoch. */
  timestamp?: number;
  kind?: 'SERVER' | 'CLIENT' | 'PRODUCER' | 'CONSUMER';
  localEndpoint?: { serviceName?: string };
  tags?: Record<string, string>;
}

/** The spans of one trace (none yet while it is not stored). */
export async function zipkinTrace(zipkin: string, traceId: string): Promise<ZipkinSpan[]> {
  const response = await fetch(`${zipkin}/api/v2/trace/${traceId}`);
  return response.ok ? ((await response.json()) as ZipkinSpan[]) : [];
}

/** The traces of a service that have a span of the given name, started within the last `lookbackMs`. */
export async function zipkinTraces(zipkin: string, { serviceName, spanName, lookbackMs }: { serviceName: string; spanName: string; lookbackMs: number }): Promise<ZipkinSpan[][]> {
  const search = new URLSearchParams({ serviceName, spanName, limit: '200', lookback: String(lookbackMs) });
  const response = await fetch(`${zipkin}/api/v2/traces?${search}`);
  return response.ok ? ((await response.json()) as ZipkinSpan[][]) : [];
}

/**
 * Waits until a trace holds a span of every kind `wanted` describes (each a test of the trace's spans, by what it
 * stands for), and answers its spans; fails naming the kinds still missing at the deadline.
 */
export function waitForTrace(zipkin: string, traceId: string, wanted: Record<string, (spans: ZipkinSpan[]) => boolean>, timeoutMs = 30_000): Promise<ZipkinSpan[]> {
  return waitFor(
    async () => {
      const found = await zipkinTrace(zipkin, traceId);
      const missing = Object.entries(wanted).filter(([, test]) => !test(found));
      if (missing.length > 0) throw new Error(`no span yet of ${missing.map(([what]) => what).join(', ')} (${found.length} spans)`);
      return found;
    },
    { timeoutMs, intervalMs: 500, message: `trace ${traceId} in Zipkin` },
  );
}
