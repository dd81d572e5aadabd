import { describe, expect, it } from 'vitest';
import { pickMovers } from './digests.ts';

const sneaker = (id: string, priceChange24h: number | null) => ({ id, name: `S${id}`, brand: 'Nike', imageUrl: null, currentPrice: 10_000, priceChange24h, marketStatus: { label: 'Hot', color: 'green', description: '' } });

describe('pickMovers', () => {
  it('takes the biggest gains and losses, largest first, at most five each, ignoring unchanged prices', () => {
    const list = [sneaker('a', 500), sneaker('b', -700), sneaker('c', 0), sneaker('d', null), sneaker('e', 900), sneaker('f', -100), ...['g', 'h', 'i', 'j', 'k'].map((id, i) => sneaker(id, 10 + i))];
    const movers = pickMovers(list, new Date('2026-11-22T00:00:00Z'));
    expect(movers.gainers.map((m) => m.id)).toEqual(['e', 'a', 'k', 'j', 'i']);
    expect(movers.losers.map((m) => m.id)).toEqual(['b', 'f']);
    expect(movers.asOf).toBe('2026-11-22T00:00:00.000Z');
  });
});
