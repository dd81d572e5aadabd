import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, toErrorResponse } from './errors.ts';

describe('toErrorResponse', () => {
  it('keeps the status, code and message of an AppError', () => {
    expect(toErrorResponse(AppError.forbidden('You have reached your collection limit', 'COLLECTION_LIMIT'))).toEqual({
      status: 403,
      body: { message: 'You have reached your collection limit', code: 'COLLECTION_LIMIT' },
    });
  });

  it('turns a zod error into 400 with the first message', () => {
    const schema = z.object({ name: z.string().min(1, 'Name is required'), email: z.email('Please enter a valid email') });
    const result = schema.safeParse({ name: '', email: 'nope' });
    expect(result.success).toBe(false);
    expect(toErrorResponse(result.error)).toEqual({ status: 400, body: { message: 'Name is required', code: 'VALIDATION_ERROR' } });
  });

  it('answers malformed JSON with 400 INVALID_JSON, not 500', () => {
    expect(toErrorResponse(Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed' })).status).toBe(400);
  });

  it('hides the details of unexpected errors behind a 500', () => {
    const { status, body } = toErrorResponse(new Error('connection string postgres://secret'));
    expect(status).toBe(500);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).not.toContain('secret');
  });
});
