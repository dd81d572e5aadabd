import type { ClientRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { PHOTO_UPLOAD_MAX_BODY_BYTES, REQUEST_ID_HEADER, type ServiceName } from '@kicksight/contracts';
import { AppError, ForwardingAgent, createReplicaSet, forwardTraceContext, mayTryAnotherReplica, sendError, type Logger, type ReplicaSet } from '@kicksight/platform';
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

/** Sets the headers the services may rely on: the request id, the trace it is part of, and who the client is as the BFF saw it. */
function prepareHeaders(req: Request): void {
  req.headers[REQUEST_ID_HEADER] = String(req.id);
  forwardTraceContext(req.headers);
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
/** Whether a request carries a body (which a second replica would need sent again). */
const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0;

/** One attempt of a request on one replica, and what a second attempt needs. */
interface Attempt {
  /** The replica it was sent to. */
  index: number;
  /** The replicas it failed on: a retry goes to another one. */
  tried: Set<number>;
  /** Whether it went out on a kept-alive connection (which the replica may have just closed as idle). */
  reusedConnection: boolean;
  /** Other replicas still to try. */
  left: number;
  /** The body, read before the first attempt, when another replica may need it. */
  body?: Buffer;
  again: () => void;
}

export function createProxy({ serviceUrls, timeoutMs, bodyLimitBytes, logger }: ProxyOptions): { handler: RequestHandler; close: () => void } {
  // One agent for every request: connections to each upstream are kept alive and reused.
  const agent = new ForwardingAgent({ keepAlive: true });
  // Targets parsed once: a URL string returned here would be parsed again on every request, twice.
  // A service with several replicas gets its requests in turn.
  const replicas = new Map<string, ReplicaSet<URL>>(Object.entries(serviceUrls).map(([service, urls]) => [service, createReplicaSet(urls.map((url) => new URL(url)))]));
  const attempts = new WeakMap<Request, Attempt>();
  const proxy = createProxyMiddleware<Request, Response>({
    // The router is handed this request's own copy of the options: a body read beforehand is sent from there.
    router: (req, _res, options) => {
      const attempt = attempts.get(req);
      const { replica, index } = replicas.get(ownerOf(req))!.pick(attempt?.tried);
      if (attempt) {
        attempt.index = index;
        if (attempt.body) (options as { buffer?: Readable }).buffer = Readable.from([attempt.body]);
      }
      return replica;
    },
    changeOrigin: true,
    agent,
    // Our own handlers only: errors become JSON answers, nothing is written to the console.
    ejectPlugins: true,
    plugins: [
      (server) => {
        server.on('proxyReq', (proxyReq, req) => {
          const attempt = attempts.get(req as Request);
          if (attempt) attempt.reusedConnection = proxyReq.reusedSocket;
          boundWait(proxyReq, timeoutMs);
        });
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
  // A request a replica refused, or dropped before it reached a handler, goes to the next replica (each
  // tried once): a replica shutting down or restarting costs the caller nothing.
  const retried = (err: Error, req: Request, res: Response): boolean => {
    const attempt = attempts.get(req);
    if (!attempt || attempt.left <= 0 || res.headersSent || !mayTryAnotherReplica(err, req.method, attempt)) return false;
    if (hasBody(req) && !attempt.body) return false;
    attempt.left -= 1;
    replicas.get(ownerOf(req))!.markGone(attempt.index);
    attempt.tried.add(attempt.index);
    (req.log ?? logger).warn({ service: ownerOf(req), reason: err.message }, 'replica gone; trying the next one');
    attempt.again();
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
      const attempt: Attempt = { index: 0, tried: new Set(), reusedConnection: false, left: replicas.get(owner)!.size - 1, again };
      attempts.set(req, attempt);
      // With another replica to fall back on, the body is read first (within the limits above): it can be sent twice.
      if (attempt.left === 0 || !hasBody(req)) return again();
      readBody(req).then((body) => {
        attempt.body = body;
        again();
      }, next);
    });
  };
  return { handler, close: () => agent.destroy() };
}

async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
