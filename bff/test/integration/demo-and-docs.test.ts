import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_DATA } from '@kicksight/contracts';
import { fixedClock, systemClock } from '@kicksight/platform';
import { Cleanups, deadUrl, serviceUrlEnv, uniqueName } from '@kicksight/testkit';
import { DEMO_TICKET_TTL_MS, issueDemoTicket, verifyDemoTicket } from '../../src/demo/demo-gate.ts';
import { startBff } from './support.ts';

const stack = inject('stack');
const cleanups = new Cleanups();
const TICKET_SECRET = 'integration-demo-ticket-secret-0123456789';
let bff: string;

beforeAll(async () => {
  const started = await startBff({
    stack,
    prefix: uniqueName('bff_demo'),
    cleanups,
    env: { ...serviceUrlEnv({}, await deadUrl()), DEMO_PASSWORD: 'sneakerhead', DEMO_TICKET_SECRET: TICKET_SECRET, DEMO_ATTEMPTS: '5', RATE_LIMIT_KEY_PREFIX: uniqueName('rl') },
  });
  bff = started.url;
});

afterAll(() => cleanups.run());

const attempt = (body: unknown) => fetch(`${bff}/api/demo/access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /api/demo/access', () => {
  it('answers the right password with a two-hour ticket that verifies', async () => {
    const response = await attempt({ password: 'sneakerhead' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { ticket: string; expiresAt: number } };
    expect(await verifyDemoTicket(data.ticket, TICKET_SECRET, systemClock)).toBe(true);
    expect(data.expiresAt - Date.now()).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(data.expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  it('answers a wrong or missing password with 401 and the exact message', async () => {
    for (const body of [{ password: 'sneakerhea' }, { password: '' }, {}]) {
      const response = await attempt(body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid password. Please try again.', code: 'INVALID_DEMO_PASSWORD' });
    }
  });

  it('limits attempts per address', async () => {
    // Five attempts per window in this configuration; four were made above.
    expect((await attempt({ password: 'guess' })).status).toBe(401);
    const limited = await attempt({ password: 'sneakerhead' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('counts the address the proxy in front saw, never one the client wrote into X-Forwarded-For', async () => {
    // As the web server forwards it: whatever the client wrote, then the address it saw (a private one here).
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const response = await fetch(`${bff}/api/demo/access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}, 10.20.30.40` },
        body: JSON.stringify({ password: 'guess' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('GET /api/demo/data', () => {
  const data = (ticket?: string) => fetch(`${bff}/api/demo/data`, { headers: ticket === undefined ? {} : { 'x-demo-ticket': ticket } });

  it("gives the demo's sample data for a valid ticket, kept by no cache", async () => {
    const { ticket } = await issueDemoTicket(TICKET_SECRET, systemClock);
    const response = await data(ticket);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ data: DEMO_DATA });
  });

  it('refuses no ticket, a forged one, one of another secret and an expired one', async () => {
    const [header, payload] = (await issueDemoTicket(TICKET_SECRET, systemClock)).ticket.split('.');
    const refused = [
      undefined,
      '',
      'not-a-ticket',
      `${header}.${payload}.forged-signature`,
      (await issueDemoTicket('another-secret-of-at-least-32-characters', systemClock)).ticket,
      (await issueDemoTicket(TICKET_SECRET, fixedClock(new Date(Date.now() - DEMO_TICKET_TTL_MS - 60_000)))).ticket,
    ];
    for (const ticket of refused) {
      const response = await data(ticket);
      expect(response.status, String(ticket)).toBe(401);
      expect(await response.json()).toEqual({ message: 'The demo has closed. Enter the demo password again.', code: 'INVALID_DEMO_TICKET' });
    }
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document without a token', async () => {
    const response = await fetch(`${bff}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths).toHaveProperty(['/api/auth/login']);
    expect(doc.paths).toHaveProperty(['/api/demo/access']);
  });

  it('serves a browsable UI from its own files, allowed by the CSP', async () => {
    const page = await fetch(`${bff}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    for (const asset of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/init.js']) {
      expect(html).toContain(asset);
      const response = await fetch(`${bff}${asset}`);
      expect(response.status, asset).toBe(200);
      expect((await response.text()).length, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${bff}/api/docs/index.html`)).status).toBe(404);
  });
});
