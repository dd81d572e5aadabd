import { describe, expect, it } from 'vitest';
import { searchPathOf } from './TopBar.tsx';

describe('the top bar search box', () => {
  it('goes to /admin/search?q= with the trimmed text, and ignores blank input', () => {
    expect(searchPathOf('  air max 90 ')).toBe('/admin/search?q=air%20max%2090');
    expect(searchPathOf('   ')).toBeNull();
    expect(searchPathOf('')).toBeNull();
  });
});
