import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context } from '@opentelemetry/api';
import type { Express, RequestHandler } from 'express';
import { REQUEST_ID_HEADER } from '@kicksight/contracts';
import type { Logger } from './logger.ts';
import { redactUrl } from './logger.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: its well-formed `X-Request-Id`, or a UUID (sent back in the same header). */
    id: string;
    /** A logger whose lines name the request (`req`: id, method and URL). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Probes and scrapes write no line. */
const UNLOGGED_PATHS = new Set(['/livez', '/readyz', '/metrics']);
const boundLogger = Symbol('boundLogger');

type LoggedRequest = IncomingMessage & { [boundLogger]?: Logger };

/** What a line says of a request: its id, method and URL (secrets in the query string redacted). */
const requestFields = (req: IncomingMessage) => ({ id: req.id, method: req.method, url: redactUrl(req.url ?? '') });
/** A response whose caller left before its head was written has no status. */
const responseFields = (res: ServerResponse) => ({ statusCode: res.headersSent ? res.statusCode : null });

function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The line written when a response closes: 5xx (or a failed response) at error, 4xx at warn, the rest at info. */
function logCompletion(logger: Logger, req: IncomingMessage, res: ServerResponse, startedAt: number, err?: Error): void {
  const level = err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const fields = { req: requestFields(req), res: responseFields(res), responseTime: Date.now() - startedAt };
  if (level === 'error') logger.error({ ...fields, err: err ?? new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
  else logger[level](fields, res.writableEnded ? 'request completed' : 'request aborted');
}

/**
 * Gives each request its id (`req.id`, answered in `X-Request-Id`) and a logger bound to it (`req.log`), and
 * writes one line as its response closes (probes and scrapes aside). The bound logger is made when a line is
 * first written through it: a child logger's bindings go through the redaction of every field, which most
 * requests, logging nothing but their last line, would pay for nothing.
 */
export function requestLogging(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      return (this[boundLogger] ??= logger.child({ req: requestFields(this) }));
    },
    set(this: LoggedRequest, value: Logger) {
      this[boundLogger] = value;
    },
  });
  return (req, res, next) => {
    req.id = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, req.id);
    if (!UNLOGGED_PATHS.has(req.url)) {
      const startedAt = Date.now();
      // The line names the request's trace: a response's events fire in whatever context wrote to its socket last.
      const requestContext = context.active();
      const done = (err?: Error) => {
        res.off('close', done);
        res.off('finish', done);
        res.off('error', done);
        context.with(requestContext, logCompletion, undefined, logger, req, res, startedAt, err);
      };
      res.on('close', done);
      res.on('finish', done);
      res.on('error', done);
    }
    next();
  };
}
