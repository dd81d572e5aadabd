/**
 * Whether an error means a store or the broker is away (refused, cut, timed out, not connected), as the
 * clients of PostgreSQL, Redis, MongoDB and Kafka report it. Such a request is answered 503 with
 * `Retry-After`, never 500: nothing is wrong with the request, and the same call succeeds once the store
 * is back.
 */
export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 4) return false;
  const { name, code, message, cause } = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailable(code))) return true;
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (err instanceof AggregateError && err.errors.some((inner) => isStoreUnavailable(inner, depth + 1))) return true;
  return isStoreUnavailable(cause, depth + 1);
}

/** Node's socket errors: the server refused, reset or never answered the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), too many
 * connections, a statement cancelled by its timeout, a server shutting down or starting.
 */
function isPostgresUnavailable(code: string): boolean {
  return code.startsWith('08') || ['53300', '57014', '57P01', '57P02', '57P03'].includes(code);
}

/** Error classes the clients throw for a server they cannot reach. */
const UNAVAILABLE_NAMES = new Set([
  // ioredis
  'MaxRetriesPerRequestError',
  // mongoose and the MongoDB driver
  'MongooseServerSelectionError',
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // kafkajs
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'KafkaJSLockTimeout',
]);

/** The same, where a client says it only in words. */
const UNAVAILABLE_MESSAGES = [
  // pg
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Query read timeout$/,
  /is not queryable$/,
  // ioredis: no offline queue, a closed connection, a command timeout
  /enableOfflineQueue options is false/,
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  // rate-limiter-flexible with a Redis that is not connected
  /^Redis connection is not ready/i,
  // mongoose with buffering off before its first connection
  /bufferCommands = false/,
];
