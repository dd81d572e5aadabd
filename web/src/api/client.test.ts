import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, connectAuth, idempotent } from './client.ts';
import { ApiError } from './errors.ts';

const json = (status: number, body: unknown, statusText = '') => new Response(body === undefined ? '' : JSON.stringify(body), { status, statusText });

let fetchMock: ReturnType<typeof vi.fn>;
let token: string;
let bridge: { accessToken(): string; refresh: ReturnType<typeof vi.fn<() => Promise<void>>>; onAuthFailure: ReturnType<typeof vi.fn<() => void>> };

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  token = 'old';
  bridge = {
    accessToken: () => token,
    refresh: vi.fn(async () => {
      token = 'new';
    }),
    onAuthFailure: vi.fn<() => void>(),
  };
  connectAuth(bridge);
});
afterEach(() => {
  connectAuth(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: number) => (fetchMock.mock.calls[call]![1] as RequestInit).headers as Record<string, string>;

describe('the API client', () => {
  it('sends the bearer token and unwraps {data}', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: 1 } }));
    await expect(api.get('/collections')).resolves.toEqual({ ok: 1 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/collections');
    expect(headersOf(0).authorization).toBe('Bearer old');
  });

  it("throws the server's message, else the caller's fallback, else 'HTTP {status}: {statusText}'", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: 'Invalid size', code: 'VALIDATION_ERROR' }));
    await expect(api.post('/collections', {})).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid size' });
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await expect(api.post('/auth/login', {}, { auth: false, fallback: 'Login failed' })).rejects.toThrow('Login failed');
    fetchMock.mockResolvedValueOnce(json(502, undefined, 'Bad Gateway'));
    await expect(api.get('/x')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('answers a 401 with one refresh and one retry after 100 ms, with the new token and the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(401, { message: 'expired' })).mockResolvedValueOnce(json(200, { data: 'done' }));
    const pending = api.post('/collections', { a: 1 });
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('done');
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(headersOf(1).authorization).toBe('Bearer new');
    expect(headersOf(1)['idempotency-key']).toBe(headersOf(0)['idempotency-key']);
  });

  it("logs out with 'Authentication failed - redirecting to login' when the refresh fails", async () => {
    bridge.refresh.mockRejectedValueOnce(new Error('Token refresh failed'));
    fetchMock.mockResolvedValueOnce(json(401, {}));
    await expect(api.get('/collections')).rejects.toThrow('Authentication failed - redirecting to login');
    expect(bridge.onAuthFailure).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("retries at most once: a second 401 gives 'Maximum retry attempts exceeded'", async () => {
    fetchMock.mockResolvedValue(json(401, {}));
    const error = await api.get('/collections').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Maximum retry attempts exceeded');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
  });

  it('gives every retry of one mutation the same Idempotency-Key, and a new mutation a new one', async () => {
    const seen: string[] = [];
    const add = idempotent(async (_vars: { id: number }, key: string) => {
      seen.push(key);
    });
    const vars = { id: 1 };
    await add(vars);
    await add(vars);
    await add({ id: 1 });
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
