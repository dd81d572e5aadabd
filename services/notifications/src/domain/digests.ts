import { utcDay, DIGEST_MOVERS, type DailyDigest, type MarketDigest, type MarketMover } from '@kicksight/contracts';
import type { Clock } from '@kicksight/platform';
import type { MarketData } from '../clients/market-data.ts';

/** How many trending sneakers are read to pick the movers from. */
const TRENDING_SAMPLE = 50;

const toMover = (s: MarketMover): MarketMover => ({ id: s.id, name: s.name, brand: s.brand, imageUrl: s.imageUrl, currentPrice: s.currentPrice, priceChange24h: s.priceChange24h, marketStatus: s.marketStatus });

/** The biggest 24-hour gains and losses among trending sneakers, largest first, each side capped. */
export function pickMovers(sneakers: MarketMover[], asOf: Date): MarketDigest {
  const withChange = sneakers.filter((s) => s.priceChange24h !== null && s.priceChange24h !== 0);
  const byChange = [...withChange].sort((a, b) => b.priceChange24h! - a.priceChange24h! || a.id.localeCompare(b.id));
  return {
    asOf: asOf.toISOString(),
    gainers: byChange.filter((s) => s.priceChange24h! > 0).slice(0, DIGEST_MOVERS).map(toMover),
    losers: byChange.filter((s) => s.priceChange24h! < 0).reverse().slice(0, DIGEST_MOVERS).map(toMover),
  };
}

/** The daily digest: the market's movers and the member's collection value with its change since yesterday. */
export function createDigests({ market, clock }: { market: MarketData; clock: Clock }) {
  async function marketMovers(): Promise<MarketDigest> {
    const { sneakers } = await market.trending(TRENDING_SAMPLE);
    return pickMovers(sneakers, clock.now());
  }
  async function forMember(userId: string, movers?: MarketDigest): Promise<DailyDigest> {
    const [valuation, marketPart] = await Promise.all([market.valuation(userId, 1), movers ?? marketMovers()]);
    const { itemCount, totalValue, totalGainLoss, gainLossPercent, change, changePercent } = valuation;
    return {
      userId,
      date: utcDay(clock.now()),
      collection: { itemCount, totalValue, totalGainLoss, gainLossPercent, change, changePercent },
      market: marketPart,
    };
  }
  return { marketMovers, forMember };
}
export type Digests = ReturnType<typeof createDigests>;
