import { describe, expect, it } from 'vitest';
import { breadcrumbsOf, titleOf } from './nav.ts';

describe('top bar title and breadcrumbs', () => {
  it('names the page from the path, Dashboard by default', () => {
    expect(titleOf('/admin/collection')).toBe('Collection');
    expect(titleOf('/admin/search')).toBe('Search');
    expect(titleOf('/admin/settings')).toBe('Settings');
    expect(titleOf('/admin/product/abc')).toBe('Dashboard');
  });
  it('builds one crumb per path segment', () => {
    expect(breadcrumbsOf('/admin/product/abc')).toEqual([
      { label: 'Admin', to: '/admin' },
      { label: 'Product', to: '/admin/product' },
      { label: 'Abc', to: '/admin/product/abc' },
    ]);
  });
});
