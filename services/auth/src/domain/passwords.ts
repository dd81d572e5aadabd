import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@kicksight/platform';

/** argon2id with OWASP's recommended cost (19 MiB, 2 passes). */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable as a value here)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

/** The most common passwords of public breach lists (zxcvbn-ts's list, about 49,000), compared without case. */
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

/** The hash of a password being chosen (sign-up, reset, change): a common password is refused with 400. */
export async function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw AppError.badRequest(COMMON_PASSWORD_MESSAGE);
  return hashPassword(password);
}

/** A hash of nothing, verified when an account does not exist so both paths take the same time. */
const DECOY = hash('decoy-password-for-unknown-accounts', OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DECOY, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
