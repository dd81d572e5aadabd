import { describe, expect, it } from 'vitest';

const WEB = process.env.KS_WEB_URL ?? 'http://127.0.0.1:5173';

describe('the running product, through the web origin', () => {
  it('reports every service ready at /api/health', async () => {
    const response = await fetch(`${WEB}/api/health`);
    const { data } = (await response.json()) as { data: { status: string; services: Record<string, { status: string }> } };
    expect(response.status).toBe(200);
    expect(data.status).toBe('ok');
    expect(Object.fromEntries(Object.entries(data.services).map(([name, row]) => [name, row.status]))).toEqual({
      auth: 'ready',
      catalog: 'ready',
      collection: 'ready',
      billing: 'ready',
      prediction: 'ready',
      notifications: 'ready',
    });
  });

  it('serves the app for client routes and answers unknown API paths with a JSON 404', async () => {
    const page = await fetch(`${WEB}/admin/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${WEB}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
