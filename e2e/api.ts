export const WEB = process.env.KS_WEB_URL ?? 'http://127.0.0.1:5173';

/** A JSON call through the web origin, as the browser makes it; answers are read loosely. */
export async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${WEB}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
