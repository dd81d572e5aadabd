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

  it('reads the market from the replay alone by default, and takes stockx only with its credentials and key', () => {
    expect(loadConfig(base).MARKET_SOURCES).toEqual(['replay']);
    expect(() => loadConfig({ ...base, MARKET_SOURCES: 'replay,goat' })).toThrow(/MARKET_SOURCES takes replay, stockx/);
    expect(() => loadConfig({ ...base, MARKET_SOURCES: 'stockx' })).toThrow(/STOCKX_CLIENT_ID is required/);
    const key = Buffer.alloc(32, 7).toString('base64');
    const stockx = { ...base, MARKET_SOURCES: 'replay,stockx', STOCKX_CLIENT_ID: 'app', STOCKX_CLIENT_SECRET: 'secret', STOCKX_API_KEY: 'key', STOCKX_TOKEN_KEY: key };
    expect(loadConfig(stockx).MARKET_SOURCES).toEqual(['replay', 'stockx']);
    expect(() => loadConfig({ ...stockx, STOCKX_TOKEN_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });

  it('points at StockX by default, and refuses the sandbox in production', () => {
    expect(loadConfig(base)).toMatchObject({ STOCKX_API_URL: 'https://api.stockx.com/v2', STOCKX_AUTHORIZE_URL: 'https://accounts.stockx.com/authorize', STOCKX_TOKEN_URL: 'https://accounts.stockx.com/oauth/token' });
    const sandbox = { STOCKX_API_URL: 'http://127.0.0.1:4011/v2', STOCKX_AUTHORIZE_URL: 'http://127.0.0.1:4011/accounts/authorize', STOCKX_TOKEN_URL: 'http://127.0.0.1:4011/accounts/oauth/token' };
    expect(loadConfig({ ...base, ...sandbox }).STOCKX_API_URL).toBe('http://127.0.0.1:4011/v2');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...sandbox })).toThrow(/STOCKX_API_URL must be https:\/\/api.stockx.com in production/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', STOCKX_TOKEN_URL: 'https://accounts.stockx.com.evil.test/oauth/token' })).toThrow(/STOCKX_TOKEN_URL must be https:\/\/accounts.stockx.com/);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).STOCKX_API_URL).toBe('https://api.stockx.com/v2');
  });

  it('reads MARKET_STALE_AFTER as a duration, six hours by default', () => {
    expect(loadConfig(base).MARKET_STALE_AFTER).toBe(6 * 3_600_000);
    expect(loadConfig({ ...base, MARKET_STALE_AFTER: '30m' }).MARKET_STALE_AFTER).toBe(1_800_000);
    expect(loadConfig({ ...base, MARKET_STALE_AFTER: '2d' }).MARKET_STALE_AFTER).toBe(172_800_000);
    expect(loadConfig({ ...base, MARKET_STALE_AFTER: '5000' }).MARKET_STALE_AFTER).toBe(5_000);
    expect(() => loadConfig({ ...base, MARKET_STALE_AFTER: 'soon' })).toThrow(/MARKET_STALE_AFTER must be a duration/);
  });
});
