interface NavEntry {
  label: string;
  to: string;
  disabled?: boolean;
  note?: string;
  adminOnly?: boolean;
}

/** The sidebar entries of spec 3 §2.10. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Collection', to: '/admin/collection' },
  { label: 'Search', to: '/admin/search' },
  { label: 'Sales', to: '/admin/sales' },
  { label: 'Drop Calendar', to: '/admin/drop-calendar', disabled: true, note: 'Coming soon' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Membership', to: '/admin/membership' },
  { label: 'Admin Panel', to: '/admin/admin-panel', adminOnly: true },
  { label: 'Email Templates', to: '/admin/email-templates', adminOnly: true },
  { label: 'Data Quality', to: '/admin/data-quality', adminOnly: true },
];

const TITLES: Record<string, string> = { dashboard: 'Dashboard', collection: 'Collection', search: 'Search', sales: 'Sales', settings: 'Settings', alerts: 'Alerts & Watchlist' };

/** The top bar's title from the path: Dashboard, Collection, Search, Sales or Settings (default Dashboard). */
export function titleOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1] ?? '';
  return TITLES[segment] ?? 'Dashboard';
}

const capitalise = (segment: string) => decodeURIComponent(segment).replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const PRODUCT_PATH = /^\/admin\/product\/([^/]+)\/?$/;

/** The sneaker id of a product page's path, else null. */
export const productIdOf = (pathname: string): string | null => {
  const id = PRODUCT_PATH.exec(pathname)?.[1];
  return id ? decodeURIComponent(id) : null;
};

/**
 * Breadcrumbs from the path segments: /admin/product/abc -> Admin > Product > the sneaker's name
 * (given by the page once known; 'Sneaker' until then, never its id).
 */
export function breadcrumbsOf(pathname: string, sneakerName?: string | null): { label: string; to: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  const product = productIdOf(pathname) !== null;
  return segments.map((segment, i) => ({
    label: product && i === segments.length - 1 ? sneakerName || 'Sneaker' : capitalise(segment),
    to: `/${segments.slice(0, i + 1).join('/')}`,
  }));
}
