import { describe, expect, it } from 'vitest';
import { BFF, WEB, call } from './support.ts';

// What browsers are told about framing, sniffing, referrers, scripts and other origins.
async function firstAsset(): Promise<string> {
  const html = await (await fetch(`${WEB}/`)).text();
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error('no script asset in the page');
  return asset;
}

const places: [name: string, url: () => Promise<string>][] = [
  ['the web origin’s page /', async () => `${WEB}/`],
  ['the web origin’s signed-in page /admin/collection', async () => `${WEB}/admin/collection`],
  ['the web origin’s account page /admin/settings', async () => `${WEB}/admin/settings`],
  ['a script asset of the web origin', async () => `${WEB}${await firstAsset()}`],
  ['an API answer through the web origin', async () => `${WEB}/api/membership/plans`],
  ['an API error through the web origin', async () => `${WEB}/api/collections`],
  ['an answer of the BFF', async () => `${BFF}/api/membership/plans`],
  ['an error of the BFF', async () => `${BFF}/api/no-such-path`],
];

describe('header', () => {
  for (const [name, url] of places) {
    it(`forbids framing, sniffing and referrers on ${name}`, async () => {
      const response = await fetch(await url());
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/default-src 'self'|default-src 'none'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    });
  }

  for (const [name, base] of [
    ['web origin', WEB],
    ['BFF', BFF],
  ] as const) {
    it(`grants no other origin CORS at the ${name}`, async () => {
      const answer = await call('OPTIONS', '/api/collections', {
        base,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      const simple = await call('GET', '/api/membership/plans', { base, headers: { origin: 'https://evil.example' } });
      // Only the product's own web origin is ever named: a browser on another origin reads nothing.
      for (const allowed of [answer.headers.get('access-control-allow-origin'), simple.headers.get('access-control-allow-origin')]) {
        expect(allowed === null || allowed === new URL(WEB).origin, String(allowed)).toBe(true);
      }
      expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    });
  }
});
