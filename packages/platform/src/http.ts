import type { Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { findUnsafeText, unsafeTextMessage } from '@kicksight/contracts';
import type { Logger } from './logger.ts';
import { AppError, errorHandler, notFoundHandler } from './errors.ts';
import { isShuttingDown } from './health.ts';
import { requestLogging } from './request-log.ts';
import type { Metrics } from './metrics.ts';
import { tracingSettings } from './telemetry/config.ts';
import { traceIdHeader } from './telemetry/context.ts';
import { serverSpans } from './telemetry/server-span.ts';

export interface HttpAppOptions {
  logger: Logger;
  metrics?: Metrics;
  /** Limit of JSON bodies (express.json). */
  bodyLimit?: string;
  /** Parse JSON bodies; a proxy (the BFF) passes bodies through untouched. */
  parseJson?: boolean;
  /** Paths whose body stays raw bytes (`req.body` is a Buffer), e.g. a signed webhook. */
  rawBodyPaths?: string[];
  /**
   * Which proxies in front are believed about the client's address (express's `trust proxy`): services
   * believe the BFF on internal addresses; the edge believes exactly the number of hops in front of it.
   */
  trustProxy?: number | string;
}

/** An express app with request ids, request logs, metrics and JSON parsing; add routes, then call `finish`. */
export function createHttpApp({ logger, metrics, bodyLimit = '1mb', parseJson = true, rawBodyPaths = [], trustProxy = 'loopback, linklocal, uniquelocal' }: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // Untraced, no request has a trace to name: the step is left out rather than run for nothing.
  const tracing = tracingSettings();
  if (tracing.sampleRatio > 0) app.use(tracing.ownServerSpans ? serverSpans : traceIdHeader);
  app.use(requestLogging(app, logger));
  if (metrics) app.use(metrics.httpMiddleware);
  // While the process drains, every answer closes its connection: a caller keeping connections open
  // (the BFF's agent) opens its next one to a replica that stays.
  app.use((_req, res, next) => {
    if (isShuttingDown()) res.setHeader('Connection', 'close');
    next();
  });
  if (parseJson) {
    const json = express.json({ limit: bodyLimit });
    const raw = express.raw({ type: '*/*', limit: bodyLimit });
    app.use((req, res, next) => (rawBodyPaths.includes(req.path) ? raw(req, res, next) : json(req, res, next)));
  }
  app.use(refuseUnsafeText);
  return app;
}

/**
 * Refuses, with a 400 naming the field, a request whose query or parsed JSON body holds text no field
 * may store: NUL and other control characters, unpaired surrogates. Nothing of it reaches a store, a
 * queue or a log line that another process must then read.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const field = findUnsafeText(req.query) ?? (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? findUnsafeText(body) : undefined);
  next(field === undefined ? undefined : AppError.badRequest(unsafeTextMessage(field)));
};

/** Adds the 404 and error handlers; call after every route is mounted. */
export function finishHttpApp(app: Express | Router, logger: Logger): void {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
}

/** Starts listening; resolves with the server and its real port (port 0 picks a free one). */
export async function listen(app: Express, port: number, host = '127.0.0.1'): Promise<{ server: Server; port: number; url: string }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const actual = (server.address() as AddressInfo).port;
  return { server, port: actual, url: `http://127.0.0.1:${actual}` };
}

/**
 * Stops accepting connections, lets requests in flight finish, then cuts what is left at the deadline. Idle
 * kept-alive connections are closed at once, or, with `leaveIdle`, left for the peer to use once more (the
 * answer closes it: see createHttpApp) or close itself: a request a proxy sent on an idle connection at the
 * moment it was closed would be lost, which a proxy that never sends a write twice (nginx) cannot make good.
 */
export async function closeServer(server: Server, graceMs: number, { leaveIdle = false }: { leaveIdle?: boolean } = {}): Promise<void> {
  if (!server.listening) return;
  // http.Server's own close() also closes idle connections: the listening socket alone is closed through net.Server's.
  const closed = new Promise<void>((resolve) => (leaveIdle ? NetServer.prototype.close : server.close).call(server, () => resolve()));
  if (!leaveIdle) server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
}
