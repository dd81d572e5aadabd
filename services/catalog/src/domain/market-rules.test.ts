import { describe, expect, it } from 'vitest';
import { INVALID_SIZE_MESSAGE, SIZES, isTrending, isValidSize, marketStatus, premiumPercent, sizeSchema } from '@kicksight/contracts';

const retail = 20_000;
const at = (percent: number) => retail + (retail * percent) / 100;

describe('market status by percent versus retail', () => {
  it.each([
    [50.5, 'Hype Beast'],
    [50, 'High Premium'],
    [20.5, 'High Premium'],
    [20, 'Above Retail'],
    [0.5, 'Above Retail'],
    [0, 'Below Retail'],
    [-19.5, 'Below Retail'],
    [-20, 'Great Deal'],
    [-49.5, 'Great Deal'],
    [-50, 'Steal Deal'],
    [-90, 'Steal Deal'],
  ])('a price %s%% against retail is %s', (percent, label) => {
    expect(marketStatus(at(percent), retail).label).toBe(label);
  });

  it('says so when the retail price is unknown', () => {
    expect(marketStatus(30_000, null).label).toBe('No Retail Price');
    expect(marketStatus(null, retail).label).toBe('No Retail Price');
    expect(premiumPercent(30_000, 0)).toBeNull();
  });

  it('carries a colour and a description for every status', () => {
    for (const percent of [60, 30, 10, -10, -30, -60]) {
      const status = marketStatus(at(percent), retail);
      expect(status.color).toMatch(/^[a-z]+$/);
      expect(status.description.length).toBeGreaterThan(5);
    }
  });
});

describe('the trending rule (cents)', () => {
  const flat = { currentPrice: 25_000, retailPrice: 20_000 };
  it('needs a 24-hour move over $50 either way', () => {
    expect(isTrending({ ...flat, priceChange24h: 5_000 })).toBe(false);
    expect(isTrending({ ...flat, priceChange24h: 5_001 })).toBe(true);
    expect(isTrending({ ...flat, priceChange24h: -5_001 })).toBe(true);
    expect(isTrending({ ...flat, priceChange24h: null })).toBe(false);
  });

  it('or a premium over retail above 100%', () => {
    expect(isTrending({ currentPrice: 40_000, retailPrice: 20_000, priceChange24h: 0 })).toBe(false);
    expect(isTrending({ currentPrice: 40_100, retailPrice: 20_000, priceChange24h: 0 })).toBe(true);
    expect(isTrending({ currentPrice: 400_000, retailPrice: null, priceChange24h: 0 })).toBe(false);
  });
});

describe('sizes', () => {
  it('accepts US 3.5 to 20 in half steps and nothing else', () => {
    expect(SIZES[0]).toBe(3.5);
    expect(SIZES.at(-1)).toBe(20);
    expect(SIZES).toHaveLength(34);
    for (const size of [3.5, 4, 10, 10.5, 17, 20]) expect(isValidSize(size)).toBe(true);
    for (const size of [3, 20.5, 10.25, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(isValidSize(size)).toBe(false);
  });

  it('parses query-string sizes and names the rule when refusing one', () => {
    expect(sizeSchema.parse('10.5')).toBe(10.5);
    const refused = sizeSchema.safeParse('10.3');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(INVALID_SIZE_MESSAGE);
    expect(sizeSchema.safeParse('ten').success).toBe(false);
  });
});
