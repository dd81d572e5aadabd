import type { Clock, Logger, Redis } from '@kicksight/platform';
import { createStockxLink, type StockxLinkSettings, type StockxTokenStore, type TokenCipher } from '@kicksight/stockx';
import { STOCKX_INTEGRATION_ID, type IntegrationDoc, type MarketModels } from '../../store/market-models.ts';

export const STOCKX_NOT_LINKED = 'StockX is not linked';

/** The operator's one StockX account, kept as the integration document (tokens sealed). */
function integrationStore(marketModels: MarketModels): StockxTokenStore {
  return {
    load: () => marketModels.Integration.findById(STOCKX_INTEGRATION_ID).lean<IntegrationDoc>(),
    async link(tokens, linkedAt, linkedBy) {
      const doc: IntegrationDoc = { _id: STOCKX_INTEGRATION_ID, ...tokens, linkedAt, linkedBy, refreshedAt: null };
      await marketModels.Integration.replaceOne({ _id: STOCKX_INTEGRATION_ID }, doc, { upsert: true });
    },
    async refreshed(tokens, refreshedAt) {
      await marketModels.Integration.updateOne({ _id: STOCKX_INTEGRATION_ID }, { $set: { ...tokens, refreshedAt } });
    },
    async unlink() {
      await marketModels.Integration.deleteOne({ _id: STOCKX_INTEGRATION_ID });
    },
  };
}

/**
 * The operator's StockX account, linked once by an administrator (the StockX kit's OAuth link over the
 * integration document); the sync stops reading while it is unlinked.
 */
export function createOperatorStockxLink({ settings, cipher, marketModels, redis, keyPrefix, clock, logger }: { settings: StockxLinkSettings; cipher: TokenCipher; marketModels: MarketModels; redis: Redis; keyPrefix: string; clock: Clock; logger: Logger }) {
  return createStockxLink({
    settings,
    cipher,
    store: integrationStore(marketModels),
    redis,
    keyPrefix,
    lockKey: `${keyPrefix}:stockx:refresh`,
    wording: { notLinked: STOCKX_NOT_LINKED, startAgainFrom: 'the admin panel' },
    clock,
    logger,
  });
}
