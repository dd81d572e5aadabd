import type { z } from 'zod';
import {
  REQUEST_ID_HEADER,
  collectionStatsSchema,
  marketOverviewSchema,
  priceAlertSchema,
  trendingResponseSchema,
  usageStatusSchema,
  type dashboardTrendingQuerySchema,
} from '@kicksight/contracts';
import { callReplicas, createReplicaSet, createServiceClient, type ReplicaSet } from '@kicksight/platform';

/** Who the dashboard asks for: the member's verified access token, and the request id to pass on. */
export interface Asker {
  token: string;
  requestId: string;
}

export interface DashboardOwnersOptions {
  /** The public addresses of collection and billing (one or more replicas each), called with the member's own token. */
  collectionUrls: string[];
  billingUrls: string[];
  /** Catalog's internal port (service token): the market data is the same for everyone. */
  catalogInternalUrl: string[];
  serviceToken: string;
  timeoutMs: number;
}

/**
 * The calls behind the dashboard: a member's own data (collection stats, price alerts, usage) on the
 * owners' public routes with that member's token, the market data on catalog's internal port. Each
 * answer is checked against its contract; a call that fails, answers badly or takes longer than
 * `timeoutMs` rejects.
 */
export function createDashboardOwners({ collectionUrls, billingUrls, catalogInternalUrl, serviceToken, timeoutMs }: DashboardOwnersOptions) {
  const catalog = createServiceClient({ service: 'catalog', baseUrl: catalogInternalUrl, serviceToken, timeoutMs });
  const collection = createReplicaSet(collectionUrls);
  const billing = createReplicaSet(billingUrls);

  /** A read on the member's behalf, on the next replica (and on another one if that one refused or dropped it). */
  async function asMember<S extends z.ZodType>(replicas: ReplicaSet<string>, path: string, schema: S, who: Asker): Promise<z.infer<S>> {
    const response = await callReplicas(replicas, 'GET', (replica) =>
      fetch(new URL(path, replica), {
        headers: { accept: 'application/json', authorization: `Bearer ${who.token}`, [REQUEST_ID_HEADER]: who.requestId },
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const body = (await response.json()) as { data?: unknown };
    return schema.parse(body.data);
  }

  return {
    collectionStats: (who: Asker) => asMember(collection, '/api/collections/stats', collectionStatsSchema, who),
    priceAlerts: (who: Asker) => asMember(collection, '/api/price-alerts', priceAlertSchema.array(), who),
    usage: (who: Asker) => asMember(billing, '/api/membership/usage', usageStatusSchema, who),
    async trending(query: z.infer<typeof dashboardTrendingQuerySchema>, requestId: string) {
      const search = new URLSearchParams({ limit: String(query.limit), timeframe: query.timeframe });
      return trendingResponseSchema.parse(await catalog.get(`/internal/trending?${search}`, { requestId }));
    },
    marketOverview: async (requestId: string) => marketOverviewSchema.parse(await catalog.get('/internal/market-overview', { requestId })),
  };
}

export type DashboardOwners = ReturnType<typeof createDashboardOwners>;
