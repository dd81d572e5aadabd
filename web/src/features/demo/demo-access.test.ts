import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCESS_KEY, DEMO_ACCESS_MS, readDemoAccess, requestDemoAccess } from './demo-access.ts';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('demo access', () => {
  it('stores the ticket from the gate and keeps it 2 hours, then removes it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { ticket: 't', expiresAt: 1_000 + DEMO_ACCESS_MS } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await requestDemoAccess('secret', sessionStorage, 1_000);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ password: 'secret' });
    expect(readDemoAccess(sessionStorage, 1_000 + DEMO_ACCESS_MS - 1)).toMatchObject({ granted: true, ticket: 't' });
    expect(readDemoAccess(sessionStorage, 1_000 + DEMO_ACCESS_MS)).toBeNull();
    expect(sessionStorage.getItem(DEMO_ACCESS_KEY)).toBeNull();
  });

  it("answers the gate's message for a wrong password and stores nothing", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid password. Please try again.', code: 'INVALID_DEMO_PASSWORD' }), { status: 401 })));
    await expect(requestDemoAccess('wrong', sessionStorage)).rejects.toThrow('Invalid password. Please try again.');
    expect(readDemoAccess(sessionStorage)).toBeNull();
  });

  it('ignores a marker without the granted flag or a ticket', () => {
    sessionStorage.setItem(DEMO_ACCESS_KEY, JSON.stringify({ timestamp: Date.now(), granted: true }));
    expect(readDemoAccess(sessionStorage)).toBeNull();
    sessionStorage.setItem(DEMO_ACCESS_KEY, '{broken');
    expect(readDemoAccess(sessionStorage)).toBeNull();
  });
});
