import type { SneakerPrices } from '@kicksight/contracts';
import { withTransaction, type Clock, type Pool } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import { market, trackedSneakers, type SizePrice, type SneakerFacts } from '../store/market.ts';
import type { Caller } from './caller.ts';

/** The sizes' known prices from a catalogue answer, one per size (the newest seq), with the reading and sales behind each. */
export function knownPrices(sizes: SneakerPrices['sizes']): SizePrice[] {
  const bySize = new Map<number, SizePrice>();
  for (const { size, currentPrice, seq, sale, reading, latestSales } of sizes) {
    if (currentPrice === null) continue;
    const known = bySize.get(size);
    // Answers from before sizes carried their sales: the price stands for them.
    const sold = sale === undefined ? { price: currentPrice, source: null, asOf: null } : (sale ?? undefined);
    if (!known || known.seq < seq) bySize.set(size, { size, price: currentPrice, seq, sale: sold, reading: reading ?? undefined, latestSales });
  }
  return [...bySize.values()];
}

/**
 * The sneakers members track. The first time one is added (as an item, an alert or a watchlist
 * entry) its facts are taken from the catalogue and its market prices seeded from it; from then on
 * price.changed events keep the prices current.
 */
export function createSneakerTracker({ pool, catalog, clock }: { pool: Pool; catalog: CatalogClient; clock: Clock }) {
  return {
    async track(sneakerId: string, caller: Caller): Promise<SneakerFacts> {
      const known = await trackedSneakers.get(pool, sneakerId);
      if (known) return known;
      const { facts, prices } = await catalog.sneaker(sneakerId, { authorization: caller.authorization, requestId: caller.requestId });
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        await market.seedPrices(client, sneakerId, knownPrices(prices.sizes), at);
        await trackedSneakers.add(client, facts, at);
      });
      return facts;
    },
  };
}

export type SneakerTracker = ReturnType<typeof createSneakerTracker>;
