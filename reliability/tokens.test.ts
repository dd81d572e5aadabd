import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { BFF, call, describeAnswer, isRefusal, newMember, type Member } from './support.ts';

// Forged, altered, misplaced and ended access tokens, at the web origin and at the BFF.
let member: Member;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  member = await newMember('tokens');
});

/** The claims of the member's real token, with changes. */
const claims = (changes: Record<string, unknown> = {}) => ({ ...decodeJwt(member.token), ...changes });

/** A token signed with a key of our own, under the real key id. */
async function signedWithOtherKey(changes: Record<string, unknown> = {}): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  const { kid } = decodeProtectedHeader(member.token);
  return new SignJWT(claims(changes)).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
}

const forgeries: [name: string, token: () => Promise<string>][] = [
  ['no signature (alg none)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims({ role: 'admin' }))}.`],
  ['signed with another key under the real key id', () => signedWithOtherKey()],
  ['an administrator signed with another key', () => signedWithOtherKey({ role: 'admin' })],
  [
    'HS256 keyed with the public key (algorithm confusion)',
    async () => {
      const { publicKey } = await generateKeyPair('ES256');
      const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
      return new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(member.token).kid }).sign(secret);
    },
  ],
  [
    'the real token with its payload changed to an administrator',
    async () => {
      const [header, , signature] = member.token.split('.');
      return `${header}.${b64(claims({ role: 'admin' }))}.${signature}`;
    },
  ],
  [
    'the real token with its expiry pushed a year out',
    async () => {
      const [header, , signature] = member.token.split('.');
      return `${header}.${b64(claims({ exp: Math.floor(Date.now() / 1000) + 365 * 86_400 }))}.${signature}`;
    },
  ],
  ['expired (signed with another key, a day ago)', () => signedWithOtherKey({ exp: Math.floor(Date.now() / 1000) - 86_400 })],
  ['another audience', () => signedWithOtherKey({ aud: 'someone-else' })],
  ['not a token', async () => 'not.a.token'],
  ['empty', async () => ''],
];

describe('token', () => {
  for (const [name, token] of forgeries) {
    for (const [where, base] of [
      ['web origin', undefined],
      ['BFF', BFF],
    ] as const) {
      it(`refuses ${name} at the ${where}`, async () => {
        const answer = await call('GET', '/api/auth/me', { token: await token(), base });
        expect(isRefusal(answer, 401), describeAnswer(answer)).toBe(true);
      });
    }
  }

  it('refuses a request with no token', async () => {
    expect(isRefusal(await call('GET', '/api/collections'), 401)).toBe(true);
  });

  it('refuses a token given in the query string outside the event stream', async () => {
    const answer = await call('GET', `/api/collections?token=${member.token}`);
    expect(isRefusal(answer, 401), describeAnswer(answer)).toBe(true);
  });

  it("refuses a signed-out sign-in's access token, which still verifies", async () => {
    const leaving = await newMember('leaving');
    expect((await call('GET', '/api/auth/me', { token: leaving.token })).status).toBe(200);
    const out = await call('POST', '/api/auth/logout', { token: leaving.token, body: { refreshToken: leaving.refreshToken } });
    expect(out.status, describeAnswer(out)).toBe(200);
    // Every BFF pod learns of the sign-out from the user topic: allow it a moment.
    let answer = await call('GET', '/api/auth/me', { token: leaving.token });
    for (let i = 0; i < 50 && answer.status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call('GET', '/api/auth/me', { token: leaving.token });
    }
    expect(isRefusal(answer, 401), describeAnswer(answer)).toBe(true);
  });

  it('refuses a refresh token used twice (reuse)', async () => {
    const session = await newMember('rotate');
    const first = await call('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(first.status, describeAnswer(first)).toBe(200);
    const again = await call('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(isRefusal(again, 401), describeAnswer(again)).toBe(true);
  });

  it('never takes the internal service token from outside', async () => {
    const answer = await call('GET', '/api/collections', { headers: { 'x-service-token': 'anything' } });
    expect(isRefusal(answer, 401), describeAnswer(answer)).toBe(true);
  });
});
