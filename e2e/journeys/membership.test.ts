import { describe, expect, it } from 'vitest';
import { WEB, api, uniqueEmail } from '../api.ts';

/** Submits a form of a local payment page as the browser does, following the signed action. */
async function submit(pageUrl: string, button: 'pay' | 'cancel'): Promise<Response> {
  const html = await (await fetch(pageUrl)).text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((a) => new URL(a).pathname.endsWith(`/${button}`));
  if (!action) throw new Error(`no ${button} form on ${pageUrl}`);
  return fetch(action, { method: 'POST', redirect: 'manual' });
}

describe('register with a paid plan and pay locally', () => {
  it('ends premium, with a token that says so, and cancels to the period end', async () => {
    const registered = await api('POST', '/api/auth/register', { body: { name: 'Paula Pro', email: uniqueEmail('paula'), password: 'sneakers-123' } });
    expect(registered.status).toBe(201);
    let { accessToken: token, refreshToken } = registered.body.data.tokens;

    const checkout = await api('POST', '/api/membership/checkout', { token, body: { planName: 'premium', billingPeriod: 'monthly' } });
    expect(checkout.status).toBe(200);
    const url: string = checkout.body.data.url;
    expect(url.startsWith(`${WEB}/api/membership/local/checkout/`)).toBe(true);

    const paid = await submit(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${WEB}/admin/membership?checkout=success`);

    const status = await api('GET', '/api/membership/status', { token });
    expect(status.body.data.plan.name).toBe('premium');

    // The token's tier follows through auth's projection of billing's events.
    const deadline = Date.now() + 20_000;
    let tier = registered.body.data.user.membershipTier;
    while (tier !== 'premium' && Date.now() < deadline) {
      const refreshed = await api('POST', '/api/auth/refresh', { body: { refreshToken } });
      expect(refreshed.status).toBe(200);
      ({ accessToken: token, refreshToken } = refreshed.body.data.tokens);
      tier = refreshed.body.data.user.membershipTier;
      if (tier !== 'premium') await new Promise((r) => setTimeout(r, 250));
    }
    expect(tier).toBe('premium');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.tier).toBe('premium');

    const cancelled = await api('POST', '/api/membership/cancel', { token });
    expect(cancelled.body.data).toMatchObject({ name: 'premium', status: 'cancelling', cancelAtPeriodEnd: true });
    const check = await api('GET', '/api/membership/check/search', { token });
    expect(check.body.data).toMatchObject({ allowed: true, limit: null });
    const history = await api('GET', '/api/membership/billing-history', { token });
    expect(history.body.data).toMatchObject([{ amount: 999, status: 'paid' }]);
  });

  it('says nothing was charged when the checkout is cancelled', async () => {
    const registered = await api('POST', '/api/auth/register', { body: { name: 'Carl Cancel', email: uniqueEmail('carl'), password: 'sneakers-123' } });
    const token = registered.body.data.tokens.accessToken;
    const checkout = await api('POST', '/api/membership/checkout', { token, body: { planName: 'unlimited', billingPeriod: 'yearly' } });
    const back = await submit(checkout.body.data.url, 'cancel');
    expect(back.headers.get('location')).toBe(`${WEB}/admin/membership?checkout=cancel`);
    expect((await api('GET', '/api/membership/status', { token })).body.data.plan.name).toBe('trial');
    expect((await api('GET', '/api/membership/billing-history', { token })).body.data).toEqual([]);
  });
});
