import { Router } from 'express';
import { PLANS, PLAN_NAMES, UNKNOWN_ACTION_MESSAGE, checkoutBodySchema, permissionCheckParamsSchema, planChangeBodySchema, planChangeConfirmBodySchema, trackBodySchema } from '@kicksight/contracts';
import { AppError, idempotency, requireUser, type JwtVerifier, type Redis } from '@kicksight/platform';
import type { Membership } from '../domain/membership.ts';
import type { StripePrices } from '../gateway/stripe.ts';
import { callerOf } from './caller.ts';
import type { PortalBinding } from './portal-binding.ts';

/**
 * `/api/membership/*`: plans (public), and the signed-in member's status, usage, billing and plan actions. With
 * `portalBinding` (the local gateway), the portal's link opens only in the browser that asked for it.
 */
export function membershipRouter({
  membership,
  verifier,
  redis,
  prices,
  portalBinding,
}: {
  membership: Membership;
  verifier: JwtVerifier;
  redis: Redis;
  prices: StripePrices;
  portalBinding?: PortalBinding;
}): Router {
  const router = Router();

  router.get('/plans', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({
      data: PLAN_NAMES.map((name) => {
        const { entitlements: _features, ...plan } = PLANS[name];
        return {
          ...plan,
          stripePriceId: name === 'trial' ? null : prices[name].monthly,
          stripePriceIdYearly: name === 'trial' ? null : prices[name].yearly,
        };
      }),
    });
  });

  const member = Router();
  member.use(requireUser(verifier), idempotency({ redis, namespace: 'billing' }));
  member.get('/status', async (req, res) => {
    res.json({ data: await membership.status(callerOf(req)) });
  });
  member.get('/usage', async (req, res) => {
    res.json({ data: await membership.usage(callerOf(req)) });
  });
  member.get('/current-plan', async (req, res) => {
    res.json({ data: await membership.currentPlan(callerOf(req)) });
  });
  member.get('/billing-history', async (req, res) => {
    res.json({ data: await membership.billingHistory(callerOf(req)) });
  });
  member.post('/checkout', async (req, res) => {
    const { planName, billingPeriod } = checkoutBodySchema.parse(req.body ?? {});
    res.json({ data: await membership.checkout(callerOf(req), planName, billingPeriod) });
  });
  member.post('/change-plan/preview', async (req, res) => {
    const { plan, billingCycle } = planChangeBodySchema.parse(req.body ?? {});
    res.json({ data: await membership.previewPlanChange(callerOf(req), plan, billingCycle) });
  });
  member.post('/change-plan', async (req, res) => {
    res.json({ data: await membership.confirmPlanChange(callerOf(req), planChangeConfirmBodySchema.parse(req.body ?? {})) });
  });
  member.post('/portal', async (req, res) => {
    res.json({ data: await membership.portal(callerOf(req), portalBinding?.issue(res) ?? '') });
  });
  member.post('/cancel', async (req, res) => {
    res.json({ data: await membership.cancel(callerOf(req)) });
  });
  member.get('/check/:action', async (req, res) => {
    const params = permissionCheckParamsSchema.safeParse(req.params);
    if (!params.success) throw AppError.badRequest(UNKNOWN_ACTION_MESSAGE, 'UNKNOWN_ACTION');
    res.json({ data: await membership.check(callerOf(req), params.data.action) });
  });
  member.post('/track', async (req, res) => {
    const { action } = trackBodySchema.parse(req.body ?? {});
    await membership.track(callerOf(req), action);
    res.status(202).json({ data: { recorded: true } });
  });
  router.use(member);
  return router;
}
