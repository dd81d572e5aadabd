import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { light } from '../../../theme/themes.ts';
import { UsageBar } from './UsageBar.tsx';

const renderBar = (used: number, limit: number | null) =>
  render(
    <ThemeProvider theme={light}>
      <UsageBar label="Daily Searches" used={used} limit={limit} />
    </ThemeProvider>,
  );

afterEach(cleanup);

describe('UsageBar', () => {
  it.each([
    [6, 10, 'green', light.colors.gain],
    [7, 10, 'orange', light.colors.warning],
    [8, 10, 'orange', light.colors.warning],
    [9, 10, 'red', light.colors.loss],
    [10, 10, 'red', light.colors.loss],
  ])('at %i of %i is %s', (used, limit, tone, colour) => {
    renderBar(used, limit);
    const bar = screen.getByRole('progressbar', { name: 'Daily Searches' });
    expect(bar.dataset.tone).toBe(tone);
    expect(getComputedStyle(bar.firstElementChild!).backgroundColor).toBe(hexToRgb(colour));
    expect(bar.getAttribute('aria-valuenow')).toBe(String(used * 10));
  });

  it("reads 'near limit' from 80% and not below", () => {
    renderBar(7, 10);
    expect(screen.queryByText('near limit')).toBeNull();
    cleanup();
    renderBar(8, 10);
    expect(screen.getByText('near limit')).toBeTruthy();
  });

  it('shows an unlimited count as infinity with an empty green bar', () => {
    renderBar(42, null);
    expect(screen.getByText('42 / ∞')).toBeTruthy();
    expect(screen.getByRole('progressbar').dataset.tone).toBe('green');
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
