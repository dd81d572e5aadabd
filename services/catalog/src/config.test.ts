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
});
