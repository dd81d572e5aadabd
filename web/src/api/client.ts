import { AUTH_FAILED_MESSAGE, ApiError, MAX_RETRIES_MESSAGE, errorCodeOf, failureMessage } from './errors.ts';

export { ApiError } from './errors.ts';

/** How the client reaches the session: the token to send, a refresh after a 401, and a sign-out when that fails. */
interface AuthBridge {
  accessToken(): string | null;
  refresh(): Promise<void>;
  onAuthFailure(): void;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The message when the server gives none (else 'HTTP {status}: {statusText}'). */
  fallback?: string;
  /** Sent on mutations; generated when absent. A retry of the same call reuses it. */
  idempotencyKey?: string;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Further request headers (e.g. the demo area's ticket). */
  headers?: Record<string, string>;
}

const RETRY_AFTER_REFRESH_MS = 100;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const API_BASE: string = (import.meta.env?.VITE_API_URL as string | undefined) ?? '/api';

let bridge: AuthBridge | null = null;

/** Connects the client to the session (done once by the session module). */
export function connectAuth(next: AuthBridge | null): void {
  bridge = next;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const unwrap = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body);

async function send(method: string, path: string, options: RequestOptions, key: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : bridge?.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
}

/**
 * One call to the API: JSON in and out, `{data}` unwrapped, the bearer token attached, and a 401
 * answered by one token refresh and one retry after 100 ms (a failed refresh signs the user out).
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const key = MUTATIONS.has(method) ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
  const authenticated = options.auth !== false && Boolean(bridge?.accessToken());
  let response = await send(method, path, options, key);
  if (response.status === 401 && authenticated && bridge) {
    try {
      await bridge.refresh();
    } catch {
      bridge.onAuthFailure();
      throw new ApiError(401, 'UNAUTHORIZED', AUTH_FAILED_MESSAGE);
    }
    await delay(RETRY_AFTER_REFRESH_MS);
    response = await send(method, path, options, key);
    if (response.status === 401) {
      bridge.onAuthFailure();
      throw new ApiError(401, 'UNAUTHORIZED', MAX_RETRIES_MESSAGE);
    }
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorCodeOf(body), failureMessage(body, response.status, response.statusText, options.fallback), body);
  return unwrap(body) as T;
}

type Options = Omit<RequestOptions, 'body'>;

/** The one API client of the app. */
export const api = {
  get: <T>(path: string, options?: Options) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => request<T>('PATCH', path, { ...options, body }),
  del: <T>(path: string, options?: Options) => request<T>('DELETE', path, options),
};

const keys = new WeakMap<object, string>();

/**
 * A mutation function whose `Idempotency-Key` stays the same for every retry of one `mutate(variables)`
 * (react-query calls the function again with the same variables object).
 */
export function idempotent<V extends object, R>(fn: (variables: V, idempotencyKey: string) => Promise<R>): (variables: V) => Promise<R> {
  return (variables) => {
    let key = keys.get(variables);
    if (!key) {
      key = crypto.randomUUID();
      keys.set(variables, key);
    }
    return fn(variables, key);
  };
}

/** A protected file (e.g. an item photo) as an object URL, fetched with the bearer token. */
export async function fetchObjectUrl(url: string, signal?: AbortSignal): Promise<string> {
  const token = bridge?.accessToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError(response.status, 'UNKNOWN', `HTTP ${response.status}: ${response.statusText}`);
  return URL.createObjectURL(await response.blob());
}
