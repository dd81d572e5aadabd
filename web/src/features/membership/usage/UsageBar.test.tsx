import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeModeProvider } from '../../../theme/index.ts';
import { cssVar } from '../../../theme/cssVars.ts';
import { UsageBar } from './UsageBar.tsx';

const renderBar = (used: number, limit: number | null) =>
  render(
    <ThemeModeProvider>
      <UsageBar label="Daily Searches" used={used} limit={limit} />
    </ThemeModeProvider>,
  );

afterEach(cleanup);

describe('UsageBar', () => {
  it.each([
    [6, 10, 'green', cssVar.colors.gain],
    [7, 10, 'orange', cssVar.colors.warning],
    [8, 10, 'orange', cssVar.colors.warning],
    [9, 10, 'red', cssVar.colors.loss],
    [10, 10, 'red', cssVar.colors.loss],
  ])('at %i of %i is %s', (used, limit, tone, colour) => {
    renderBar(used, limit);
    const bar = screen.getByRole('progressbar', { name: 'Daily Searches' });
    expect(bar.dataset.tone).toBe(tone);
    expect(getComputedStyle(bar.firstElementChild!).getPropertyValue('background')).toBe(colour);
    expect(bar.getAttribute('aria-valuenow')).toBe(String(used * 10));
  });

  it("reads 'near limit' from 80% and not below", () => {
    renderBar(7, 10);
    expect(screen.queryByText('near limit')).toBeNull();
    cleanup();
    renderBar(8, 10);
    expect(screen.getByText('near limit')).toBeTruthy();
  });

  it("reads 'limit reached', not 'near limit', once the whole limit is used", () => {
    renderBar(10, 10);
    expect(screen.getByText('limit reached')).toBeTruthy();
    expect(screen.queryByText('near limit')).toBeNull();
    cleanup();
    renderBar(9, 10);
    expect(screen.getByText('near limit')).toBeTruthy();
    expect(screen.queryByText('limit reached')).toBeNull();
  });

  it('shows an unlimited count as infinity with an empty green bar', () => {
    renderBar(42, null);
    expect(screen.getByText('42 / ∞')).toBeTruthy();
    expect(screen.getByRole('progressbar').dataset.tone).toBe('green');
  });
});
