import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createJwtVerifier, JWT_AUDIENCE, JWT_ISSUER } from './jwt.ts';
import { listen } from './http.ts';

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let server: Server;
let jwksUrl: string;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const app = express();
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.json({ keys: [jwk] });
  });
  const started = await listen(app, 0, '127.0.0.1');
  server = started.server;
  jwksUrl = `${started.url}/.well-known/jwks.json`;
});

afterAll(() => {
  server?.close();
});

const claims = { email: 'ana@example.com', name: 'Ana', role: 'member', tier: 'trial' };

function token(options: { key?: CryptoKey; expiresIn?: string; issuer?: string; extra?: object } = {}) {
  return new SignJWT({ ...claims, ...options.extra })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('user-1')
    .setIssuer(options.issuer ?? JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '60m')
    .sign(options.key ?? privateKey);
}

describe('createJwtVerifier against a JWKS url', () => {
  it('returns the principal of a valid token', async () => {
    const verifier = createJwtVerifier({ jwksUrl });
    expect(await verifier.verify(await token())).toEqual({ id: 'user-1', email: 'ana@example.com', name: 'Ana', role: 'member', tier: 'trial' });
  });

  it('answers an expired token with 401 TOKEN_EXPIRED', async () => {
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(privateKey);
    await expect(createJwtVerifier({ jwksUrl }).verify(expired)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('refuses a token signed by another key, from another issuer, or with an unknown role', async () => {
    const verifier = createJwtVerifier({ jwksUrl });
    await expect(verifier.verify(await token({ key: otherKey }))).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    await expect(verifier.verify(await token({ issuer: 'someone-else' }))).rejects.toMatchObject({ status: 401 });
    await expect(verifier.verify(await token({ extra: { role: 'superuser' } }))).rejects.toMatchObject({ status: 401 });
    await expect(verifier.verify('not-a-jwt')).rejects.toMatchObject({ status: 401 });
  });
});
