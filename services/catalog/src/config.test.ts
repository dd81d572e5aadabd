import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { SERVICE_TOKEN: 'a-service-token-of-length' };

describe('catalog config', () => {
  it('keeps the test sale route off unless enabled, and refuses it in production', () => {
    expect(loadConfig(base).TEST_ROUTES_ENABLED).toBe(false);
    expect(loadConfig({ ...base, TEST_ROUTES_ENABLED: 'true' }).TEST_ROUTES_ENABLED).toBe(true);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', TEST_ROUTES_ENABLED: 'true' })).toThrow(/refused in production/);
  });

  it('reads the data files from ../shared/data beside the repository by default', () => {
    expect(loadConfig(base).DATA_DIR).toMatch(/shared\/data$/);
    expect(loadConfig({ ...base, DATA_DIR: '/srv/data' }).DATA_DIR).toBe('/srv/data');
  });

  it('runs the live market by default, with a switch to turn it off and checked numbers', () => {
    expect(loadConfig(base)).toMatchObject({ MARKET_FEED_ENABLED: true, MARKET_FEED_INTERVAL_MS: 5_000, MARKET_FEED_SPEED: 60 });
    expect(loadConfig({ ...base, MARKET_FEED_ENABLED: 'false' }).MARKET_FEED_ENABLED).toBe(false);
    expect(() => loadConfig({ ...base, MARKET_FEED_SPEED: '-1' })).toThrow(/MARKET_FEED_SPEED/);
  });
});
