import { describe, expect, it } from 'vitest';
import { conditionBadgeOf, isTrendingSneaker, marketStatusOf } from './market-labels.ts';

const at = (currentPrice: number, retailPrice: number | null, priceChange24h: number | null = 0) => ({ currentPrice, retailPrice, priceChange24h });

describe('market status labels (percent versus retail)', () => {
  it('labels each band by its lower edge, exclusive', () => {
    expect(marketStatusOf(at(15_001, 10_000)).label).toBe('Hype Beast');
    expect(marketStatusOf(at(15_000, 10_000)).label).toBe('High Premium');
    expect(marketStatusOf(at(12_000, 10_000)).label).toBe('Above Retail');
    expect(marketStatusOf(at(10_000, 10_000)).label).toBe('Below Retail');
    expect(marketStatusOf(at(8_000, 10_000)).label).toBe('Great Deal');
    expect(marketStatusOf(at(5_000, 10_000)).label).toBe('Steal Deal');
  });
  it('says so when the retail price is unknown', () => {
    expect(marketStatusOf(at(10_000, null)).label).toBe('No Retail Price');
  });
});

describe('trending', () => {
  it('is trending when the 24-hour change is over $50 either way', () => {
    expect(isTrendingSneaker(at(10_000, 10_000, 5_001))).toBe(true);
    expect(isTrendingSneaker(at(10_000, 10_000, -5_001))).toBe(true);
    expect(isTrendingSneaker(at(10_000, 10_000, 5_000))).toBe(false);
  });
  it('is trending when the premium over retail is above 100%', () => {
    expect(isTrendingSneaker(at(20_001, 10_000))).toBe(true);
    expect(isTrendingSneaker(at(20_000, 10_000))).toBe(false);
  });
});

describe('condition badges', () => {
  it('names deadstock, new and used', () => {
    expect(conditionBadgeOf('deadstock').label).toBe('Deadstock');
    expect(conditionBadgeOf('new').label).toBe('New');
    expect(conditionBadgeOf('used').label).toBe('Used');
    expect(conditionBadgeOf('near_mint').label).toBe('Near mint');
  });
});
