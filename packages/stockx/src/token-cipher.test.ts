import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.ts';

const key = randomBytes(32).toString('base64');

describe('the token cipher', () => {
  it('seals a token so that the stored text does not contain it, and opens it again', () => {
    const cipher = createTokenCipher(key);
    const token = 'eyJhbGciOiJSUzI1NiJ9.a-refresh-token-value';
    const sealed = cipher.seal('refreshToken', token);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain('refresh-token-value');
    expect(cipher.open('refreshToken', sealed)).toBe(token);
    expect(cipher.seal('refreshToken', token)).not.toBe(sealed);
  });

  it('refuses a value moved to another field, tampered with, or sealed under another key', () => {
    const cipher = createTokenCipher(key);
    const sealed = cipher.seal('accessToken', 'secret');
    expect(() => cipher.open('refreshToken', sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.open('accessToken', [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32).toString('base64')).open('accessToken', sealed)).toThrow();
    expect(() => createTokenCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
