import { isTrending, marketStatus, type MarketStatus } from '@kicksight/contracts/market';

interface PricedSneaker {
  currentPrice: number | null;
  retailPrice: number | null;
  priceChange24h: number | null;
}

/** The market status of a price against retail, by the shared rule of packages/contracts. */
export const marketStatusOf = (sneaker: PricedSneaker): MarketStatus => marketStatus(sneaker.currentPrice, sneaker.retailPrice);

/** Trending: |24 h change| over $50, or the premium over retail above 100%. */
export const isTrendingSneaker = (sneaker: PricedSneaker): boolean =>
  isTrending({ currentPrice: sneaker.currentPrice, retailPrice: sneaker.retailPrice, priceChange24h: sneaker.priceChange24h });

const CONDITION_LABELS: Record<string, { label: string; tone: string }> = {
  deadstock: { label: 'Deadstock', tone: 'green' },
  new: { label: 'New', tone: 'blue' },
  used: { label: 'Used', tone: 'gray' },
};

/** The result badge of a condition (deadstock, new, used); other conditions read as their name. */
export const conditionBadgeOf = (condition: string): { label: string; tone: string } =>
  CONDITION_LABELS[condition] ?? { label: condition.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), tone: 'gray' };
