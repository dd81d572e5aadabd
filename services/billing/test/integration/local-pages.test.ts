import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout } from '@kicksight/testkit';
import { call, newUserId, startBilling, type BillingApp } from './billing-app.ts';

let billing: BillingApp;

beforeAll(async () => {
  billing = await startBilling();
});
afterAll(() => billing?.close());

/** The local checkout page a checkout link opens (as the browser's Back button opens it again). */
const openCheckout = (url: string) => fetch(`${billing.url}${new URL(url).pathname}${new URL(url).search}`);

describe('the local checkout page', () => {
  it('answers a closed checkout with a page saying so and leading back to the membership page, not with JSON', async () => {
    const token = await billing.token({ id: newUserId() });
    const { url } = (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'yearly' })).body.data;
    const cancelled = await payLocalCheckout(billing.url, url, 'cancel');
    expect(cancelled.headers.get('location')).toBe('http://127.0.0.1:5173/admin/membership?checkout=cancel');

    const back = await openCheckout(url);
    expect(back.status).toBe(410);
    expect(back.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await back.text();
    expect(html).toContain('<p>This checkout is no longer open.</p>');
    expect(html).toContain('<a class="button primary" href="http://127.0.0.1:5173/admin/membership">Back to Kicksight</a>');
    expect(html).toContain('Local payment · no card is charged');
  });

  it('answers a link that is not valid with a page too', async () => {
    const token = await billing.token({ id: newUserId() });
    const { url } = (await call(billing.url, 'POST', '/api/membership/checkout', token, { planName: 'premium', billingPeriod: 'monthly' })).body.data;
    const forged = await openCheckout(url.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await forged.text()).toContain('<p>This payment link is not valid.</p>');
  });
});
