import type { EmailTemplate } from '@kicksight/contracts';

/** One email: its subject, the HTML body (placed in the layout) and the plain-text body, as Handlebars sources. */
export interface TemplateSource {
  subject: string;
  html: string;
  text: string;
}

/** The product's colours (DESIGN.md tokens, light theme) for mail clients, which read inline styles only. */
export const EMAIL_TOKENS = {
  accent: '#4F46E5',
  gain: '#15803D',
  loss: '#B91C1C',
  text: '#111827',
  textMuted: '#4B5563',
  surface: '#F3F4F6',
  surfaceRaised: '#FFFFFF',
  border: '#E5E7EB',
} as const;

const t = EMAIL_TOKENS;
const font = `font-family:Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

/** The frame every HTML email shares: the wordmark, a raised card, the body, the footer. */
export const LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:${t.surface};${font};color:${t.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${t.surface};padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:20px;font-weight:700;letter-spacing:-0.01em"><a href="{{webUrl}}" style="color:${t.text};text-decoration:none">Kick<span style="color:${t.accent}">sight</span></a></td></tr>
<tr><td style="background:${t.surfaceRaised};border:1px solid ${t.border};border-radius:12px;padding:32px 28px;font-size:16px;line-height:24px">
{{{body}}}
</td></tr>
<tr><td style="padding:16px 4px;font-size:12px;line-height:18px;color:${t.textMuted}">
You get this email because you have a Kicksight account.{{#if marketing}} <a href="{{settingsUrl}}" style="color:${t.textMuted}">Email preferences</a>{{/if}}<br>© 2025 Kicksight
</td></tr>
</table></td></tr></table></body></html>`;

/** The plain-text frame. */
export const TEXT_LAYOUT = `{{{body}}}

--
Kicksight · {{webUrl}}{{#if marketing}}
Email preferences: {{settingsUrl}}{{/if}}
`;

const button = (href: string, label: string) =>
  `<p style="margin:24px 0 0"><a href="${href}" style="display:inline-block;background:${t.accent};color:#FFFFFF;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${label}</a></p>`;
const h1 = (text: string) => `<h1 style="margin:0 0 12px;font-size:24px;line-height:32px;font-weight:700">${text}</h1>`;
const p = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;
const muted = (text: string) => `<p style="margin:12px 0 0;font-size:14px;color:${t.textMuted}">${text}</p>`;
const figure = (label: string, value: string) =>
  `<p style="margin:0 0 4px;font-size:14px;color:${t.textMuted}">${label}</p><p style="margin:0 0 16px;font-size:32px;line-height:40px;font-weight:700;font-variant-numeric:tabular-nums">${value}</p>`;
const lineRows = (list: string) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">{{#each ${list}}}<tr><td style="padding:8px 0;border-top:1px solid ${t.border}">{{description}}</td><td align="right" style="padding:8px 0;border-top:1px solid ${t.border};font-variant-numeric:tabular-nums;white-space:nowrap">{{charge amount}}</td></tr>{{/each}}</table>`;
const moverRows = (list: string) =>
  `{{#each ${list}}}<tr><td style="padding:8px 0;border-top:1px solid ${t.border}"><a href="{{productUrl id}}" style="color:${t.text};text-decoration:none">{{name}}</a><br><span style="font-size:12px;color:${t.textMuted}">{{brand}}</span></td><td align="right" style="padding:8px 0;border-top:1px solid ${t.border};font-variant-numeric:tabular-nums">{{money currentPrice}}<br><span style="font-size:12px;color:{{changeColor priceChange24h}}">{{signedMoney priceChange24h}}</span></td></tr>{{/each}}`;

/** The emails of the product. Amounts are cents; `money` formats them as whole US dollars, `charge` to the cent (bills). */
export const TEMPLATES: Record<EmailTemplate, TemplateSource> = {
  welcome: {
    subject: 'Welcome to Kicksight, {{name}}',
    html: `${h1('Welcome to Kicksight')}${p('Hi {{name}}, your account is ready. Add the pairs you own and Kicksight values them at live market prices, with your gain or loss on each.')}${p('Your 3-day free trial has started: explore search, product pages and your collection.')}${button('{{link "/admin/collection"}}', 'Start your collection')}`,
    text: `Welcome to Kicksight

Hi {{name}}, your account is ready. Add the pairs you own and Kicksight values them at live market prices, with your gain or loss on each.
Your 3-day free trial has started: explore search, product pages and your collection.

Start your collection: {{link "/admin/collection"}}`,
  },
  'daily-digest': {
    subject: 'Your Kicksight digest for {{date}}',
    html: `${h1('Your daily digest')}${p('Hi {{name}}, here is where your collection and the market stand on {{date}}.')}${figure('Collection value', '{{money collection.totalValue}}')}<p style="margin:-8px 0 16px;font-size:14px;font-variant-numeric:tabular-nums;color:{{changeColor collection.change}}">{{#if collection.change}}{{signedMoney collection.change}} ({{signedPercent collection.changePercent}}) since yesterday{{else}}No change since yesterday{{/if}} · {{count collection.itemCount "pair"}}</p>
<h2 style="margin:16px 0 8px;font-size:16px">Top gainers</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">${moverRows('market.gainers')}</table>
<h2 style="margin:16px 0 8px;font-size:16px">Top losers</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">${moverRows('market.losers')}</table>${button('{{link "/admin/dashboard"}}', 'Open your dashboard')}`,
    text: `Your daily digest for {{date}}

Hi {{name}}, here is where your collection and the market stand.
Collection value: {{money collection.totalValue}} ({{#if collection.change}}{{signedMoney collection.change}}, {{signedPercent collection.changePercent}} since yesterday{{else}}no change since yesterday{{/if}}; {{count collection.itemCount "pair"}})

Top gainers:
{{#each market.gainers}}- {{name}} ({{brand}}): {{money currentPrice}}, {{signedMoney priceChange24h}} in 24 h
{{/each}}
Top losers:
{{#each market.losers}}- {{name}} ({{brand}}): {{money currentPrice}}, {{signedMoney priceChange24h}} in 24 h
{{/each}}
Open your dashboard: {{link "/admin/dashboard"}}`,
  },
  'trial-expiration-warning': {
    subject: 'Your Kicksight trial ends {{dateTime trialEndsAt}}',
    html: `${h1('Your free trial ends soon')}${p('Hi {{name}}, your Kicksight trial ends on <strong>{{dateTime trialEndsAt}}</strong>. Upgrade to keep searching, viewing prices and growing your collection without limits.')}${button('{{link "/admin/upgrade"}}', 'Choose a plan')}${muted('Pro and Expert unlock sales history and price forecasts too.')}`,
    text: `Your free trial ends soon

Hi {{name}}, your Kicksight trial ends on {{dateTime trialEndsAt}}. Upgrade to keep searching, viewing prices and growing your collection without limits.

Choose a plan: {{link "/admin/upgrade"}}`,
  },
  'subscription-confirmation': {
    subject: 'You are on Kicksight {{plan tier}}',
    html: `${h1('Thanks for subscribing')}${p('Hi {{name}}, your <strong>{{plan tier}}</strong> membership is active.{{#if periodEnd}} Your next billing date is {{longDate periodEnd}}.{{/if}}')}${button('{{link "/admin/membership"}}', 'View your membership')}`,
    text: `Thanks for subscribing

Hi {{name}}, your {{plan tier}} membership is active.{{#if periodEnd}} Your next billing date is {{longDate periodEnd}}.{{/if}}

View your membership: {{link "/admin/membership"}}`,
  },
  'payment-failed': {
    subject: 'Your Kicksight payment did not go through',
    html: `${h1('We could not take your payment')}${p('Hi {{name}}, the payment of <strong style="font-variant-numeric:tabular-nums">{{money amount}}</strong> for your Kicksight membership failed. Please update your payment method to keep your plan.')}${button('{{link "/admin/membership"}}', 'Update payment method')}`,
    text: `We could not take your payment

Hi {{name}}, the payment of {{money amount}} for your Kicksight membership failed. Please update your payment method to keep your plan.

Update payment method: {{link "/admin/membership"}}`,
  },
  'subscription-cancellation': {
    subject: 'Your Kicksight {{plan tier}} membership is cancelled',
    html: `${h1('Your membership is cancelled')}${p('Hi {{name}}, we have cancelled your <strong>{{plan tier}}</strong> membership.{{#if periodEnd}} You keep access until {{longDate periodEnd}}.{{/if}} Changed your mind? You can resubscribe at any time.')}${button('{{link "/admin/membership"}}', 'Manage membership')}`,
    text: `Your membership is cancelled

Hi {{name}}, we have cancelled your {{plan tier}} membership.{{#if periodEnd}} You keep access until {{longDate periodEnd}}.{{/if}} Changed your mind? You can resubscribe at any time.

Manage membership: {{link "/admin/membership"}}`,
  },
  'trial-expired-upgrade': {
    subject: 'Your Kicksight trial has ended',
    html: `${h1('Your free trial has ended')}${p('Hi {{name}}, your collection is still here and you can still see it. Upgrade to search, view live prices and add new pairs again.')}${button('{{link "/admin/upgrade"}}', 'Upgrade now')}`,
    text: `Your free trial has ended

Hi {{name}}, your collection is still here and you can still see it. Upgrade to search, view live prices and add new pairs again.

Upgrade now: {{link "/admin/upgrade"}}`,
  },
  'usage-limit-warning': {
    subject: 'You have used {{used}} of {{limit}} {{actionLabel action}}',
    html: `${h1('You are near your limit')}${p('Hi {{name}}, you have used <strong style="font-variant-numeric:tabular-nums">{{used}} of {{limit}}</strong> {{actionLabel action}} on your plan. Upgrade before you run out.')}${button('{{link "/admin/upgrade"}}', 'See plans')}`,
    text: `You are near your limit

Hi {{name}}, you have used {{used}} of {{limit}} {{actionLabel action}} on your plan. Upgrade before you run out.

See plans: {{link "/admin/upgrade"}}`,
  },
  'usage-limit-reached': {
    subject: 'You have reached your limit of {{limit}} {{actionLabel action}}',
    html: `${h1('You have reached your limit')}${p('Hi {{name}}, you have used all <strong style="font-variant-numeric:tabular-nums">{{limit}}</strong> {{actionLabel action}} of your plan. Upgrade to keep going.')}${button('{{link "/admin/upgrade"}}', 'Upgrade now')}`,
    text: `You have reached your limit

Hi {{name}}, you have used all {{limit}} {{actionLabel action}} of your plan. Upgrade to keep going.

Upgrade now: {{link "/admin/upgrade"}}`,
  },
  'reengagement-7days': {
    subject: 'Your collection has moved since you were last here',
    html: `${h1('We miss you, {{name}}')}${p('It has been a week since your last visit. Prices move every day: see what your collection is worth now and what is trending.')}${button('{{link "/admin/collection"}}', 'See your collection')}`,
    text: `We miss you, {{name}}

It has been a week since your last visit. Prices move every day: see what your collection is worth now and what is trending.

See your collection: {{link "/admin/collection"}}`,
  },
  'password-reset': {
    subject: 'Reset your Kicksight password',
    html: `${h1('Reset your password')}${p('Hi {{name}}, we received a request to reset your password. The link works once, until {{dateTime expiresAt}}.')}${button('{{href resetUrl}}', 'Choose a new password')}${muted('If you did not ask for this, ignore this email: your password stays as it is.')}`,
    text: `Reset your password

Hi {{name}}, we received a request to reset your password. The link works once, until {{dateTime expiresAt}}.

Choose a new password: {{resetUrl}}

If you did not ask for this, ignore this email: your password stays as it is.`,
  },
  'email-change-confirm': {
    subject: 'Confirm your new Kicksight email',
    html: `${h1('Confirm your new email')}${p('Hi {{name}}, you asked to sign in to Kicksight with <strong>{{newEmail}}</strong> instead of {{currentEmail}}. The change takes effect once you confirm it, until {{dateTime expiresAt}}.')}${button('{{href confirmUrl}}', 'Confirm this email')}${muted('If you did not ask for this, ignore this email: your account keeps its current address.')}`,
    text: `Confirm your new email

Hi {{name}}, you asked to sign in to Kicksight with {{newEmail}} instead of {{currentEmail}}. The change takes effect once you confirm it, until {{dateTime expiresAt}}.

Confirm this email: {{confirmUrl}}

If you did not ask for this, ignore this email: your account keeps its current address.`,
  },
  'email-changed': {
    subject: 'Your Kicksight email was changed',
    html: `${h1('Your email was changed')}${p('Hi {{name}}, your Kicksight account now signs in with <strong>{{newEmail}}</strong> instead of {{previousEmail}}.')}${p('If you did not make this change, undo it: your previous address comes back and every session is signed out. The link works until {{dateTime undoExpiresAt}}.')}${button('{{href undoUrl}}', 'This was not me: undo the change')}${muted('If you made the change, there is nothing to do.')}`,
    text: `Your email was changed

Hi {{name}}, your Kicksight account now signs in with {{newEmail}} instead of {{previousEmail}}.

If you did not make this change, undo it: your previous address comes back and every session is signed out. The link works until {{dateTime undoExpiresAt}}.

This was not me, undo the change: {{undoUrl}}

If you made the change, there is nothing to do.`,
  },
  'plan-changed': {
    subject: 'Your Kicksight plan is now {{plan tier}} ({{billingCycle}})',
    html: `${h1('Your plan has changed')}${p('Hi {{name}}, you moved from <strong>{{plan fromTier}} ({{fromBillingCycle}})</strong> to <strong>{{plan tier}} ({{billingCycle}})</strong>.')}${lineRows('lines')}${figure('Charged today', '{{charge amountDue}}')}${p('Your next bill is <strong style="font-variant-numeric:tabular-nums">{{charge nextBillingAmount}}</strong> on {{longDate nextBillingDate}}.')}${button('{{link "/admin/membership"}}', 'View your membership')}`,
    text: `Your plan has changed

Hi {{name}}, you moved from {{plan fromTier}} ({{fromBillingCycle}}) to {{plan tier}} ({{billingCycle}}).

{{#each lines}}- {{description}}: {{charge amount}}
{{/each}}
Charged today: {{charge amountDue}}
Your next bill is {{charge nextBillingAmount}} on {{longDate nextBillingDate}}.

View your membership: {{link "/admin/membership"}}`,
  },
  'cancellation-scheduled': {
    subject: 'Your Kicksight {{plan tier}} membership ends on {{longDate accessUntil}}',
    html: `${h1('Your cancellation is scheduled')}${p('Hi {{name}}, your <strong>{{plan tier}}</strong> membership will not renew. You keep access until <strong>{{longDate accessUntil}}</strong> and will not be charged again.')}${p('Changed your mind? You can keep your plan from the upgrade page before then, with nothing to pay now.')}${button('{{link "/admin/upgrade"}}', 'Keep my plan')}`,
    text: `Your cancellation is scheduled

Hi {{name}}, your {{plan tier}} membership will not renew. You keep access until {{longDate accessUntil}} and will not be charged again.
Changed your mind? You can keep your plan from the upgrade page before then, with nothing to pay now.

Keep my plan: {{link "/admin/upgrade"}}`,
  },
  'price-alert': {
    subject: 'Price alert: {{sneakerName}} is {{#if reached}}at{{else}}{{direction}}{{/if}} {{money targetPrice}}',
    html: `${h1('Your price alert fired')}${p('Hi {{name}}, <strong>{{sneakerName}}</strong>{{#if size}} in size {{size}}{{/if}} is now <strong style="font-variant-numeric:tabular-nums">{{money price}}</strong>, {{#if reached}}reaching{{else}}{{direction}}{{/if}} your target of {{money targetPrice}}.')}${button('{{productUrl sneakerId}}', 'View the sneaker')}`,
    text: `Your price alert fired

Hi {{name}}, {{sneakerName}}{{#if size}} in size {{size}}{{/if}} is now {{money price}}, {{#if reached}}reaching{{else}}{{direction}}{{/if}} your target of {{money targetPrice}}.

View the sneaker: {{productUrl sneakerId}}`,
  },
  'reselling-month': {
    subject: 'Your reselling month: {{monthLabel}}',
    html: `${h1('Your reselling month')}${p('Hi {{name}}, here is what you sold in {{monthLabel}}.')}${figure('Sales', '{{count sales "pair"}}')}${figure('Net proceeds', '{{money netProceeds}}')}${figure('Realised gain', '{{signedMoney realisedGain}}')}{{#if incomplete}}${muted('{{count incomplete "sale"}} still without a cost basis: complete it for its gain to count.')}{{/if}}${button('{{link "/admin/sales"}}', 'See your sales')}${muted('You can turn this monthly email off in Settings → Selling.')}`,
    text: `Your reselling month

Hi {{name}}, here is what you sold in {{monthLabel}}.

Sales: {{count sales "pair"}}
Net proceeds: {{money netProceeds}}
Realised gain: {{signedMoney realisedGain}}
{{#if incomplete}}{{count incomplete "sale"}} still without a cost basis: complete it for its gain to count.
{{/if}}
See your sales: {{link "/admin/sales"}}

You can turn this monthly email off in Settings → Selling.`,
  },
};
