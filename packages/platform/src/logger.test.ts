import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('removes the token of the event stream from logged URLs', () => {
    expect(redactUrl('/api/events?token=eyJhbGciOi.abc.def&x=1')).toBe('/api/events?token=[redacted]&x=1');
  });
  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/sneakers?q=jordan')).toBe('/api/sneakers?q=jordan');
  });
});
