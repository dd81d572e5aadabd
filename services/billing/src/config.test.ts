import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const base = { SERVICE_TOKEN: 'a-service-token-of-some-length' };
const production = { ...base, NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_live_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' };

describe("billing's settings in production", () => {
  it('take payments through Stripe with real secrets', () => {
    expect(loadConfig(production)).toMatchObject({ PAYMENT_GATEWAY: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_real' });
  });

  it('refuse the local gateway, whose links any holder of its key could sign', () => {
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'local', LOCAL_GATEWAY_SECRET: 'a-real-secret-of-length' })).toThrow(/PAYMENT_GATEWAY=local/);
  });

  it("refuse the source's development webhook secret and API key", () => {
    expect(() => loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: 'whsec_kicksight_development' })).toThrow(/real STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_test_kicksight' })).toThrow(/real STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  });

  it('keep the development defaults for a developer machine', () => {
    expect(loadConfig(base).PAYMENT_GATEWAY).toBe('local');
  });
});
