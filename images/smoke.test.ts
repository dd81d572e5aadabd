// The product run from its images on the local stack (scripts/images.sh run, in place of the plain processes): every
// process ready, and a member's first steps through the web origin: sign-up and the welcome email, search, a pair
// added to the collection, a forecast.
import { smtpCatcher, waitFor } from '@kicksight/testkit';
import { describe, expect, it } from 'vitest';
import { api } from '../e2e/api.ts';
import { findSneaker, makePremium, register } from '../e2e/fixture.ts';
import { PRODUCT, inspectContainer } from './docker.ts';

const mail = smtpCatcher(process.env.KS_SMTP_API_URL ?? 'http://127.0.0.1:8025/api');

describe('the product from its images', () => {
  it.each(PRODUCT)('%s runs in its container and answers ready on its port', async (name) => {
    const { env, running } = await inspectContainer(`kicksight-${name}`);
    expect(running).toBe(true);
    expect((await fetch(`http://127.0.0.1:${env.PORT}/readyz`)).status).toBe(200);
  });

  it('answers its health through the web origin with every service up', async () => {
    const health = await api('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBe('ok');
    expect(Object.keys(health.body.data.services).sort()).toEqual(['auth', 'billing', 'catalog', 'collection', 'notifications', 'prediction']);
  });

  it('signs a member up and sends the welcome email', async () => {
    const member = await register('images');
    expect(member.user.membershipTier).toBeTruthy();
    await waitFor(async () => (await mail.to(member.user.email)).some((email) => email.subject.startsWith('Welcome to Kicksight')), {
      timeoutMs: 60_000,
      intervalMs: 500,
      message: `the welcome email to ${member.user.email}`,
    });
  });

  it('finds a sneaker, adds it to the collection and forecasts its price for a premium member', async () => {
    const member = await register('images-collector');
    const token = member.tokens.accessToken;
    const sneaker = await findSneaker(token);
    const added = await api('POST', '/api/collections', { token, body: { sneakerId: sneaker.id, size: 10, purchasePrice: 20_000 } });
    expect(added.status).toBe(201);
    const collection = await api('GET', '/api/collections', { token });
    expect(collection.body.data.total).toBe(1);

    await makePremium({ token, refreshToken: member.tokens.refreshToken });
    const premium = await api('POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });
    const forecast = await api('GET', `/api/sneakers/${sneaker.id}/price-prediction`, { token: premium.body.data.tokens.accessToken });
    expect(forecast.status).toBe(200);
    expect(forecast.body.data).toBeTruthy();
  });
});
