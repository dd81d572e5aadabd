import type { Redis } from '@kicksight/platform';
import { lastRoundKeyOf, type MarketFeed } from '../feed/market-feed.ts';
import type { MarketSource } from './market-source.ts';

/**
 * The `replay` adapter: the live market replaying each product's real public sales. One process holds
 * its lease (this one, or the feed's own Deployment), so its status comes from Redis: the lease, and
 * when the holder's last round ended.
 */
export function createReplaySource({ feed, redis, leaseKey, intervalMs, active }: { feed: MarketFeed | null; redis: Redis; leaseKey: string; intervalMs: number; active: boolean }): MarketSource {
  return {
    name: 'replay',
    start: () => feed?.start(),
    stop: async () => feed?.stop(),
    async status() {
      const [held, lastRound] = await Promise.all([redis.exists(leaseKey), redis.get(lastRoundKeyOf(leaseKey))]);
      const running = active && held === 1;
      return {
        name: 'replay',
        active,
        status: !active ? 'off' : running ? 'running' : 'idle',
        lastSyncAt: lastRound,
        nextSyncAt: running && lastRound ? new Date(new Date(lastRound).getTime() + intervalMs).toISOString() : null,
        errorRate: null,
        circuit: null,
        mappedProducts: null,
      };
    },
  };
}
