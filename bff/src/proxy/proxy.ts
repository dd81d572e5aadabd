import type { ClientRequest } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { PHOTO_UPLOAD_MAX_BODY_BYTES, REQUEST_ID_HEADER, type ServiceName } from '@kicksight/contracts';
import { AppError, createReplicaProxy, createReplicaSet, sendError, type Logger, type ReplicaSet } from '@kicksight/platform';
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

/** Sets the headers the services may rely on: the request id, and who the client is as the BFF saw it (the proxy adds the trace). */
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
  const error =
    err instanceof UpstreamTimeoutError
      ? new AppError(504, EdgeErrorCode.UPSTREAM_TIMEOUT, `The ${service} service did not answer in time. Please try again.`)
      : serviceUnavailable(service, err);
  (req.log ?? logger).warn({ service, reason: err.message }, 'proxied request failed');
  sendError(res, error);
}

/** Forwards requests the route table gives to a service, bodies untouched and answers streamed back as they come. */
export function createProxy({ serviceUrls, timeoutMs, bodyLimitBytes, logger }: ProxyOptions): { handler: RequestHandler; close: () => void } {
  // Targets parsed once: a URL string returned here would be parsed again on every request, twice.
  // A service with several replicas gets its requests in turn.
  const replicas = new Map<string, ReplicaSet<URL>>(Object.entries(serviceUrls).map(([service, urls]) => [service, createReplicaSet(urls.map((url) => new URL(url)))]));
  const limit = bodyLimit(bodyLimitBytes);
  // A photo upload carries up to 5 MB of image (collection checks the image itself).
  const uploadLimitBytes = Math.max(bodyLimitBytes, PHOTO_UPLOAD_MAX_BODY_BYTES);
  const uploadLimit = bodyLimit(uploadLimitBytes);
  const proxy = createReplicaProxy({
    replicasOf: (req) => replicas.get(ownerOf(req))!,
    upstreamOf: ownerOf,
    onProxyReq: (proxyReq) => boundWait(proxyReq, timeoutMs),
    onFailure: (err, req, res) => answerProxyError(err, req, res, logger),
    // Bodies are within the limits above by the time they are forwarded.
    maxReplayedBytes: uploadLimitBytes,
    logger,
  });
  const handler: RequestHandler = (req, res, next) => {
    const owner = req.edgeRoute?.owner;
    if (!owner || owner === 'bff') return next();
    const limitOf = req.method === 'POST' && PHOTO_UPLOAD_PATH.test(req.path) ? uploadLimit : limit;
    limitOf(req, res, (err?: unknown) => {
      if (err) return next(err);
      prepareHeaders(req);
      proxy.forward(req, res, next);
    });
  };
  return { handler, close: proxy.close };
}
