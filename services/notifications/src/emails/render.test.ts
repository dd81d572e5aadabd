import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES } from '@kicksight/contracts';
import { createRenderer, formatMoney, isMarketing } from './render.ts';
import { sampleData } from './samples.ts';

const WEB_URL = 'https://app.kicksight.test';
const render = createRenderer({ webUrl: `${WEB_URL}/` });
const now = new Date('2026-11-22T09:00:00Z');

describe('email templates', () => {
  it.each(EMAIL_TEMPLATES)('renders %s with a subject, an HTML part in the layout and a text part, linking into the web app', (template) => {
    const email = render(template, sampleData(template, now, WEB_URL));
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.subject).not.toMatch(/\{\{|undefined|NaN/);
    expect(email.html).toContain('<!doctype html>');
    expect(email.html).toContain('border-radius:12px');
    expect(email.html).toContain(`href="${WEB_URL}/`);
    expect(email.text).toContain(`${WEB_URL}/`);
    for (const part of [email.html, email.text]) expect(part).not.toMatch(/\{\{|undefined|NaN|\[object Object\]/);
  });

  it('shows money as whole dollars and the reset link as given', () => {
    const alert = render('price-alert', sampleData('price-alert', now, WEB_URL));
    expect(alert.subject).toBe('Price alert: Air Jordan 1 Retro High OG Chicago is below $400');
    expect(alert.text).toContain('is now $395, below your target of $400.');
    // A price that lands on the target reaches it, whichever way it moved.
    const reached = render('price-alert', { ...sampleData('price-alert', now, WEB_URL), price: 40_000, reached: true });
    expect(reached.subject).toBe('Price alert: Air Jordan 1 Retro High OG Chicago is at $400');
    expect(reached.text).toContain('is now $400, reaching your target of $400.');
    expect(reached.html).toContain('reaching your target of $400');
    expect(alert.text).toContain(`${WEB_URL}/admin/product/000000000000000000000001`);
    const reset = render('password-reset', { name: 'Ana', resetUrl: `${WEB_URL}/reset-password?token=abc`, expiresAt: '2026-11-22T10:00:00Z' });
    expect(reset.html).toContain(`href="${WEB_URL}/reset-password?token=abc"`);
    expect(reset.text).toContain('Hi Ana,');
  });

  it('escapes what members wrote in the HTML part', () => {
    const email = render('welcome', { name: '<script>x</script>' });
    expect(email.html).not.toContain('<script>x');
    expect(email.html).toContain('&lt;script&gt;');
  });

  it('offers the email preferences on marketing emails only', () => {
    expect(isMarketing('daily-digest')).toBe(true);
    expect(isMarketing('password-reset')).toBe(false);
    expect(isMarketing('payment-failed')).toBe(false);
    expect(render('daily-digest', sampleData('daily-digest', now, WEB_URL)).html).toContain(`${WEB_URL}/admin/settings`);
    expect(render('payment-failed', sampleData('payment-failed', now, WEB_URL)).html).not.toContain('/admin/settings');
  });

  it('counts the pairs of the digest in the singular for one', () => {
    const sample = sampleData('daily-digest', now, WEB_URL) as { collection: Record<string, unknown> };
    const one = render('daily-digest', { ...sample, collection: { ...sample.collection, itemCount: 1 } });
    for (const part of [one.html, one.text]) {
      expect(part).toContain('1 pair');
      expect(part).not.toContain('1 pairs');
    }
    expect(render('daily-digest', sample).text).toContain('12 pairs');
  });

  it('formats cents as US dollars without decimals', () => {
    expect(formatMoney(42_000)).toBe('$420');
    expect(formatMoney(123_456_78)).toBe('$123,457');
  });
});
