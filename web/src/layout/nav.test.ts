import { describe, expect, it } from 'vitest';
import { breadcrumbsOf, productIdOf, titleOf } from './nav.ts';

describe('top bar title and breadcrumbs', () => {
  it('names the page from the path, Dashboard by default', () => {
    expect(titleOf('/admin/collection')).toBe('Collection');
    expect(titleOf('/admin/search')).toBe('Search');
    expect(titleOf('/admin/settings')).toBe('Settings');
    expect(titleOf('/admin/sales')).toBe('Sales');
    expect(titleOf('/admin/product/abc')).toBe('Dashboard');
  });
  it('builds one crumb per path segment', () => {
    expect(breadcrumbsOf('/admin/email-templates')).toEqual([
      { label: 'Admin', to: '/admin' },
      { label: 'Email templates', to: '/admin/email-templates' },
    ]);
  });
  it("names a product page's crumb after the sneaker, never its id", () => {
    const id = '65a1b2c3d4e5f6a7b8c9d0e1';
    expect(breadcrumbsOf(`/admin/product/${id}`, 'Air Jordan 1 Retro High OG Chicago')).toEqual([
      { label: 'Admin', to: '/admin' },
      { label: 'Product', to: '/admin/product' },
      { label: 'Air Jordan 1 Retro High OG Chicago', to: `/admin/product/${id}` },
    ]);
    expect(breadcrumbsOf(`/admin/product/${id}`).at(-1)!.label).toBe('Sneaker');
    expect(productIdOf(`/admin/product/${id}`)).toBe(id);
    expect(productIdOf('/admin/collection')).toBeNull();
  });
});
