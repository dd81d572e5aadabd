import { describe, expect, it } from 'vitest';
import { centsOf, orderDemand, planRound, readingOf } from './sync.ts';

describe('the StockX sync', () => {
  it('reads StockX’s amounts as cents', () => {
    expect(centsOf('150')).toBe(15_000);
    expect(centsOf('149.99')).toBe(14_999);
    expect([centsOf(null), centsOf(undefined), centsOf(''), centsOf('0'), centsOf('n/a')]).toEqual([null, null, null, null, null]);
    const at = new Date('2026-11-27T10:00:00Z');
    expect(readingOf('s1', 10, { productId: 'p', variantId: 'v', currencyCode: 'USD', lowestAskAmount: '397', highestBidAmount: '329', sellFasterAmount: '396', earnMoreAmount: null }, at)).toEqual({
      sneakerId: 's1',
      size: 10,
      lowestAsk: 39_700,
      highestBid: 32_900,
      sellFaster: 39_600,
      earnMore: null,
      source: 'stockx-api',
      asOf: at,
    });
  });

  it('reads the sizes members own, watch or alert on, most recently viewed sneakers first', () => {
    const demand = [
      { sneakerId: 'a', size: 10 },
      { sneakerId: 'b', size: 9 },
      { sneakerId: 'b', size: 8 },
      { sneakerId: 'a', size: 10 },
      { sneakerId: 'c', size: 11 },
      // Watched (or an alert on any size): every size.
      { sneakerId: 'd', size: null },
      { sneakerId: 'd', size: 12 },
    ];
    const viewed = new Map([
      ['b', 2_000],
      ['a', 1_000],
      ['d', 1_500],
    ]);
    expect(orderDemand(demand, viewed)).toEqual([
      { sneakerId: 'b', sizes: [8, 9] },
      { sneakerId: 'd', sizes: null },
      { sneakerId: 'a', sizes: [10] },
      { sneakerId: 'c', sizes: [11] },
    ]);
  });

  it('plans a round: maps unmapped sneakers, reads the asked (or every mapped) size, up to the round’s limit', () => {
    const mapping = (id: string, sizes: number[], status: 'mapped' | 'unmatched' = 'mapped') => ({ _id: id, status, styleId: null, productId: `p-${id}`, variants: sizes.map((size) => ({ size, variantId: `${id}-${size}` })), mappedAt: new Date(0) });
    const mappings = new Map([
      ['b', mapping('b', [7, 8, 9])],
      ['d', mapping('d', [11, 12, 13])],
      ['e', mapping('e', [10], 'unmatched')],
    ]);
    const ordered = [
      { sneakerId: 'b', sizes: [8, 9] },
      { sneakerId: 'e', sizes: [10] },
      { sneakerId: 'a', sizes: [10] },
      { sneakerId: 'd', sizes: null },
    ];
    const sizesOf = (round: ReturnType<typeof planRound>) => round.map((w) => (w.kind === 'map' ? `map ${w.sneakerId}` : `${w.mapping._id} ${w.variants.map((v) => v.size).join(',')}`));
    expect(sizesOf(planRound(ordered, mappings, 10))).toEqual(['b 8,9', 'map a', 'd 11,12,13']);
    expect(sizesOf(planRound(ordered, mappings, 4))).toEqual(['b 8,9', 'map a', 'd 11,12']);
    expect(sizesOf(planRound(ordered, mappings, 2))).toEqual(['b 8,9']);
  });
});
