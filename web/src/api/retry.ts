import { ApiError } from './errors.ts';

const QUERY_RETRIES = 3;

/** Answers that will not change by asking again (bad input, not allowed, not found, limits) are not retried. */
export function shouldRetry(failureCount: number, error: unknown, retries = QUERY_RETRIES): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  return failureCount < retries;
}
