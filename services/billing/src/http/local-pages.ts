import { Router, type Response } from 'express';
import { utcDay, PLANS, type PaidPlan } from '@kicksight/contracts';
import { AppError, type Pool } from '@kicksight/platform';
import type { LocalGateway } from '../gateway/local.ts';
import type { SignedLinks } from '../domain/signed-links.ts';
import type { Membership } from '../domain/membership.ts';
import type { PortalBinding } from './portal-binding.ts';
import { invoices } from '../store/invoices.ts';
import { subscriptions } from '../store/subscriptions.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function page(res: Response, webUrl: string, title: string, body: string): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(webUrl).origin}; frame-ancestors 'none'`);
  res.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Kicksight</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f4;color:#1c1917;margin:0;padding:48px 16px}main{max-width:440px;margin:auto;background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:32px}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:4px 12px;font-size:12px;font-weight:600}h1{font-size:24px;margin:16px 0 8px}.price{font-size:32px;font-weight:700;font-variant-numeric:tabular-nums}
button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;border:0;border-radius:8px;padding:12px;font-size:16px;margin-top:12px;cursor:pointer;text-decoration:none}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#e7e5e4;color:#1c1917}table{width:100%;border-collapse:collapse;margin-top:16px;font-size:14px}td{padding:6px 0;border-top:1px solid #e7e5e4}</style></head>
<body><main><span class="badge">Local payment · no card is charged</span>${body}</main></body></html>`);
}

const membershipUrl = (webUrl: string) => new URL('/admin/membership', webUrl).toString();

/** The checkout page once it cannot be paid (closed, or its link is not valid): why, and the way back into the app. */
function checkoutNotice(res: Response, webUrl: string, status: number, message: string): void {
  res.status(status);
  page(res, webUrl, 'Checkout', `<h1>Checkout</h1><p>${escape(message)}</p><a class="button primary" href="${escape(membershipUrl(webUrl))}">Back to Kicksight</a>`);
}

/** The local gateway's pages: checkout and portal, opened by signed links (the portal's only in the browser they were made for). */
export function localPagesRouter({
  pool,
  gateway,
  links,
  membership,
  webUrl,
  portalBinding,
}: {
  pool: Pool;
  gateway: LocalGateway;
  links: SignedLinks;
  membership: Membership;
  webUrl: string;
  portalBinding: PortalBinding;
}): Router {
  const router = Router();
  const back = (outcome: 'success' | 'cancel') => new URL(`/admin/membership?checkout=${outcome}`, webUrl).toString();
  const signedAction = (path: string, binding = '') => escape(links.url(path, binding));
  const verify = (path: string, query: Record<string, unknown>, binding = '') => links.verify(path, query.expires, query.signature, binding);

  router.get('/checkout/:id', async (req, res) => {
    const path = `/membership/local/checkout/${req.params.id}`;
    try {
      verify(path, req.query);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return checkoutNotice(res, webUrl, err.status, err.message);
      throw err;
    }
    const checkout = await gateway.checkout(req.params.id);
    // Paid or cancelled (the browser's Back button comes here after either).
    if (!checkout || checkout.status !== 'open') return checkoutNotice(res, webUrl, checkout ? 410 : 404, 'This checkout is no longer open.');
    const plan = PLANS[checkout.plan as PaidPlan];
    const price = checkout.period === 'yearly' ? plan.yearlyPrice : plan.price;
    page(
      res,
      webUrl,
      'Checkout',
      `<h1>Kicksight ${escape(plan.displayName)}</h1><p>${escape(plan.description)}</p>
<p class="price">${usd(price)} <small>/ ${checkout.period === 'yearly' ? 'year' : 'month'}</small></p>
<form method="post" action="${signedAction(`${path}/pay`)}"><button class="primary" type="submit">Pay ${usd(price)}</button></form>
<form method="post" action="${signedAction(`${path}/cancel`)}"><button class="secondary" type="submit">Cancel</button></form>`,
    );
  });

  router.post('/checkout/:id/pay', async (req, res) => {
    verify(`/membership/local/checkout/${req.params.id}/pay`, req.query);
    await gateway.pay(req.params.id);
    res.redirect(303, back('success'));
  });

  router.post('/checkout/:id/cancel', async (req, res) => {
    verify(`/membership/local/checkout/${req.params.id}/cancel`, req.query);
    await gateway.abandon(req.params.id);
    res.redirect(303, back('cancel'));
  });

  router.get('/portal/:userId', async (req, res) => {
    const path = `/membership/local/portal/${req.params.userId}`;
    const binding = portalBinding.of(req);
    verify(path, req.query, binding);
    const subscription = await subscriptions.get(pool, req.params.userId);
    if (!subscription) throw AppError.notFound('No billing account');
    const history = await invoices.ofUser(pool, subscription.userId, 12);
    const plan = PLANS[subscription.tier];
    const renews = subscription.currentPeriodEnd ? utcDay(subscription.currentPeriodEnd) : '-';
    const rows = history.map((i) => `<tr><td>${utcDay(i.createdAt)}</td><td>${escape(i.description)}</td><td>${usd(i.amountCents)}</td><td>${i.status}</td></tr>`).join('');
    const cancel =
      subscription.tier !== 'trial' && !subscription.cancelAtPeriodEnd
        ? `<form method="post" action="${signedAction(`${path}/cancel`, binding)}"><button class="secondary" type="submit">Cancel subscription</button></form>`
        : '';
    page(
      res,
      webUrl,
      'Billing',
      `<h1>${escape(plan.displayName)}</h1><p>${subscription.cancelAtPeriodEnd ? `Cancelling: access until ${renews}` : subscription.tier === 'trial' ? 'No paid plan' : `Renews on ${renews}`}</p>
<table>${rows || '<tr><td>No invoices yet</td></tr>'}</table>${cancel}<a class="button primary" href="${escape(membershipUrl(webUrl))}">Back to Kicksight</a>`,
    );
  });

  router.post('/portal/:userId/cancel', async (req, res) => {
    const binding = portalBinding.of(req);
    verify(`/membership/local/portal/${req.params.userId}/cancel`, req.query, binding);
    const subscription = await subscriptions.get(pool, req.params.userId);
    if (!subscription) throw AppError.notFound('No billing account');
    await membership.cancel({ id: subscription.userId, role: 'member', email: '', name: '' });
    res.redirect(303, links.url(`/membership/local/portal/${subscription.userId}`, binding));
  });
  return router;
}
