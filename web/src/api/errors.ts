/** An answer of the API that was not a success: its HTTP status, its `code` and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole error body, for answers that say more than a message (an import's bad lines). */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const AUTH_FAILED_MESSAGE = 'Authentication failed - redirecting to login';
export const MAX_RETRIES_MESSAGE = 'Maximum retry attempts exceeded';

/** The message of a failed answer: the body's message, the caller's fallback, else 'HTTP {status}: {statusText}'. */
export function failureMessage(body: unknown, status: number, statusText: string, fallback?: string): string {
  const message = typeof body === 'object' && body !== null && 'message' in body ? (body as { message: unknown }).message : undefined;
  if (typeof message === 'string' && message !== '') return message;
  return fallback ?? `HTTP ${status}: ${statusText}`;
}

export const errorCodeOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : 'UNKNOWN';

/** The text to show for anything thrown by a call. */
export const messageOf = (error: unknown, fallback = 'Something went wrong. Please try again.'): string =>
  error instanceof Error && error.message ? error.message : fallback;
