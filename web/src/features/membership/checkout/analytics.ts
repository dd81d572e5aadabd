/**
 * The analytics events of spec 3 §7 (page views on pricing and upgrade, view_item, begin_checkout,
 * conversion, purchase), sent to the advertising tag when `VITE_ANALYTICS_TAG_ID` is set; without
 * it every call does nothing.
 */
type AnalyticsEvent = 'page_view' | 'view_item' | 'begin_checkout' | 'conversion' | 'purchase';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const tagId = (): string | undefined => (import.meta.env?.VITE_ANALYTICS_TAG_ID as string | undefined) || undefined;

function ensureTag(id: string): Gtag {
  if (window.gtag) return window.gtag;
  window.dataLayer = window.dataLayer ?? [];
  const gtag: Gtag = (...args) => window.dataLayer!.push(args);
  window.gtag = gtag;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  return gtag;
}

export function trackEvent(event: AnalyticsEvent, params: Record<string, unknown> = {}, id: string | undefined = tagId()): void {
  if (!id) return;
  ensureTag(id)('event', event, { send_to: id, ...params });
}

/** Prices of spec 3 §9 in dollars, as the tag expects them. */
export const PLAN_VALUE: Record<'premium' | 'unlimited', Record<'monthly' | 'yearly', number>> = {
  premium: { monthly: 9.99, yearly: 99.9 },
  unlimited: { monthly: 19.99, yearly: 199.9 },
};
