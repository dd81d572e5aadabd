import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Tracer } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { UNTRACED_PATHS } from './config.ts';
import { TRACE_ID_HEADER } from './context.ts';

let tracer: Tracer | undefined;

/**
 * The server span of each request, for a process that makes its own (`TracingSettings.ownServerSpans`): it continues
 * the caller's `traceparent`, answers with the trace id, and runs the rest of the request inside the span. The span
 * carries the stable HTTP attributes a trace backend lists requests by (method, path, status, and `http.route` once the
 * process names the route with `nameServerSpan`); an answer of 500 or above marks it failed.
 */
export const serverSpans: RequestHandler = (req, res, next) => {
  if (UNTRACED_PATHS.has(req.path)) return next();
  // Taken on first use: the SDK registers its provider before the app serves its first request.
  tracer ??= trace.getTracer('@kicksight/platform');
  // A request that names no trace starts one: nothing to read from its headers.
  const parent = req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path } }, parent);
  res.setHeader(TRACE_ID_HEADER, span.spanContext().traceId);
  res.once('close', () => {
    if (res.headersSent) {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    } else {
      // The caller left before any answer was written.
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
    }
    span.end();
  });
  context.with(trace.setSpan(parent, span), next);
};
