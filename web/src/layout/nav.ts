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
  { label: 'Drop Calendar', to: '/admin/drop-calendar', disabled: true, note: 'Coming soon' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Membership', to: '/admin/membership' },
  { label: 'Admin Panel', to: '/admin/admin-panel', adminOnly: true },
  { label: 'Email Templates', to: '/admin/email-templates', adminOnly: true },
];

const TITLES: Record<string, string> = { dashboard: 'Dashboard', collection: 'Collection', search: 'Search', settings: 'Settings', alerts: 'Alerts & Watchlist' };

/** The top bar's title from the path: Dashboard, Collection, Search or Settings (default Dashboard). */
export function titleOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1] ?? '';
  return TITLES[segment] ?? 'Dashboard';
}

const capitalise = (segment: string) => decodeURIComponent(segment).replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Breadcrumbs from the path segments: /admin/product/abc -> Admin > Product > abc. */
export function breadcrumbsOf(pathname: string): { label: string; to: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, i) => ({ label: capitalise(segment), to: `/${segments.slice(0, i + 1).join('/')}` }));
}
