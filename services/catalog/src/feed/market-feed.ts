import { MARKET_FEED_SOURCE } from '@kicksight/contracts/provenance';
import { createLease, type Clock, type Lease, type Logger, type Redis } from '@kicksight/platform';
import type { Sales } from '../domain/sales.ts';
import type { Models, SneakerDoc } from '../store/models.ts';
import { calibrate, drawSales, type ProductBehaviour } from './behaviour.ts';

const CALIBRATION_PROJECTION = { variants: 1, stats: 1 } as const;

export interface MarketFeedOptions {
  models: Models;
  sales: Sales;
  redis: Redis;
  /** The lease that makes this feed the only one of its store at a time, across processes and deployments. */
  leaseKey: string;
  clock: Clock;
  logger: Logger;
  /** Real time between two rounds of sales. */
  intervalMs: number;
  /** Market time per real time: 60 plays an hour of the market every minute. */
  speed: number;
  /** The most sales one round records. */
  maxSalesPerRound: number;
  /** How often products are measured again (new products, moved prices). */
  recalibrateMs?: number;
  random?: () => number;
  leaseTtlMs?: number;
}

export interface MarketFeed {
  start(): void;
  stop(): Promise<void>;
  isActive(): boolean;
  /** Sales recorded since this process started. */
  recorded(): number;
}

/**
 * The live market: while this process holds the feed's lease, every round records the sales that
 * each product's own behaviour (its rate, sizes and price spread, measured from its history) gives
 * for the market time that passed. Sales go through the same path as any sale (outbox, aggregates,
 * `sale.recorded` and `price.changed`); the prices they set become the next round's market prices.
 */
/** Where the feed notes when its last round ended (every pod reads it for the market sources' status). */
export const lastRoundKeyOf = (leaseKey: string): string => `${leaseKey}:last-round`;

export function createMarketFeed(options: MarketFeedOptions): MarketFeed {
  const { models, sales, redis, clock, logger, intervalMs, speed, maxSalesPerRound, recalibrateMs = 10 * 60_000, random = Math.random } = options;
  const log = logger.child({ component: 'market-feed' });
  let products: ProductBehaviour[] = [];
  let calibratedAt = 0;
  let active = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let count = 0;

  async function calibrateAll(): Promise<void> {
    const docs = await models.Sneaker.find({}, CALIBRATION_PROJECTION).lean<Pick<SneakerDoc, '_id' | 'variants' | 'stats'>[]>();
    products = docs.map(calibrate).filter((p): p is ProductBehaviour => p !== null);
    calibratedAt = clock.now().getTime();
    const perDay = products.reduce((a, p) => a + p.salesPerDay, 0);
    log.info({ products: products.length, salesPerMinute: Number(((perDay / 1440) * speed).toFixed(2)) }, 'market feed calibrated');
  }

  async function playRound(): Promise<void> {
    if (clock.now().getTime() - calibratedAt >= recalibrateMs) await calibrateAll();
    const bySneaker = new Map(products.map((p) => [p.sneakerId, p]));
    for (const sale of drawSales(products, intervalMs * speed, random, maxSalesPerRound)) {
      if (!active) return;
      try {
        const recorded = await sales.record({ ...sale, source: MARKET_FEED_SOURCE, call: 'market feed' });
        count += 1;
        const size = bySneaker.get(sale.sneakerId)?.sizes.find((s) => s.size === sale.size);
        if (size && recorded.change) size.price = recorded.change.price;
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : err, sneakerId: sale.sneakerId }, 'a feed sale was not recorded');
      }
    }
  }

  function schedule(): void {
    if (!active) return;
    timer = setTimeout(() => {
      round = playRound()
        .then(async () => {
          await redis.set(lastRoundKeyOf(options.leaseKey), clock.now().toISOString());
        })
        .catch((err: unknown) => log.error({ err }, 'market feed round failed'))
        .finally(schedule);
    }, intervalMs);
  }

  async function halt(): Promise<void> {
    active = false;
    if (timer) clearTimeout(timer);
    await round;
  }

  const lease: Lease = createLease({
    redis,
    key: options.leaseKey,
    logger,
    ttlMs: options.leaseTtlMs,
    onAcquired: () => {
      active = true;
      calibratedAt = 0;
      schedule();
    },
    onLost: halt,
  });

  return {
    start: () => lease.start(),
    stop: () => lease.stop(),
    isActive: () => active,
    recorded: () => count,
  };
}
