import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { registerFlowMetrics } from './flow-metrics.ts';

export interface Metrics {
  registry: Registry;
  httpMiddleware: RequestHandler;
  /** Serves the registry in the Prometheus text format (`GET /metrics`). */
  handler: RequestHandler;
}

/** One registry per app (so several apps can live in one test process), with process and HTTP metrics. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The defaults include the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  registerFlowMetrics(registry);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const httpMiddleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The matched route pattern keeps label cardinality bounded (an edge that routes by its own table names the
      // pattern in `res.locals.route`); unmatched paths share one label.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : typeof res.locals.route === 'string' ? res.locals.route : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      end(labels);
      requests.inc(labels);
    });
    next();
  };
  const handler: RequestHandler = async (_req, res) => {
    res.setHeader('content-type', registry.contentType);
    res.end(await registry.metrics());
  };
  return { registry, httpMiddleware, handler };
}

/** A figure read when Prometheus scrapes (a queue's length, the age of its oldest item). */
export interface ScrapedGauge {
  name: string;
  help: string;
  read: () => Promise<number>;
}

/**
 * Registers gauges whose values are read at each scrape. A read that fails leaves the gauge out of that
 * scrape (an absent series, which alert rules treat as unknown) rather than failing the whole scrape.
 */
export function registerScrapedGauges(registry: Registry, gauges: ScrapedGauge[]): void {
  for (const { name, help, read } of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        try {
          this.set(await read());
        } catch {
          this.reset();
        }
      },
    });
  }
}
