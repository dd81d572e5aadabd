import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envField, parseConfig } from './config.ts';

const schema = z.object({ PORT: envField.port(4001), DEBUG: envField.bool(false), BROKERS: envField.list('a:1'), TOKEN: envField.string() });

describe('parseConfig', () => {
  it('applies defaults and coerces types', () => {
    expect(parseConfig(schema, { TOKEN: 'x', BROKERS: 'h1:9092, h2:9092' })).toEqual({ PORT: 4001, DEBUG: false, BROKERS: ['h1:9092', 'h2:9092'], TOKEN: 'x' });
  });

  it('lists every invalid setting in one error', () => {
    expect(() => parseConfig(schema, { PORT: '99999', DEBUG: 'maybe' })).toThrow(ConfigError);
    try {
      parseConfig(schema, { PORT: '99999', DEBUG: 'maybe' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DEBUG');
      expect(message).toContain('TOKEN');
    }
  });
});
