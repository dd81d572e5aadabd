import { describe, expect, it } from 'vitest';
import { createLocalJWKSet } from 'jose';
import { createJwtVerifier, fixedClock } from '@kicksight/platform';
import { generateSigningKey, hashSecret, issueAccessToken, loadSigningKeys, newSecret } from './tokens.ts';

const subject = { id: 'u1', email: 'ana@example.com', name: 'Ana', role: 'member' as const, tier: 'premium' as const };

describe('signing keys', () => {
  it('signs with the first key and publishes every key while they rotate', async () => {
    const [next, previous] = await Promise.all([generateSigningKey('2026-12'), generateSigningKey('2026-11')]);
    const keys = await loadSigningKeys(JSON.stringify([next, previous]));
    expect(keys.current.kid).toBe('2026-12');
    expect(keys.jwks.keys.map((k) => k.kid)).toEqual(['2026-12', '2026-11']);
    expect(keys.jwks.keys.every((k) => k.d === undefined)).toBe(true);

    const old = await loadSigningKeys(JSON.stringify([previous]));
    const issuedBefore = await issueAccessToken(old, subject, { now: () => new Date() }, 60_000);
    const verifier = createJwtVerifier({ keys: createLocalJWKSet(keys.jwks) });
    expect((await verifier.verify(issuedBefore.token)).id).toBe('u1');
  });

  it('refuses a key set without private keys', async () => {
    const { d: _d, ...publicOnly } = await generateSigningKey('k');
    await expect(loadSigningKeys(JSON.stringify([publicOnly]))).rejects.toThrow(/private part/);
  });
});

describe('issueAccessToken', () => {
  it('carries the claims and expires after its lifetime, in epoch milliseconds', async () => {
    const keys = await loadSigningKeys(JSON.stringify([await generateSigningKey('k1')]));
    const { token, expiresAt } = await issueAccessToken(keys, subject, fixedClock('2026-11-22T10:00:00Z'), 60 * 60 * 1000);
    expect(expiresAt).toBe(Date.parse('2026-11-22T11:00:00Z'));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'u1', email: 'ana@example.com', name: 'Ana', role: 'member', tier: 'premium', iss: 'kicksight-auth', aud: 'kicksight' });
  });
});

describe('secrets', () => {
  it('are random and stored only as hashes', () => {
    const a = newSecret();
    expect(a).not.toBe(newSecret());
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).toBe(hashSecret(a));
  });
});
