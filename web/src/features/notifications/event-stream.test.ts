import { describe, expect, it } from 'vitest';
import { EventStream, type StreamSignal } from './event-stream.ts';

class FakeSource {
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  handlers = new Map<string, (m: { data: string }) => void>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  addEventListener(type: string, fn: (m: { data: string }) => void) {
    this.handlers.set(type, fn);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(type: string, data: unknown) {
    this.handlers.get(type)?.({ data: JSON.stringify(data) });
  }
}

function setup() {
  let token = 'token-1';
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let refreshed = 0;
  const stream = new EventStream({
    token: () => token,
    refresh: async () => {
      refreshed += 1;
      token = `token-${refreshed + 1}`;
    },
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  const seen: [StreamSignal, unknown][] = [];
  stream.subscribe((signal, event) => seen.push([signal, event?.data ?? null]));
  return { stream, sources, timers, seen, refreshes: () => refreshed };
}

describe('the event stream', () => {
  it('opens one stream with the token and passes events on', () => {
    const { stream, sources, seen } = setup();
    stream.start();
    stream.start();
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/events?token=token-1');
    sources[0]!.open();
    sources[0]!.send('notification', { type: 'notification.created', data: { title: 'Price alert' } });
    expect(seen).toEqual([
      ['open', null],
      ['notification', { title: 'Price alert' }],
    ]);
  });

  it('reconnects with a fresh token after reauth and says it is back', async () => {
    const { stream, sources, seen, refreshes } = setup();
    stream.start();
    sources[0]!.open();
    sources[0]!.send('reauth', { reason: 'token_expired' });
    await Promise.resolve();
    await Promise.resolve();
    expect(refreshes()).toBe(1);
    expect(sources[0]!.closed).toBe(true);
    expect(sources[1]!.url).toBe('/api/events?token=token-2');
    sources[1]!.open();
    expect(seen.map(([s]) => s)).toEqual(['open', 'reauth', 'reconnected']);
  });

  it('backs off after errors, doubling up to 30 s, and stops on sign-out', () => {
    const { stream, sources, timers } = setup();
    stream.start();
    for (let i = 0; i < 7; i += 1) {
      sources.at(-1)!.onerror?.();
      timers.at(-1)!.fn();
    }
    expect(timers.map((t) => t.ms)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    stream.stop();
    expect(sources.at(-1)!.closed).toBe(true);
  });
});

describe('membership events', () => {
  it('refresh the token only when the tier moved', async () => {
    const { tierChanged } = await import('./live-events.ts');
    expect(tierChanged({ data: { tier: 'premium', cancelAtPeriodEnd: true } }, 'premium')).toBe(false);
    expect(tierChanged({ data: { tier: 'premium' } }, 'trial')).toBe(true);
    expect(tierChanged({ data: {} }, 'trial')).toBe(true);
    expect(tierChanged({ data: { tier: 'trial' } }, 'admin')).toBe(false);
  });
});

describe('notification events', () => {
  it('refresh the alerts for a price alert, or when the type is not said', async () => {
    const { mayFireAlert } = await import('./live-events.ts');
    expect(mayFireAlert({ data: { type: 'price_alert' } })).toBe(true);
    expect(mayFireAlert({ data: {} })).toBe(true);
    expect(mayFireAlert(null)).toBe(true);
    expect(mayFireAlert({ data: { type: 'payment_failed' } })).toBe(false);
  });
});
