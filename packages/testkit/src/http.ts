import { checkAnswer } from './contract.ts';

/** An answer read loosely: tests assert on its shape (after the client checked it against the API contract). */
export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A body sent as it is (malformed JSON, huge payloads). */
  raw?: string;
  headers?: Record<string, string>;
  /** Skips the contract check, for a test that provokes an answer outside the contract on purpose. */
  unchecked?: boolean;
}

/**
 * A JSON client for one origin, as a browser or another service would call it (redirects not followed).
 * Every answer to an operation of the API contract is checked against it: a body that breaks its schema
 * fails the test (ContractViolation).
 */
export function jsonClient(baseUrl: string) {
  async function call(method: string, path: string, options: CallOptions = {}): Promise<JsonAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      redirect: 'manual',
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
    if (!options.unchecked && (response.headers.get('content-type') ?? '').includes('application/json')) checkAnswer(method, path, response.status, body);
    return { status: response.status, body, headers: response.headers };
  }
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown, token?: string, headers?: Record<string, string>) => call('POST', path, { body, token, headers }),
    put: (path: string, body?: unknown, token?: string) => call('PUT', path, { body, token }),
    delete: (path: string, body?: unknown, token?: string) => call('DELETE', path, { body, token }),
    raw: (method: string, path: string, raw: string) => call(method, path, { raw }),
  };
}

export type JsonClient = ReturnType<typeof jsonClient>;

/** Opens a local checkout page of billing (rewritten to the given origin) and submits its Pay or Cancel form, as a browser would. */
export async function payLocalCheckout(baseUrl: string, checkoutUrl: string, button: 'pay' | 'cancel' = 'pay'): Promise<Response> {
  const local = (url: string) => `${baseUrl}${new URL(url.replaceAll('&amp;', '&')).pathname}${new URL(url.replaceAll('&amp;', '&')).search}`;
  const page = await fetch(local(checkoutUrl));
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!).find((a) => a.includes(`/${button}?`));
  if (!action) throw new Error(`no ${button} form on the checkout page`);
  return fetch(local(action), { method: 'POST', redirect: 'manual' });
}
