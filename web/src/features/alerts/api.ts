import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PriceAlertUpdate, priceAlertSchema, watchlistEntrySchema } from '@kicksight/contracts';
import { api } from '../../api/client.ts';

/** The shapes of collection's alert and watchlist answers, from the shared contracts (types only). */
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export interface NewPriceAlert {
  sneakerId: string;
  targetPrice: number;
  size: number | null;
}

/** The member's price alerts and watchlist. */
export const alertQueries = {
  all: ['alerts'] as const,
  priceAlerts: () => queryOptions({ queryKey: ['alerts', 'price-alerts'], queryFn: ({ signal }) => api.get<PriceAlert[]>('/price-alerts', { signal }) }),
  watchlist: () => queryOptions({ queryKey: ['alerts', 'watchlist'], queryFn: ({ signal }) => api.get<WatchlistEntry[]>('/watchlist', { signal }) }),
};

const alertPath = (id: string) => `/price-alerts/${encodeURIComponent(id)}`;

/** The calls that change alerts and the watchlist (each retry of one click reuses its idempotency key). */
export const alertsApi = {
  createPriceAlert: (body: NewPriceAlert, idempotencyKey: string): Promise<PriceAlert> => api.post<PriceAlert>('/price-alerts', body, { idempotencyKey }),
  updatePriceAlert: ({ id, ...change }: PriceAlertUpdate & { id: string }, idempotencyKey: string): Promise<PriceAlert> => api.patch<PriceAlert>(alertPath(id), change, { idempotencyKey }),
  removePriceAlert: ({ id }: { id: string }, idempotencyKey: string) => api.del<unknown>(alertPath(id), { idempotencyKey }),
  watch: (body: { sneakerId: string }, idempotencyKey: string) => api.post<WatchlistEntry>('/watchlist', body, { idempotencyKey }),
  unwatch: ({ id }: { id: string }, idempotencyKey: string) => api.del<unknown>(`/watchlist/${encodeURIComponent(id)}`, { idempotencyKey }),
};
