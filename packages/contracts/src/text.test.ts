import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailAddressSchema, findUnsafeText, isSafeText } from './text.ts';
import { registerBodySchema } from './api/auth.ts';

describe('safe text', () => {
  it('refuses NUL and other control characters, and unpaired surrogates', () => {
    for (const bad of ['a\u0000b', '\u0007bell', 'del\u007f', 'lone \ud800 high', 'lone \udc00 low']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('keeps what people type: tabs, new lines, accents, emoji', () => {
    for (const good of ['Air Jordan 1 — “Chicago”', 'line one\nline two\r\n\tindented', 'Zoë 👟', '']) expect(isSafeText(good), JSON.stringify(good)).toBe(true);
  });

  it('names the first unsafe field of a nested body, keys included', () => {
    expect(findUnsafeText({ name: 'Ana', items: [{ notes: 'ok' }, { notes: 'bad\u0000' }] })).toBe('items[1].notes');
    expect(findUnsafeText({ interests: ['Nike', '\ud800'] })).toBe('interests[1]');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnsafeText({ q: 'a\u0000b' })).toBe('q');
    expect(findUnsafeText({ name: 'Ana', size: 10, tags: ['a'], nested: { deep: null } })).toBeUndefined();
  });
});

describe('the one email rule', () => {
  it('refuses at the edge what the events would refuse', () => {
    for (const address of ['a..b@x.io', '.a@x.io', 'ü@x.io', 'a@x.io.', '0@0.0', 'x@y.z']) {
      expect(EMAIL_PATTERN.test(address), address).toBe(false);
      const parsed = registerBodySchema.safeParse({ name: 'Ana', email: address, password: 'sneakers-123' });
      expect(parsed.success, address).toBe(false);
      expect(emailAddressSchema.safeParse(address).success, address).toBe(false);
    }
  });

  it('accepts ordinary addresses everywhere', () => {
    for (const address of ['ana@example.com', 'a.b+c@sub.example.co.uk', "o'neil_1@example.io"]) {
      expect(registerBodySchema.safeParse({ name: 'Ana', email: address, password: 'sneakers-123' }).success, address).toBe(true);
      expect(emailAddressSchema.safeParse(address).success, address).toBe(true);
    }
  });
});
