import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type Clock } from '@kicksight/platform';

const ALG = 'ES256';

export interface SigningKeys {
  /** The key that signs new tokens. */
  current: { kid: string; key: CryptoKey | Uint8Array };
  /** Every public key still trusted (the current one and those being rotated out). */
  jwks: { keys: JWK[] };
}

/** Reads the configured private JWKs (the first one signs; all are published while keys rotate). */
export async function loadSigningKeys(json: string): Promise<SigningKeys> {
  const parsed: unknown = JSON.parse(json);
  const jwks = (Array.isArray(parsed) ? parsed : [parsed]) as JWK[];
  if (jwks.length === 0 || jwks.some((k) => !k.kid || !k.d)) throw new Error('JWT_SIGNING_KEYS: every key needs a kid and its private part');
  const first = jwks[0]!;
  return {
    current: { kid: first.kid!, key: await importJWK(first, ALG) },
    jwks: { keys: jwks.map(({ kty, crv, x, y, kid }) => ({ kty, crv, x, y, kid, alg: ALG, use: 'sig' })) },
  };
}

/** A new private signing key as a JWK (for key rotation and local set-up). */
export async function generateSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: ALG };
}

export interface TokenSubject {
  id: string;
  email: string;
  name: string;
  role: 'member' | 'admin';
  tier: 'trial' | 'premium' | 'unlimited';
  /** The sign-in (refresh-token family) the token belongs to, as the `sid` claim. */
  sessionId?: string;
}

/** A signed access token and its expiry (epoch ms). */
export async function issueAccessToken(keys: SigningKeys, subject: TokenSubject, clock: Clock, ttlMs: number): Promise<{ token: string; expiresAt: number }> {
  const now = clock.now().getTime();
  const expiresAt = now + ttlMs;
  const token = await new SignJWT({ email: subject.email, name: subject.name, role: subject.role, tier: subject.tier, ...(subject.sessionId && { sid: subject.sessionId }) })
    .setProtectedHeader({ alg: ALG, kid: keys.current.kid, typ: 'JWT' })
    .setSubject(subject.id)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(keys.current.key);
  return { token, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
}

/** A random opaque secret (refresh and reset tokens, API keys): 256 bits, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as SHA-256 hashes; they carry enough entropy that no slow hash is needed. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
