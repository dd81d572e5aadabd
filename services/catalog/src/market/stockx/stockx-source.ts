import type { Clock, Logger, Redis } from '@kicksight/platform';
import { createTokenCipher, type StockxLinkSettings } from '@kicksight/stockx';
import type { MarketReadings } from '../../domain/market-readings.ts';
import type { Models } from '../../store/models.ts';
import type { MarketModels } from '../../store/market-models.ts';
import type { MarketSource, MarketSourceStatus } from '../market-source.ts';
import { createCallBudget } from './call-budget.ts';
import { createStockxClient, type StockxClientSettings } from './client.ts';
import { createOperatorStockxLink } from './link.ts';
import { createStockxSync, type StockxSyncSettings } from './sync.ts';

/** The latest call outcomes kept for the error rate. */
const OUTCOMES_KEPT = 200;

export interface StockxSourceSettings {
  link: StockxLinkSettings;
  client: StockxClientSettings;
  sync: StockxSyncSettings;
  tokenKey: string;
}

/**
 * The `stockx` adapter: the operator's linked StockX account, StockX's API behind a circuit breaker, and
 * the queued sync that maps sneakers and records per-size readings. Its status (last sync, error rate,
 * circuit) is kept in Redis, so every pod answers the same.
 */
export function createStockxSource({ settings, active, models, marketModels, readings, redis, keyPrefix, viewsKey, clock, logger }: { settings: StockxSourceSettings; active: boolean; models: Models; marketModels: MarketModels; readings: MarketReadings; redis: Redis; keyPrefix: string; viewsKey: string; clock: Clock; logger: Logger }) {
  const statusKey = `${keyPrefix}:stockx:status`;
  const outcomesKey = `${keyPrefix}:stockx:outcomes`;
  const link = createOperatorStockxLink({ settings: settings.link, cipher: createTokenCipher(settings.tokenKey), marketModels, redis, keyPrefix, clock, logger });
  const remember = (ok: boolean) => void redis.multi().lpush(outcomesKey, ok ? '1' : '0').ltrim(outcomesKey, 0, OUTCOMES_KEPT - 1).exec().catch(() => {});
  const budget = createCallBudget({ redis, key: `${keyPrefix}:stockx:calls`, calls: settings.client.ratePerMinute, windowMs: 60_000 });
  const client = createStockxClient({ settings: settings.client, link, budget, now: () => clock.now(), onOutcome: remember });
  client.breaker.onStateChange(() => {
    logger.warn({ circuit: client.circuitState() }, 'StockX circuit changed');
    void redis.hset(statusKey, 'circuit', client.circuitState()).catch(() => {});
  });
  const sync = createStockxSync({
    settings: settings.sync,
    client,
    link,
    models,
    marketModels,
    readings,
    redis,
    viewsKey,
    onSynced: async (at) => void (await redis.hset(statusKey, 'lastSyncAt', at.toISOString())),
    clock,
    logger,
  });

  const source: MarketSource = {
    name: 'stockx',
    start: () => (active ? sync.start() : undefined),
    stop: () => sync.stop(),
    async status(): Promise<MarketSourceStatus> {
      const [stored, outcomes, linked, mappedProducts, nextSyncAt] = await Promise.all([
        redis.hgetall(statusKey),
        redis.lrange(outcomesKey, 0, -1),
        link.isLinked(),
        marketModels.Mapping.countDocuments({ status: 'mapped' }),
        active ? sync.nextSyncAt() : Promise.resolve(null),
      ]);
      const circuit = (stored.circuit as MarketSourceStatus['circuit'] | undefined) ?? 'closed';
      return {
        name: 'stockx',
        active,
        status: !active ? 'off' : !linked ? 'not linked' : circuit === 'open' ? 'circuit open' : 'running',
        lastSyncAt: stored.lastSyncAt ?? null,
        nextSyncAt: nextSyncAt?.toISOString() ?? null,
        errorRate: outcomes.length === 0 ? null : outcomes.filter((o) => o === '0').length / outcomes.length,
        circuit,
        mappedProducts,
      };
    },
  };
  return { source, link, client, sync };
}

export type StockxAdapter = ReturnType<typeof createStockxSource>;
