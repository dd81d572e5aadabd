import { AppError } from '@kicksight/platform';

/** Error codes the edge answers with, besides the shared ones of the contracts. */
export const EdgeErrorCode = {
  ACCOUNT_DELETED: 'ACCOUNT_DELETED',
  SESSION_ENDED: 'SESSION_ENDED',
  INVALID_API_KEY: 'INVALID_API_KEY',
  API_KEY_READ_ONLY: 'API_KEY_READ_ONLY',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  LENGTH_REQUIRED: 'LENGTH_REQUIRED',
  INVALID_DEMO_PASSWORD: 'INVALID_DEMO_PASSWORD',
  INVALID_DEMO_TICKET: 'INVALID_DEMO_TICKET',
} as const;

export const serviceUnavailable = (service: string, cause?: unknown): AppError =>
  AppError.unavailable(`The ${service} service is unavailable. Please try again shortly.`, cause);
