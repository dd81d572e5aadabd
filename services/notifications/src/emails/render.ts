import Handlebars from 'handlebars';
import { EMAIL_TEMPLATES, PLANS, TRANSACTIONAL_EMAIL_TEMPLATES, formatWholeDollars, type EmailTemplate, type PlanName } from '@kicksight/contracts';
import { EMAIL_TOKENS, LAYOUT, TEMPLATES, TEXT_LAYOUT } from './templates.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type EmailRenderer = (template: EmailTemplate, data: Record<string, unknown>) => RenderedEmail;

export const isEmailTemplate = (name: string): name is EmailTemplate => (EMAIL_TEMPLATES as readonly string[]).includes(name);
/** Marketing emails respect the member's email preference; transactional ones always go. */
export const isMarketing = (template: EmailTemplate): boolean => !TRANSACTIONAL_EMAIL_TEMPLATES.includes(template);

const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const asDate = (value: unknown): Date | undefined => {
  const date = typeof value === 'string' || value instanceof Date ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** Whole US dollars from cents, e.g. 42000 -> $420. */
export const formatMoney = formatWholeDollars;
const exactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A billed amount to the cent from cents, a credit with a minus sign, e.g. -9725 -> −$97.25. */
export const formatCharge = (cents: number): string => `${cents < 0 ? '−' : ''}${exactDollars.format(Math.abs(cents) / 100)}`;
const signed = (n: number, text: string) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${text}`;
const ACTION_LABELS: Record<string, string> = { search: 'searches', product_view: 'product views', collection_item: 'collection items' };

/**
 * Compiles the templates once with their helpers: money and dates formatted, plan names, and links
 * that always point into the web app at `webUrl`.
 */
export function createRenderer({ webUrl }: { webUrl: string }): EmailRenderer {
  const origin = webUrl.replace(/\/$/, '');
  const hbs = Handlebars.create();
  const link = (path: string) => `${origin}${path.startsWith('/') ? path : `/${path}`}`;
  hbs.registerHelper('link', (path: unknown) => link(String(path)));
  hbs.registerHelper('productUrl', (id: unknown) => link(`/admin/product/${encodeURIComponent(String(id))}`));
  /** A link given by another service (a reset link): only http(s), escaped for an attribute but left readable. */
  hbs.registerHelper('href', (value: unknown) => {
    const url = String(value ?? '');
    if (!/^https?:\/\//i.test(url)) return '#';
    return new hbs.SafeString(url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  });
  hbs.registerHelper('money', (cents: unknown) => {
    const n = asNumber(cents);
    return n === undefined ? '—' : formatMoney(n);
  });
  hbs.registerHelper('charge', (cents: unknown) => {
    const n = asNumber(cents);
    return n === undefined ? '—' : formatCharge(n);
  });
  /** A count with its noun, singular for one: `{{count n "pair"}}` -> '1 pair', '3 pairs'. */
  hbs.registerHelper('count', (n: unknown, noun: unknown) => {
    const value = asNumber(n) ?? 0;
    return `${value} ${String(noun)}${value === 1 ? '' : 's'}`;
  });
  hbs.registerHelper('signedMoney', (cents: unknown) => {
    const n = asNumber(cents);
    return n === undefined ? '—' : signed(n, formatMoney(Math.abs(n)));
  });
  hbs.registerHelper('signedPercent', (value: unknown) => {
    const n = asNumber(value);
    return n === undefined ? '—' : signed(n, `${Math.abs(n).toFixed(1)}%`);
  });
  hbs.registerHelper('changeColor', (value: unknown) => {
    const n = asNumber(value) ?? 0;
    return n > 0 ? EMAIL_TOKENS.gain : n < 0 ? EMAIL_TOKENS.loss : EMAIL_TOKENS.textMuted;
  });
  hbs.registerHelper('longDate', (value: unknown) => {
    const date = asDate(value);
    return date ? date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }) : '';
  });
  hbs.registerHelper('dateTime', (value: unknown) => {
    const date = asDate(value);
    return date ? `${date.toLocaleString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC` : '';
  });
  hbs.registerHelper('plan', (tier: unknown) => PLANS[tier as PlanName]?.displayName ?? String(tier ?? ''));
  hbs.registerHelper('actionLabel', (action: unknown) => ACTION_LABELS[String(action)] ?? String(action ?? ''));

  const options = { strict: false, noEscape: false };
  const layout = hbs.compile(LAYOUT, options);
  const textLayout = hbs.compile(TEXT_LAYOUT, { ...options, noEscape: true });
  const compiled = Object.fromEntries(
    Object.entries(TEMPLATES).map(([name, source]) => [
      name,
      { subject: hbs.compile(source.subject, { noEscape: true }), html: hbs.compile(source.html, options), text: hbs.compile(source.text, { noEscape: true }) },
    ]),
  ) as Record<EmailTemplate, Record<keyof RenderedEmail, ReturnType<typeof hbs.compile>>>;

  return (template, data) => {
    const parts = compiled[template];
    const context = { name: 'there', ...data, webUrl: origin };
    const subject = parts.subject(context).replace(/\s+/g, ' ').trim();
    const frame = { subject, webUrl: origin, marketing: isMarketing(template), settingsUrl: link('/admin/settings') };
    return {
      subject,
      html: layout({ ...frame, body: parts.html(context) }),
      text: textLayout({ ...frame, body: parts.text(context) }),
    };
  };
}
