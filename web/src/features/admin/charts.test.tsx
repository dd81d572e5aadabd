import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ThemeModeProvider } from '../../theme/ThemeModeProvider.tsx';
import { HorizontalBarChart } from './charts.tsx';

afterEach(cleanup);

const features = ['open_upgrade_prompt', 'view_sales_history', 'create_price_alert', 'add_to_watchlist', 'export_collection', 'import_collection', 'begin_checkout', 'view_forecast'];

describe('Top features chart', () => {
  it('puts each feature name on its own row, left of its bar, so no two labels overlap', () => {
    const { container } = render(
      <ThemeModeProvider>
        <HorizontalBarChart title="Top features by use" data={features.map((label, i) => ({ label, value: 40 - i * 3 }))} summary="" />
      </ThemeModeProvider>,
    );
    const labels = [...container.querySelectorAll('text[text-anchor="end"]')];
    expect(labels.map((l) => l.textContent)).toEqual(features);
    const ys = labels.map((l) => Number(l.getAttribute('y')));
    // 11 px text: rows at least 16 units apart never touch, however long the names.
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(16);
    // Every label ends where the bars begin, so a long name never runs into its bar.
    const bars = [...container.querySelectorAll('rect')];
    for (const [i, label] of labels.entries()) expect(Number(label.getAttribute('x'))).toBeLessThan(Number(bars[i]!.getAttribute('x')));
  });

  it('shortens a name longer than its room, keeping the whole name in the bar title', () => {
    const long = 'a_feature_name_far_longer_than_the_label_column';
    const { container } = render(
      <ThemeModeProvider>
        <HorizontalBarChart title="Top features by use" data={[{ label: long, value: 3 }]} summary="" />
      </ThemeModeProvider>,
    );
    const label = container.querySelector('text[text-anchor="end"]')!.textContent!;
    expect(label.endsWith('…')).toBe(true);
    expect(label.length * 6.5).toBeLessThanOrEqual(168);
    expect(container.querySelector('rect title')?.textContent).toBe(`${long}: 3`);
  });
});
