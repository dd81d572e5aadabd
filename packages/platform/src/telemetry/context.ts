import { Agent, type IncomingHttpHeaders } from 'node:http';
import { context, propagation, trace, type Context, type Link } from '@opentelemetry/api';
import type { RequestHandler } from 'express';

/** The response header that names the request's trace (to find it in the trace backend). */
export const TRACE_ID_HEADER = 'x-trace-id';

/** The ids of the active span, for log lines; none outside a trace (and always none with tracing off). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Answers every request with its trace id (with tracing on). */
export const traceIdHeader: RequestHandler = (_req, res, next) => {
  const span = trace.getActiveSpan();
  if (span) res.setHeader(TRACE_ID_HEADER, span.spanContext().traceId);
  next();
};

/**
 * Names the request's server span by the route it matched (`GET /api/items/{id}`, attribute `http.route`), for a
 * process that routes with a table of its own rather than express's routes; nothing with tracing off.
 */
export function nameServerSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}

/** A carrier of the W3C trace context (`traceparent`, `tracestate`), as stored and sent with an event. */
export type TraceCarrier = Record<string, string>;

/** The active trace context, to store with an outbox row or a job; undefined outside a sampled trace. */
export function captureTraceContext(): TraceCarrier | undefined {
  const span = trace.getActiveSpan();
  if (!span || !span.isRecording()) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a carrier names (the root context when it names none). */
export function contextOf(carrier: TraceCarrier | null | undefined): Context {
  return carrier ? propagation.extract(context.active(), carrier) : context.active();
}

/** Runs `work` inside the trace a carrier names (an outbox relay sends each event inside the trace that wrote it). */
export function inTraceOf<T>(carrier: TraceCarrier | null | undefined, work: () => T): T {
  return context.with(contextOf(carrier), work);
}

/** A link to the span a carrier names, for a span that continues its work elsewhere. */
export function linkTo(carrier: TraceCarrier | null | undefined): Link[] {
  const spanContext = carrier ? trace.getSpanContext(propagation.extract(context.active(), carrier)) : undefined;
  return spanContext ? [{ context: spanContext }] : [];
}

/**
 * The agent of a proxy that forwards requests as they came (the BFF's): its requests make no client span of
 * their own, and carry instead the trace context of the request they forward (`forwardTraceContext`), so the
 * upstream's server span is a child of the proxy's server span. A client span there would only repeat the
 * server span it runs in (same route, same outcome, nearly the same duration) at the cost of a second span,
 * its attributes and its context bindings on every request.
 */
export class ForwardingAgent extends Agent {}

/** Writes the active trace context (`traceparent`, `tracestate`) into the headers of a request about to be forwarded. */
export function forwardTraceContext(headers: IncomingHttpHeaders): void {
  propagation.inject(context.active(), headers);
}
