// A reverse proxy over the replicas of an upstream (the BFF's proxy to each service, the web server's to the
// BFF): each request goes to the next replica in turn, and one a replica refused, or dropped before it reached
// a handler, goes to another replica (each tried once), so that a replica stopping or restarting costs the
// caller nothing. Answers stream back as they come (server-sent events included), encodings untouched.
import type { ClientRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { isShuttingDown } from './health.ts';
import type { Logger } from './logger.ts';
import { mayTryAnotherReplica, type ReplicaSet } from './replicas.ts';
import { ForwardingAgent, forwardTraceContext } from './telemetry/context.ts';

export interface ReplicaProxyOptions {
  /** The replicas of the upstream this request goes to. */
  replicasOf: (req: Request) => ReplicaSet<URL>;
  /** Called as each attempt is sent (to bound its wait, for one). */
  onProxyReq?: (proxyReq: ClientRequest, req: Request) => void;
  /** A request that failed where no other replica may take it, before any of its answer was sent: answer it. */
  onFailure: (err: Error, req: Request, res: Response) => void;
  /** Names the upstream in the log line of a retry. */
  upstreamOf: (req: Request) => string;
  /**
   * The largest body kept in memory to be sent again: a larger one, or one of no declared length, streams
   * to one replica only.
   */
  maxReplayedBytes: number;
  logger: Logger;
}

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
  /** Whether it is being sent again on a new connection, the one it went out on having been dropped. */
  onNewConnection: boolean;
  /** The body, read before the first attempt, when another replica may need it. */
  body?: Buffer;
  again: () => void;
}

/** Whether a request carries a body (which a second replica would need sent again). */
const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** Whether a request's body may be read into memory first: declared, and no longer than `maxBytes`. */
const replayable = (req: Request, maxBytes: number) => req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) <= maxBytes;

async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ReplicaProxy {
  /** Sends the request to a replica (and on to another one where that is safe); headers are as the caller left them. */
  forward: (req: Request, res: Response, next: NextFunction) => void;
  /** Closes the kept-alive connections. */
  close: () => void;
}

export function createReplicaProxy({ replicasOf, onProxyReq, onFailure, upstreamOf, maxReplayedBytes, logger }: ReplicaProxyOptions): ReplicaProxy {
  // One agent for every request: connections to each replica are kept alive and reused. Its requests make no client
  // span: each carries the trace context of the request it forwards (below), so the upstream's server span is a child
  // of this process's.
  const agent = new ForwardingAgent({ keepAlive: true });
  // A request whose kept-alive connection was dropped (the upstream closed it as idle, or restarted) is sent again on a
  // connection of its own: the agent's other idle connections to that upstream may have been dropped just the same.
  const newConnections = new ForwardingAgent({ keepAlive: false });
  const attempts = new WeakMap<Request, Attempt>();
  const proxy = createProxyMiddleware<Request, Response>({
    // The router is handed this request's own copy of the options: a body read beforehand is sent from there.
    router: (req, _res, options) => {
      const attempt = attempts.get(req)!;
      const { replica, index } = replicasOf(req).pick(attempt.tried);
      attempt.index = index;
      if (attempt.onNewConnection) (options as { agent?: ForwardingAgent }).agent = newConnections;
      if (attempt.body) (options as { buffer?: Readable }).buffer = Readable.from([attempt.body]);
      return replica;
    },
    changeOrigin: true,
    agent,
    // Our own handlers only: errors become answers of the caller's, nothing is written to the console.
    ejectPlugins: true,
    plugins: [
      (server) => {
        server.on('proxyReq', (proxyReq, req) => {
          const attempt = attempts.get(req as Request);
          if (attempt) attempt.reusedConnection = proxyReq.reusedSocket;
          onProxyReq?.(proxyReq, req as Request);
        });
        // The upstream's own Connection header would keep the caller's connection open: while this process
        // drains, each answer closes it, proxied or not.
        server.on('proxyRes', (proxyRes) => {
          if (isShuttingDown()) proxyRes.headers.connection = 'close';
        });
        server.on('error', (err, req, res) => {
          if (!req || !res || !('writeHead' in res)) return void logger.warn({ err }, 'proxy error outside a request');
          if (retried(err, req, res as Response)) return;
          if (!(res as Response).headersSent) return onFailure(err, req, res as Response);
          // The answer was already streaming (an event stream, say): all that is left is to cut it.
          logger.warn({ err, upstream: upstreamOf(req as Request) }, 'upstream failed mid-answer');
          res.destroy();
        });
      },
    ],
  });
  /**
   * Sends a request that failed before any answer again where that is safe: to another replica, or, the only replica
   * having dropped the kept-alive connection it went out on, once more to it on a new connection.
   */
  const retried = (err: Error, req: Request, res: Response): boolean => {
    const attempt = attempts.get(req);
    if (!attempt || res.headersSent || !mayTryAnotherReplica(err, req.method, attempt)) return false;
    if (hasBody(req) && !attempt.body) return false;
    const log = req.log ?? logger;
    if (attempt.left > 0) {
      attempt.left -= 1;
      replicasOf(req).markGone(attempt.index);
      attempt.tried.add(attempt.index);
      log.warn({ upstream: upstreamOf(req), reason: err.message }, 'replica gone; trying the next one');
    } else if (attempt.reusedConnection && !attempt.onNewConnection) {
      attempt.onNewConnection = true;
      log.warn({ upstream: upstreamOf(req), reason: err.message }, 'kept-alive connection dropped; sending again on a new one');
    } else {
      return false;
    }
    attempt.again();
    return true;
  };
  const forward = (req: Request, res: Response, next: NextFunction) => {
    forwardTraceContext(req.headers);
    const again = () => void proxy(req, res, next);
    const attempt: Attempt = { index: 0, tried: new Set(), reusedConnection: false, left: replicasOf(req).size - 1, onNewConnection: false, again };
    attempts.set(req, attempt);
    // With another replica to fall back on, the body is read first: it can be sent twice.
    if (attempt.left === 0 || !hasBody(req) || !replayable(req, maxReplayedBytes)) return again();
    readBody(req).then((body) => {
      attempt.body = body;
      again();
    }, next);
  };
  return {
    forward,
    close: () => {
      agent.destroy();
      newConnections.destroy();
    },
  };
}
