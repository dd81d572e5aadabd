import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE, authorizationUrlOf, callbackMessageOf, requestGoogleCode } from './google-popup.ts';

const config = { clientId: 'kicksight-web', authorizationUrl: 'http://127.0.0.1:4010/authorize' };

function fakeWindow(popup: { closed: boolean } | null) {
  const target = new EventTarget();
  const storage = new Map<string, string>();
  const win = {
    location: { origin: 'http://127.0.0.1:5173' },
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    sessionStorage: { setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k), getItem: (k: string) => storage.get(k) ?? null },
    open: vi.fn(() => popup),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const post = (data: unknown, origin = 'http://127.0.0.1:5173') => target.dispatchEvent(new MessageEvent('message', { data, origin }));
  return { win: win as unknown as Window, open: win.open, post };
}

const stateOf = (open: ReturnType<typeof vi.fn>) => new URL((open.mock.calls[0] as unknown as [string])[0]).searchParams.get('state');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Google sign-in popup', () => {
  it('opens a 500x600 popup on the authorization page with scope, response type and a random state', () => {
    const { win, open } = fakeWindow({ closed: false });
    void requestGoogleCode(config, win).catch(() => undefined);
    const [url, , features] = open.mock.calls[0] as unknown as [string, string, string];
    const params = new URL(url).searchParams;
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe('http://127.0.0.1:5173/auth/callback');
    expect(params.get('state')).toMatch(/^[0-9a-f-]{36}$/);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
  });

  it('resolves with the code when the callback reports the same state', async () => {
    const { win, open, post } = fakeWindow({ closed: false });
    const pending = requestGoogleCode(config, win);
    post({ type: OAUTH_MESSAGE, ok: true, code: 'abc', state: stateOf(open) });
    await expect(pending).resolves.toEqual({ code: 'abc', redirectUri: 'http://127.0.0.1:5173/auth/callback' });
  });

  it("refuses a different state with 'OAuth failed', and ignores messages from other origins", async () => {
    const { win, post } = fakeWindow({ closed: false });
    const pending = requestGoogleCode(config, win);
    post({ type: OAUTH_MESSAGE, ok: true, code: 'evil', state: 'x' }, 'http://evil.example');
    post({ type: OAUTH_MESSAGE, ok: true, code: 'abc', state: 'forged' });
    await expect(pending).rejects.toThrow('OAuth failed');
  });

  it("notices a closed popup within a second: 'OAuth popup was closed'", async () => {
    const popup = { closed: false };
    const { win } = fakeWindow(popup);
    const pending = requestGoogleCode(config, win);
    const outcome = expect(pending).rejects.toThrow('OAuth popup was closed');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
  });

  it("fails with 'Failed to open popup window' when the browser blocks it", async () => {
    const { win } = fakeWindow(null);
    await expect(requestGoogleCode(config, win)).rejects.toThrow('Failed to open popup window');
  });

  it("reports 'No authorization code received' from a callback without a code", () => {
    expect(callbackMessageOf(new URLSearchParams('state=s'))).toEqual({ type: OAUTH_MESSAGE, ok: false, error: 'No authorization code received' });
    expect(callbackMessageOf(new URLSearchParams('error=access_denied'))).toEqual({ type: OAUTH_MESSAGE, ok: false, error: 'access_denied' });
    expect(callbackMessageOf(new URLSearchParams('code=c&state=s'))).toEqual({ type: OAUTH_MESSAGE, ok: true, code: 'c', state: 's' });
  });

  it('builds the authorization address from config', () => {
    expect(authorizationUrlOf(config, 'http://x/auth/callback', 's')).toMatch(/^http:\/\/127\.0\.0\.1:4010\/authorize\?client_id=kicksight-web/);
  });
});
