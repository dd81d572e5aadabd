import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { SERVICE_TOKEN: 'a-service-token-of-length' };

describe('loadConfig', () => {
  it('works with the local stack’s defaults', () => {
    const config = loadConfig(base);
    expect(config.AUTH_JWKS_URL).toBe('http://127.0.0.1:4001/.well-known/jwks.json');
    expect(config.AUTH_INTERNAL_URL).toEqual(['http://127.0.0.1:4101']);
    expect(config.serviceUrls.catalog).toEqual(['http://127.0.0.1:4002']);
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(15_000);
    expect(config.SSE_HEARTBEAT_MS).toBe(25_000);
  });

  it('takes the replicas of a service as a list of addresses, each checked', () => {
    expect(loadConfig({ ...base, PREDICTION_URL: 'http://127.0.0.1:4005, http://127.0.0.1:4015' }).serviceUrls.prediction).toEqual(['http://127.0.0.1:4005', 'http://127.0.0.1:4015']);
    expect(() => loadConfig({ ...base, PREDICTION_URL: 'http://127.0.0.1:4005,not-a-url' })).toThrow(/PREDICTION_URL/);
    expect(() => loadConfig({ ...base, PREDICTION_URL: '' })).toThrow(/PREDICTION_URL/);
  });

  it('refuses the development secrets in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/DEMO_PASSWORD[\s\S]*DEMO_TICKET_SECRET/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', DEMO_PASSWORD: 'real', DEMO_TICKET_SECRET: 'x'.repeat(40) })).not.toThrow();
  });

  it('requires the service token', () => {
    expect(() => loadConfig({})).toThrow(/SERVICE_TOKEN/);
  });
});
