import { dailySeriesSchema, marketOverviewSchema, sneakerPricesSchema, trendingResponseSchema } from './catalog.ts';
import { marketInterestPageSchema, valuationSchema } from './collection.ts';
import { consumeResultSchema, entitlementsSchema } from './membership.ts';
import type { Operation } from './operation.ts';
import { forecastInputsSchema, recentSalePricesSchema, tradedSneakersSchema } from './prediction.ts';
import { monthlySalesPageSchema } from './sales.ts';

/** One answer of a service's internal port (service token) that another service reads. */
export type InternalOperation = Pick<Operation, 'method' | 'path' | 'summary' | 'response'>;

/** The internal answers services read from each other, with the schema of each answer's `data`. */
export const internalOperations: InternalOperation[] = [
  { method: 'get', path: '/internal/entitlements/{userId}', summary: "Billing: a member's plan, limits and features", response: entitlementsSchema },
  { method: 'post', path: '/internal/usage/consume', summary: 'Billing: counts a metered unit', response: consumeResultSchema },
  { method: 'get', path: '/internal/sneakers/{id}/prices', summary: "Catalog: a sneaker's current price per size", response: sneakerPricesSchema },
  { method: 'get', path: '/internal/sneakers/{id}/daily-series', summary: "Catalog: a sneaker's daily sales", response: dailySeriesSchema },
  { method: 'get', path: '/internal/sneakers/{id}/recent-sales', summary: "Catalog: a sneaker's latest sale prices", response: recentSalePricesSchema },
  { method: 'post', path: '/internal/sneakers/forecast-inputs', summary: 'Catalog: the daily series and latest sales of many sneakers', response: forecastInputsSchema },
  { method: 'get', path: '/internal/sneakers/traded', summary: 'Catalog: the sneakers (and their sizes) that sold since a day, a page at a time', response: tradedSneakersSchema },
  { method: 'get', path: '/internal/trending', summary: 'Catalog: the trending sneakers', response: trendingResponseSchema },
  { method: 'get', path: '/internal/market-overview', summary: 'Catalog: the market overview', response: marketOverviewSchema },
  { method: 'get', path: '/internal/users/{userId}/valuation', summary: "Collection: a member's collection value and its change", response: valuationSchema },
  { method: 'get', path: '/internal/market-interest', summary: 'Collection: what members hold, watch or set alerts on, a page at a time', response: marketInterestPageSchema },
  { method: 'get', path: '/internal/sales/monthly', summary: "Collection: members' sales, net proceeds and realised gain of a month (those who turned the monthly email off left out), a page at a time", response: monthlySalesPageSchema },
];
