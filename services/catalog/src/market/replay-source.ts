import type { Models } from '../store/models.ts';
import type { MarketFeed } from '../feed/market-feed.ts';
import type { MarketSource } from './market-source.ts';

/** The `replay` adapter: the live market replaying each product's real public sales (one pod holds its lease). */
export function createReplaySource({ feed, models, active }: { feed: MarketFeed | null; models: Models; active: boolean }): MarketSource {
  return {
    name: 'replay',
    start: () => feed?.start(),
    stop: async () => feed?.stop(),
    async status() {
      const latest = await models.Sale.findOne({ source: 'feed' }, { soldAt: 1 }).sort({ soldAt: -1 }).lean<{ soldAt: Date }>();
      return {
        name: 'replay',
        active,
        status: !active || !feed ? 'off' : feed.isActive() ? 'running' : 'idle',
        lastSyncAt: latest ? new Date(latest.soldAt).toISOString() : null,
        nextSyncAt: null,
        errorRate: null,
        circuit: null,
        mappedProducts: null,
      };
    },
  };
}
