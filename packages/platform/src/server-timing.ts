import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

// When each request reached the HTTP server (before any middleware ran).
const arrivals = new WeakMap<IncomingMessage, number>();
let tracking = false;

function trackArrivals(): void {
  if (tracking) return;
  tracking = true;
  subscribe('http.server.request.start', (message) => {
    arrivals.set((message as { request: IncomingMessage }).request, performance.now());
  });
}

/**
 * `Server-Timing: app;dur=<ms>` on every answer: the time from the request's arrival at the HTTP
 * server to the moment its head is written, so callers and benchmarks can tell the service's own
 * time from the network's and their own queueing.
 */
export function serverTiming(): RequestHandler {
  trackArrivals();
  return (req, res, next) => {
    const start = arrivals.get(req) ?? performance.now();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      if (!this.headersSent) this.setHeader('server-timing', `app;dur=${(performance.now() - start).toFixed(3)}`);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
