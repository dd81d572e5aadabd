import type { DefaultTheme } from 'styled-components';
import { PLATFORM_LABELS, SALE_PLATFORMS, type SalePlatform } from '@kicksight/contracts/fees';
import type { GainSeries } from '../../ui/charts/MonthlyGainChart.tsx';
import type { SalesSummary } from './api.ts';
import type { MonthGain } from '../../ui/charts/summaries.ts';

/** Each platform's colour: the theme's badge colours, readable in every theme. */
const BADGE_OF: Record<SalePlatform, string> = { stockx: 'green', goat: 'purple', ebay: 'blue', other: 'orange' };

export const platformSeries = (theme: DefaultTheme): GainSeries[] =>
  SALE_PLATFORMS.map((platform) => ({ key: platform, label: PLATFORM_LABELS[platform], color: theme.badges[BADGE_OF[platform]]!.fg }));

/** The summary's months as the chart's bars: the month's gain in parts by platform. */
export const monthGainsOf = (summary: SalesSummary): MonthGain[] =>
  summary.byMonth.map((month) => ({ month: month.month, total: month.realisedGain, parts: month.byPlatform.map((part) => ({ key: part.platform, value: part.realisedGain })) }));
