import { Router } from 'express';
import type Stripe from 'stripe';
import { AppError } from '@kicksight/platform';

export const WEBHOOK_PATH = '/api/membership/webhook';

/** Stripe's webhook: the raw body's signature is verified before any event is applied. */
export function webhookRouter({ stripe, secret, apply }: { stripe: Stripe; secret: string; apply: (event: Stripe.Event) => Promise<boolean> }): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw AppError.badRequest('A signed Stripe event is required', 'INVALID_SIGNATURE');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      throw AppError.badRequest('The webhook signature does not match', 'INVALID_SIGNATURE');
    }
    const applied = await apply(event);
    res.json({ received: true, duplicate: !applied });
  });
  return router;
}
