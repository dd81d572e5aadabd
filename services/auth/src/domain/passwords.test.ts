import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, hashNewPassword, isCommonPassword, verifyPassword } from './passwords.ts';

describe('common passwords', () => {
  it('knows the most common passwords of breach lists, in any case', () => {
    for (const common of ['password', '12345678', 'qwertyui', 'iloveyou', 'P@ssw0rd', 'PASSWORD']) expect(isCommonPassword(common), common).toBe(true);
  });

  it('lets an uncommon password through', () => {
    for (const fine of ['sneakers-123', 'Sneakers-456!', 'jordan-travis-1985']) expect(isCommonPassword(fine), fine).toBe(false);
  });

  it('refuses to hash a common password as a new one, and hashes an uncommon one', async () => {
    await expect(hashNewPassword('qwertyui')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: COMMON_PASSWORD_MESSAGE });
    const hashed = await hashNewPassword('sneakers-123');
    expect(await verifyPassword(hashed, 'sneakers-123')).toBe(true);
  });
});
