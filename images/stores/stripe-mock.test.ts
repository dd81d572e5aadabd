// stripe-mock from its image (scripts/images.sh stores) through the test kit's containers: Stripe's API answered.
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { afterAll, beforeAll, expect, it } from 'vitest';

let stripe: StoreContainer<{ url: string }>;
beforeAll(async () => {
  stripe = await storeContainers.stripe();
});
afterAll(() => stripe?.stop());

it('answers Stripe API calls', async () => {
  const created = await fetch(`${stripe.address.url}/v1/customers`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_123', 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=member%40example.com',
  });
  expect(created.status).toBe(200);
  expect(await created.json()).toMatchObject({ object: 'customer', id: expect.stringMatching(/^cus_/) });
  const refused = await fetch(`${stripe.address.url}/v1/customers`, { headers: { authorization: 'Bearer not-a-key' } });
  expect(refused.status).toBe(401);
});
