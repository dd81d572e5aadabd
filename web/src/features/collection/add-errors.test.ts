import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { ADD_FAILED, addFailureOf } from './add-errors.ts';

describe('adding to the collection: error mapping', () => {
  it('maps the server messages to the spec texts', () => {
    expect(addFailureOf(new ApiError(400, 'VALIDATION_ERROR', 'Invalid sneaker ID format'))).toEqual({ kind: 'toast', message: 'Invalid sneaker ID. Please try searching again.' });
    expect(addFailureOf(new ApiError(400, 'VALIDATION_ERROR', 'Invalid size: sizes run from 3.5 to 20 in half steps'))).toEqual({
      kind: 'toast',
      message: 'Invalid size selected. Please choose a valid size.',
    });
    expect(addFailureOf(new ApiError(400, 'VALIDATION_ERROR', 'Invalid purchase price: enter a whole number of cents, 0 or more'))).toEqual({
      kind: 'toast',
      message: 'Invalid price. Please try again.',
    });
    expect(addFailureOf(new ApiError(400, 'VALIDATION_ERROR', 'Missing required fields: sneakerId'))).toEqual({ kind: 'toast', message: 'Missing required information. Please try again.' });
  });

  it('opens the upgrade prompt for the collection limit, by code or message, with no toast', () => {
    expect(addFailureOf(new ApiError(403, 'COLLECTION_LIMIT', 'You have reached your collection limit of 5 items.'))).toEqual({ kind: 'prompt' });
    expect(addFailureOf(new Error('collection limit reached'))).toEqual({ kind: 'prompt' });
  });

  it('falls back to the general failure', () => {
    expect(addFailureOf(new ApiError(500, 'INTERNAL_ERROR', 'boom'))).toEqual({ kind: 'toast', message: ADD_FAILED });
  });
});
