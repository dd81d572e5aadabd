import { pino, type DestinationStream, type Logger } from 'pino';
import { traceFields } from './telemetry/context.ts';

export type { Logger };

/** Paths never written to logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

export function createLogger(service: string, level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Each line written inside a trace names it (`trace_id`, `span_id`).
    mixin: traceFields,
    },
    destination,
  );
}

/** Removes secrets carried in query strings (e.g. `?token=` of the event stream) from a URL before logging. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|code|signature)=)[^&#]*/gi, '$1[redacted]');
}
