import {
  HISTORICAL_SALES_LOCKED_MESSAGE,
  PRICE_HISTORY_PERIODS,
  SNEAKER_NOT_FOUND,
  TRENDING_TIMEFRAMES,
  paginate,
  premiumPercent,
  type ConsumeResultView,
  type MarketOverview,
  type MeteredAction,
  type PriceHistoryPeriod,
  type RelatedStrategy,
  type SearchSort,
  daysBefore,
  utcDay,
} from '@kicksight/contracts';
import { AppError, type BillingClient, type Clock, type Logger, type Principal } from '@kicksight/platform';
import type { SizeReading } from '../store/market-models.ts';
import type { Models, SalePageDoc, SneakerDoc } from '../store/models.ts';
import { isSneakerId } from './ids.ts';
import { aggregateIdOf, dailyRows, recentWindow, salePageIdOf, yearsOfWindow, type DayTotals } from './market.ts';
import { productViewUsage, searchUsage } from './metering.ts';
import { canonicalBrand } from './normalise.ts';
import { relatedProducts } from './related.ts';
import type { SearchIndex, SneakerSummary } from './search-index.ts';
import { createSearchPages, type SearchPage } from './search-pages.ts';
import { createSerialisedAnswers, type Serialised } from './serialised-answers.ts';
import type { SneakerCache } from './sneaker-cache.ts';
import { availabilityOf, change24hOf, detailOf, isTrendingWith, roundPercent, searchResultOf, sizePricesOf, trendingItemOf } from './views.ts';

export type Caller = Pick<Principal, 'id' | 'role'>;

const notFound = () => AppError.notFound(SNEAKER_NOT_FOUND);
const ADMIN_UNIT: ConsumeResultView = { allowed: true, used: null, limit: null, maxResults: null, counted: false };

/**
 * The catalog's use cases: search and suggestions over the pod's index; a sneaker, its sizes and
 * its sales history from the store (read by key); related, trending and sample sneakers. Searches
 * and product views are metered through billing before they are served, and given back when
 * serving fails; historical sales need billing's `historicalSales` entitlement.
 */
export function createCatalog({ models, index, sneakers, billing, clock, logger }: { models: Models; index: SearchIndex; sneakers: SneakerCache; billing: BillingClient; clock: Clock; logger: Logger }) {
  const pages = createSearchPages({ index });
  const dailyAnswers = createSerialisedAnswers();
  const details = createSerialisedAnswers();

  async function sneakerOrNotFound(id: string): Promise<SneakerDoc> {
    if (!isSneakerId(id)) throw notFound();
    const doc = await sneakers.get(id);
    if (!doc) throw notFound();
    return doc;
  }

  /** One page of a sneaker's sale rows, newest first. */
  async function newestSaleRows(doc: SneakerDoc, total: number, page: number, limit: number): Promise<SalePageDoc['rows']> {
    const { seqs, pages } = recentWindow(total, page, limit);
    const bySeq = new Map<number, SalePageDoc['rows'][number]>();
    for (const index of pages) {
      const found = await models.SalePage.findById(salePageIdOf(doc._id, index)).lean<SalePageDoc>();
      for (const row of found?.rows ?? []) bySeq.set(row.seq, row);
    }
    return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
  }

  /**
   * Consumes a unit, serves, and refunds the unit if serving failed (only a unit this call
   * counted). Admins have no limits and are never metered, so billing is not asked for them
   * (nor is their unit's key made).
   */
  async function metered<T>(who: Caller, action: MeteredAction, keyOf: () => string, requestId: string | undefined, serve: (unit: ConsumeResultView) => Promise<T> | T): Promise<T> {
    if (who.role === 'admin') return serve(ADMIN_UNIT);
    const key = keyOf();
    const unit = await billing.consume(who, action, key, requestId);
    try {
      return await serve(unit);
    } catch (err) {
      if (unit.counted) {
        await billing.refund(who, action, key, requestId).catch((refundErr: unknown) => logger.error({ err: refundErr, action, key }, 'refund after a failed call did not go through'));
      }
      throw err;
    }
  }

  /**
   * Serves what a sneaker's page shows of its market (its detail, its sizes' prices, its live market) as one
   * product view: every part is metered with the same key (one unit per sneaker per UTC day), so the page that
   * asks for all of them counts once, and none of them is served past the member's allowance.
   */
  async function productView<T>(who: Caller, id: string, requestId: string | undefined, serve: (doc: SneakerDoc) => Promise<T> | T): Promise<T> {
    const doc = await sneakerOrNotFound(id);
    return metered(who, 'product_view', () => productViewUsage(doc._id, clock.now()), requestId, () => serve(doc));
  }

  async function requireHistoricalSales(who: Caller, requestId?: string): Promise<void> {
    if (who.role === 'admin') return;
    const entitlements = await billing.entitlements(who, requestId);
    if (entitlements.features.historicalSales && !entitlements.expired) return;
    if (entitlements.expired) throw AppError.forbidden('Your plan has ended. Choose a plan to see historical sales data.', 'TRIAL_EXPIRED');
    throw AppError.forbidden(HISTORICAL_SALES_LOCKED_MESSAGE, 'PREMIUM_FEATURE');
  }

  /** The year documents covering a window (by year), and each as read (null: none), newest year first. */
  async function windowDocs(sneaker: SneakerDoc, size: number | null, days: number, today: Date) {
    const withSales = size === null ? (sneaker.stats?.years ?? []) : (sneaker.variants.find((v) => v.size === size)?.years ?? []);
    const wanted = yearsOfWindow(today, days, withSales);
    const found = await Promise.all(wanted.map((year) => sneakers.aggregateDays(sneaker._id, aggregateIdOf(sneaker._id, size, year))));
    const docs = new Map<number, Record<string, DayTotals>>();
    wanted.forEach((year, i) => found[i] && docs.set(year, found[i]));
    return { docs, found };
  }

  /** The daily totals of a window, newest day first, from the year documents that cover it. */
  async function windowRows(sneaker: SneakerDoc, size: number | null, days: number) {
    const today = clock.now();
    return dailyRows((await windowDocs(sneaker, size, days, today)).docs, today, days);
  }

  const summaries = (): SneakerSummary[] => [...index.values()];

  async function dailySeries(id: string, days: number, size?: number) {
    const doc = await sneakerOrNotFound(id);
    const rows = await windowRows(doc, size ?? null, days);
    return {
      sneakerId: doc._id,
      size: size ?? null,
      days: rows.reverse().map((r) => ({ date: r.date, averagePrice: Math.round(r.total / r.count), salesVolume: r.count, totalSales: r.total })),
    };
  }

  /** A sneaker's latest sales (newest first) since a moment, at most `limit`: the prediction service's volatility input. */
  async function recentSalePrices(id: string, query: { days: number; limit: number }) {
    const doc = await sneakerOrNotFound(id);
    const since = daysBefore(clock.now(), query.days).getTime();
    const rows = await newestSaleRows(doc, doc.stats?.salesCount ?? 0, 1, query.limit);
    const sales = rows.filter((row) => new Date(row.at).getTime() > since).map((row) => ({ price: row.amount, size: row.size, soldAt: new Date(row.at).toISOString() }));
    return { sneakerId: doc._id, sales };
  }

  return {
    /** One page of results (`{ sneakers, total }`, serialised), capped across pages by the caller's plan. */
    async search(who: Caller, query: { q: string; brands: string[]; sortBy: SearchSort; page: number; limit: number }, requestId?: string): Promise<SearchPage> {
      return metered(who, 'search', () => searchUsage(query, clock.now()), requestId, (unit) => pages.page(query, { page: query.page, limit: query.limit, cap: unit.maxResults }, clock.now()));
    },

    searchPageStats: () => pages.stats(),

    suggestions(q: string, limit: number) {
      return { suggestions: index.suggest(q, limit).map((s) => ({ id: s.id, name: s.name, brand: s.brand })) };
    },

    productView,

    /** A sneaker's detail (serialised), kept while the sneaker and which of its sizes are available are the same. */
    detail: (who: Caller, id: string, requestId?: string): Promise<Serialised> =>
      productView(who, id, requestId, (doc) => {
        const now = clock.now();
        return details.answer(doc._id, [doc, availabilityOf(doc, now)], () => detailOf(doc, now));
      }),

    /** A sneaker's sizes and their prices: part of its product view. */
    sizes: (who: Caller, id: string, requestId?: string) =>
      productView(who, id, requestId, (doc) => {
        const detail = detailOf(doc, clock.now());
        return {
          sizes: detail.variants.map((v) => ({ size: v.size, currentPrice: v.currentPrice, lastSalePrice: v.lastSalePrice, availability: v.availability, provenance: v.provenance })),
          averagePrice: detail.stats.averagePrice,
          provenance: detail.provenance,
        };
      }),

    /** One page of a window's daily totals (serialised), kept while the day and the documents it reads are the same. */
    async dailySales(who: Caller, id: string, query: { days: number; size?: number; page: number; limit: number }, requestId?: string): Promise<Serialised> {
      await requireHistoricalSales(who, requestId);
      const doc = await sneakerOrNotFound(id);
      const size = query.size ?? null;
      const today = clock.now();
      const { docs, found } = await windowDocs(doc, size, query.days, today);
      const key = [doc._id, size ?? 'all', query.days, query.page, query.limit].join('\u0000');
      return dailyAnswers.answer(key, [utcDay(today), doc, ...found], () => {
        const rows = dailyRows(docs, today, query.days);
        const start = (query.page - 1) * query.limit;
        return {
          dailySales: rows.slice(start, start + query.limit).map((r) => ({ date: r.date, average_price: Math.round(r.total / r.count), sales_volume: r.count, total_sales: r.total })),
          days: query.days,
          size,
          ...paginate(rows.length, query.page, query.limit),
        };
      });
    },

    async recentSales(who: Caller, id: string, query: { page: number; limit: number }, requestId?: string) {
      await requireHistoricalSales(who, requestId);
      const doc = await sneakerOrNotFound(id);
      const total = doc.stats?.salesCount ?? 0;
      const rows = await newestSaleRows(doc, total, query.page, query.limit);
      const sales = rows.map((row) => ({ id: row.id, amount: row.amount, size: row.size, size_type: row.sizeType, created_at: new Date(row.at).toISOString() }));
      return { sales, ...paginate(total, query.page, query.limit) };
    },

    async priceHistory(who: Caller, id: string, query: { period: PriceHistoryPeriod; size?: number }, requestId?: string) {
      await requireHistoricalSales(who, requestId);
      const doc = await sneakerOrNotFound(id);
      const rows = await windowRows(doc, query.size ?? null, PRICE_HISTORY_PERIODS[query.period]);
      return { period: query.period, size: query.size ?? null, points: rows.reverse().map((r) => ({ date: r.date, price: Math.round(r.total / r.count), volume: r.count })) };
    },

    async related(id: string, query: { strategy: RelatedStrategy; limit: number }) {
      const doc = await sneakerOrNotFound(id);
      const target = index.get(doc._id);
      if (!target) throw notFound();
      return { strategy: query.strategy, products: relatedProducts(target, summaries(), query.strategy, query.limit, clock.now()) };
    },

    /** Popular sneakers of the brands a new member is interested in, a few of each brand in turn. */
    sampleSneakers(interests: string[], limit: number) {
      const brands = new Set(interests.map((i) => canonicalBrand(i).toLowerCase()));
      const pool = summaries()
        .filter((s) => brands.size === 0 || brands.has(s.brand.toLowerCase()))
        .sort((a, b) => b.salesCount - a.salesCount || (a.id < b.id ? -1 : 1));
      const byBrand = new Map<string, SneakerSummary[]>();
      for (const s of pool) byBrand.set(s.brand, [...(byBrand.get(s.brand) ?? []), s]);
      const picked: SneakerSummary[] = [];
      for (let round = 0; picked.length < limit && picked.length < pool.length; round++) {
        for (const list of byBrand.values()) if (list[round] && picked.length < limit) picked.push(list[round]!);
      }
      const now = clock.now();
      return { sneakers: picked.map((s) => searchResultOf(s, now)) };
    },

    // Internal calls.

    dailySeries,
    recentSalePrices,

    /** The sneakers that sold since a moment (ms), in id order after `after`, with the sizes that did: the prediction service's track record. */
    tradedSneakers(query: { since: number; after?: string; limit: number }) {
      const page = summaries()
        .filter((s) => (s.lastSaleAt ?? 0) >= query.since && (query.after === undefined || s.id > query.after))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, query.limit + 1);
      const sneakers = page.slice(0, query.limit).map((s) => ({ sneakerId: s.id, sizes: s.sizes.filter((v) => (v.lastSaleAt ?? 0) >= query.since).map((v) => v.size) }));
      return { sneakers, next: page.length > query.limit ? sneakers.at(-1)!.sneakerId : null };
    },

    /** The prediction service's batch input: each sneaker's daily series and latest sales, or why they are missing. */
    async forecastInputs(query: { sneakerIds: string[]; days: number; salesDays: number }) {
      const sneakers = await Promise.all(
        [...new Set(query.sneakerIds)].map(async (sneakerId) => {
          try {
            const [series, recent] = await Promise.all([dailySeries(sneakerId, query.days), recentSalePrices(sneakerId, { days: query.salesDays, limit: 500 })]);
            return { sneakerId, days: series.days, sales: recent.sales };
          } catch (err) {
            if (err instanceof AppError && err.status < 500) return { sneakerId, error: { message: err.message, code: err.code } };
            throw err;
          }
        }),
      );
      return { sneakers };
    },

    /**
     * Sneakers that sold within the timeframe, those the trending rule picks first, then by the size
     * of their 24-hour move and their premium over retail (id last).
     */
    trending(query: { limit: number; timeframe: keyof typeof TRENDING_TIMEFRAMES; exclude: string[] }) {
      const now = clock.now();
      const since = daysBefore(now, TRENDING_TIMEFRAMES[query.timeframe]).getTime();
      const excluded = new Set(query.exclude);
      const ranked = summaries()
        .filter((s) => !excluded.has(s.id) && s.lastSaleAt !== null && s.lastSaleAt >= since && s.currentPrice !== null)
        .map((s) => ({ s, change: change24hOf(s, now) }))
        .map(({ s, change }) => ({ s, trending: isTrendingWith(s, change), move: Math.abs(change ?? 0), premium: premiumPercent(s.currentPrice, s.retailPrice) ?? -Infinity }))
        .sort((a, b) => Number(b.trending) - Number(a.trending) || b.move - a.move || b.premium - a.premium || (a.s.id < b.s.id ? -1 : 1));
      return { timeframe: query.timeframe, sneakers: ranked.slice(0, query.limit).map(({ s }) => trendingItemOf(s, now)) };
    },

    marketOverview(): MarketOverview {
      const now = clock.now();
      const all = summaries();
      const priced = all.filter((s) => s.currentPrice !== null);
      const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
      const premiums = priced.map((s) => premiumPercent(s.currentPrice, s.retailPrice)).filter((p): p is number => p !== null);
      const changeOf = new Map(all.map((s) => [s, change24hOf(s, now)]));
      const moving = priced.filter((s) => changeOf.get(s));
      const byChange = (direction: 1 | -1) =>
        moving
          .filter((s) => Math.sign(changeOf.get(s)!) === direction)
          .sort((a, b) => direction * (changeOf.get(b)! - changeOf.get(a)!) || (a.id < b.id ? -1 : 1))
          .slice(0, 5)
          .map((s) => trendingItemOf(s, now));
      const brands = new Map<string, SneakerSummary[]>();
      for (const s of all) brands.set(s.brand, [...(brands.get(s.brand) ?? []), s]);
      const latest = all.reduce((max, s) => Math.max(max, s.lastSaleAt ?? 0), 0);
      const rounded = (value: number | null) => (value === null ? null : Math.round(value));
      return {
        asOf: latest ? utcDay(new Date(latest)) : null,
        totalSneakers: all.length,
        totalSales: all.reduce((n, s) => n + s.salesCount, 0),
        averagePrice: rounded(mean(priced.map((s) => s.currentPrice!))),
        averagePremiumPercent: roundPercent(mean(premiums)),
        trendingCount: priced.filter((s) => isTrendingWith(s, changeOf.get(s) ?? null)).length,
        gainers: byChange(1),
        losers: byChange(-1),
        brands: [...brands]
          .map(([brand, list]) => ({
            brand,
            sneakers: list.length,
            averagePrice: rounded(mean(list.filter((s) => s.currentPrice !== null).map((s) => s.currentPrice!))),
            averageChange24h: rounded(mean(list.map((s) => changeOf.get(s) ?? null).filter((c): c is number => c !== null))),
          }))
          .sort((a, b) => b.sneakers - a.sneakers || a.brand.localeCompare(b.brand)),
      };
    },

    /** A sneaker's facts and each size's prices, with its latest market readings (`latestReadings`). */
    async prices(id: string, latestReadings: (sneakerId: string) => Promise<SizeReading[]>) {
      const doc = await sneakerOrNotFound(id);
      return {
        sneakerId: doc._id,
        name: doc.name,
        brand: doc.brand,
        colorway: doc.colorway ?? '',
        imageUrl: doc.imageUrl ?? null,
        averagePrice: doc.stats?.averagePrice ?? null,
        retailPrice: doc.retailPrice ?? null,
        sizes: sizePricesOf(doc, await latestReadings(doc._id)),
      };
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
