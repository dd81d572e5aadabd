import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUsersQuerySchema, deleteAccountBodySchema, loginBodySchema, passwordChangeBodySchema, refreshBodySchema } from './auth.ts';
import { analyticsQuerySchema } from './membership.ts';
import { predictionQuerySchema } from './prediction.ts';
import { salesQuerySchema } from './sales.ts';

/** The message a 400 answer carries: the first issue's. */
const refusal = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('refusals name the parameter and the rule', () => {
  it('admin user list limit', () => {
    expect(refusal(adminUsersQuerySchema, { limit: 'abc' })).toBe('limit must be a number');
    expect(refusal(adminUsersQuerySchema, { limit: '-1' })).toBe('limit must be at least 1');
    expect(refusal(adminUsersQuerySchema, { limit: '101' })).toBe('limit must be at most 100');
    expect(refusal(adminUsersQuerySchema, { limit: '2.5' })).toBe('limit must be a whole number');
    expect(adminUsersQuerySchema.parse({})).toEqual({ limit: 10 });
  });

  it('admin analytics dates', () => {
    expect(refusal(analyticsQuerySchema, { startDate: 'abc', endDate: 'xyz' })).toBe('startDate must be a date (YYYY-MM-DD) or a date and time');
    expect(refusal(analyticsQuerySchema, { endDate: 'xyz' })).toBe('endDate must be a date (YYYY-MM-DD) or a date and time');
    expect(analyticsQuerySchema.parse({ startDate: '2026-10-01', endDate: '2026-10-31T23:59:59Z' })).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31T23:59:59Z' });
  });

  it("the sales list's brand", () => {
    expect(refusal(salesQuerySchema, { brand: '' })).toBe('brand must not be empty');
    expect(refusal(salesQuerySchema, { brand: 'x'.repeat(101) })).toBe('brand must be at most 100 characters');
    expect(salesQuerySchema.parse({ brand: ' Nike ' })).toMatchObject({ brand: 'Nike' });
  });

  it('price prediction flags', () => {
    expect(refusal(predictionQuerySchema, { includeVolatility: 'maybe' })).toBe('includeVolatility must be true or false');
    expect(predictionQuerySchema.parse({ includeVolatility: '0' })).toMatchObject({ includeVolatility: false });
  });
});

describe('sign-in and account refusals say what is wrong', () => {
  it('an over-long email, password or refresh token is refused for its length, a missing one as the spec words it', () => {
    expect(refusal(loginBodySchema, { email: 'a@example.com', password: 'x'.repeat(5_000) })).toBe('Password must be at most 200 characters');
    expect(refusal(loginBodySchema, { email: `${'a'.repeat(250)}@example.com`, password: 'secret' })).toBe('Email must be at most 254 characters');
    expect(refusal(loginBodySchema, { email: 'a@example.com' })).toBe('Email and password are required');
    expect(refusal(loginBodySchema, { email: ' ', password: 'secret' })).toBe('Email and password are required');
    expect(refusal(refreshBodySchema, { refreshToken: 'x'.repeat(201) })).toBe('Refresh token must be at most 200 characters');
    expect(refusal(refreshBodySchema, {})).toBe('No refresh token available');
    expect(refusal(passwordChangeBodySchema, { currentPassword: 'x'.repeat(201), newPassword: 'Zebra-Stripes-42!' })).toBe('Password must be at most 200 characters');
    expect(refusal(deleteAccountBodySchema, { password: 'x'.repeat(201) })).toBe('Password must be at most 200 characters');
  });
});
