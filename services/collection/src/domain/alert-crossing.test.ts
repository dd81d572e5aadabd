import { describe, expect, it } from 'vitest';
import { observePrice, type Side } from './alert-crossing.ts';

/** Feeds prices to an alert in turn; answers the sides it fired towards. */
function fired(target: number, prices: number[], start: Side | null = null): Side[] {
  let side = start;
  const out: Side[] = [];
  for (const price of prices) {
    const next = observePrice(side, target, price);
    if (next.crossed) out.push(next.side);
    side = next.side;
  }
  return out;
}

describe('observePrice', () => {
  it('sets the side from the first price without firing', () => {
    expect(observePrice(null, 20_000, 25_000)).toEqual({ side: 'above', crossed: false });
    expect(observePrice(null, 20_000, 15_000)).toEqual({ side: 'below', crossed: false });
    expect(observePrice(null, 20_000, 20_000)).toEqual({ side: 'above', crossed: false });
  });

  it('fires once when the price crosses the target, and not while it stays on that side', () => {
    expect(fired(20_000, [25_000, 19_000, 18_000, 17_500])).toEqual(['below']);
  });

  it('fires again only after the price crossed back and then again', () => {
    expect(fired(20_000, [25_000, 19_000, 21_000, 19_500])).toEqual(['below', 'above', 'below']);
  });

  it('counts reaching the target exactly as crossing it', () => {
    expect(fired(20_000, [25_000, 20_000, 19_000])).toEqual(['below']);
    expect(fired(20_000, [15_000, 20_000, 21_000])).toEqual(['above']);
  });

  it('does not fire for moves that stay on one side', () => {
    expect(fired(20_000, [21_000, 30_000, 20_001, 25_000])).toEqual([]);
  });
});
