import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's recommended cost (19 MiB, 2 passes). */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable as a value here)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of nothing, verified when an account does not exist so both paths take the same time. */
const DECOY = hash('decoy-password-for-unknown-accounts', OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DECOY, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
