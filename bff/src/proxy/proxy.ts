import { Agent, type ClientRequest } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { PHOTO_UPLOAD_MAX_BODY_BYTES, REQUEST_ID_HEADER, type ServiceName } from '@kicksight/contracts';
import { AppError, sendError, type Logger } from '@kicksight/platform';
import { EdgeErrorCode, serviceUnavailable } from '../errors.ts';
import { bodyLimit } from '../edge/hygiene.ts';

const PHOTO_UPLOAD_PATH = /^\/api\/collections\/[^/]+\/photos$/;

/** The upstream did not start answering within the configured time. */
class UpstreamTimeoutError extends Error {
  override name = 'UpstreamTimeoutError';
}

export interface ProxyOptions {
  /** Each service's replicas (one or more addresses). */
  serviceUrls: Record<ServiceName, string[]>;
  timeoutMs: number;
  /** Largest request body forwarded, by its declared length. */
  bodyLimitBytes: number;
  logger: Logger;
}

const ownerOf = (req: Request): ServiceName => req.edgeRoute!.owner as ServiceName;

/** Methods whose request carries no body and changes nothing: safe to send again to another replica. */
const RETRIABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A replica that refused or dropped the connection (stopping, restarting) before it answered. */
const REPLICA_GONE = new Set(['ECONNREFUSED', 'ECONNRESET']);
/** How long a replica that refused is passed over. */
const REPLICA_GONE_MS = 2_000;

/** Sets the headers the services may rely on: the request id, and who the client is as the BFF saw it. */
function prepareHeaders(req: Request): void {
  req.headers[REQUEST_ID_HEADER] = String(req.id);
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  const host = req.get('host');
  if (host) req.headers['x-forwarded-host'] = host;
  // Node answers `Expect: 100-continue` itself; the upstream must not wait for a second go-ahead.
  delete req.headers.expect;
}

/** Bounds the wait for the upstream's answer (not the length of a streamed answer). */
function boundWait(proxyReq: ClientRequest, timeoutMs: number): void {
  const timer = setTimeout(() => proxyReq.destroy(new UpstreamTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  const clear = () => clearTimeout(timer);
  proxyReq.once('response', clear);
  proxyReq.once('close', clear);
}

function answerProxyError(err: Error, req: Request, res: Response, logger: Logger): void {
  const service = ownerOf(req);
  if (res.headersSent) {
    // The answer was already streaming: all that is left is to cut it.
    logger.warn({ err, service }, 'upstream failed mid-answer');
    res.destroy();
    return;
  }
  const error =
    err instanceof UpstreamTimeoutError
      ? new AppError(504, EdgeErrorCode.UPSTREAM_TIMEOUT, `The ${service} service did not answer in time. Please try again.`)
      : serviceUnavailable(service, err);
  (req.log ?? logger).warn({ service, reason: err.message }, 'proxied request failed');
  sendError(res, error);
}

/**
 * Forwards requests the route table gives to a service, bodies untouched and answers streamed
 * back as they come (server-sent events included).
 */
export function createProxy({ serviceUrls, timeoutMs, bodyLimitBytes, logger }: ProxyOptions): { handler: RequestHandler; close: () => void } {
  // One agent for every request: connections to each upstream are kept alive and reused.
  const agent = new Agent({ keepAlive: true });
  // Targets parsed once: a URL string returned here would be parsed again on every request, twice.
  // A service with several replicas gets its requests in turn.
  const targets = new Map(Object.entries(serviceUrls).map(([service, urls]) => [service, { urls: urls.map((url) => new URL(url)), next: 0, goneUntil: urls.map(() => 0) }]));
  /** The replica each request was sent to last. */
  const sentTo = new WeakMap<Request, number>();
  const targetOf = (req: Request): URL => {
    const target = targets.get(ownerOf(req))!;
    const now = Date.now();
    // Replicas that refused a connection a moment ago are passed over while another one is there.
    let index = target.next;
    for (let tried = 0; tried < target.urls.length && target.goneUntil[index]! > now; tried++) index = (index + 1) % target.urls.length;
    target.next = (index + 1) % target.urls.length;
    sentTo.set(req, index);
    return target.urls[index]!;
  };
  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => targetOf(req),
    changeOrigin: true,
    agent,
    // Our own handlers only: errors become JSON answers, nothing is written to the console.
    ejectPlugins: true,
    plugins: [
      (server) => {
        server.on('proxyReq', (proxyReq) => boundWait(proxyReq, timeoutMs));
        server.on('error', (err, req, res) => {
          if (req && res && 'writeHead' in res && retried(err, req, res as Response)) return;
          if (req && res && 'writeHead' in res) answerProxyError(err, req, res as Response, logger);
          else logger.warn({ err }, 'proxy error outside a request');
        });
      },
    ],
  });
  const limit = bodyLimit(bodyLimitBytes);
  // A photo upload carries up to 5 MB of image (collection checks the image itself).
  const uploadLimit = bodyLimit(Math.max(bodyLimitBytes, PHOTO_UPLOAD_MAX_BODY_BYTES));
  // A read a replica refused or dropped before answering goes to the next replica (each tried once):
  // a replica shutting down or restarting costs the caller nothing.
  const retries = new WeakMap<Request, { left: number; again: () => void }>();
  const retried = (err: Error, req: Request, res: Response): boolean => {
    const retry = retries.get(req);
    const code = (err as { code?: string }).code;
    if (!retry || retry.left <= 0 || res.headersSent || !RETRIABLE_METHODS.has(req.method) || !code || !REPLICA_GONE.has(code)) return false;
    retry.left -= 1;
    const index = sentTo.get(req);
    if (index !== undefined) targets.get(ownerOf(req))!.goneUntil[index] = Date.now() + REPLICA_GONE_MS;
    (req.log ?? logger).warn({ service: ownerOf(req), reason: err.message }, 'replica gone; trying the next one');
    retry.again();
    return true;
  };
  const handler: RequestHandler = (req, res, next) => {
    const owner = req.edgeRoute?.owner;
    if (!owner || owner === 'bff') return next();
    const limitOf = req.method === 'POST' && PHOTO_UPLOAD_PATH.test(req.path) ? uploadLimit : limit;
    limitOf(req, res, (err?: unknown) => {
      if (err) return next(err);
      prepareHeaders(req);
      const again = () => void proxy(req, res, next);
      retries.set(req, { left: targets.get(owner)!.urls.length - 1, again });
      again();
    });
  };
  return { handler, close: () => agent.destroy() };
}
