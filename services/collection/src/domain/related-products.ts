import { ITEM_NOT_FOUND_MESSAGE, RECOMMENDATIONS_FRESH_MS, RECOMMENDATIONS_KEPT_MS, type CollectionRelatedStrategy, type RelatedProduct } from '@kicksight/contracts';
import { AppError, type Clock, type Logger, type Pool, type Redis } from '@kicksight/platform';
import type { CatalogClient } from '../clients/catalog.ts';
import { items } from '../store/items.ts';
import type { Caller } from './caller.ts';
import { behaviourSeeds, mergeRecommendations, recentSeeds, trendingAsRelated, type Seed } from './recommendations.ts';
import type { ValuationTime } from './valuation.ts';

const TRENDING_REASONS: Record<string, string> = { '24h': 'Trending today', '7d': 'Trending this week', '30d': 'Trending this month' };
const RECOMMENDATION_KEY = 'collection:recommendations';

interface Options {
  strategy: CollectionRelatedStrategy;
  limit: number;
  excludeOwned: boolean;
}

interface Answer {
  strategy: CollectionRelatedStrategy;
  products: RelatedProduct[];
  generatedAt: string;
}

/** A kept answer and the collection it was made for (its catalogue sneakers, oldest first). */
interface Kept extends Answer {
  collection: string;
}

/** The collection's catalogue sneakers, each with what seeding needs. */
const catalogueSeedsOf = (all: { sneakerId: string | null; name: string; brand: string; addedAt: Date }[]): Seed[] =>
  all.flatMap((item) => (item.sneakerId ? [{ sneakerId: item.sneakerId, name: item.name, brand: item.brand, addedAt: item.addedAt }] : []));

/** What recommendations depend on in a collection: which catalogue sneakers it holds, in the order they were added. */
export const collectionKeyOf = (seeds: Seed[]): string =>
  [...seeds]
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || (a.sneakerId < b.sneakerId ? -1 : 1))
    .map((seed) => seed.sneakerId)
    .join(',');

/**
 * Related products built on the catalogue's related and trending calls: for one item, for the whole
 * collection (seeded by the member's latest sneakers, or by the brands they collect most for the
 * user-behaviour strategy), and trending. Collection recommendations are cached per member: served
 * while fresh (30 minutes) and made for the collection as it is now (a pair added or removed makes them
 * again at once), kept an hour as a fallback when the catalogue cannot answer.
 */
export function createRelatedProducts({ pool, redis, catalog, clock, logger, valuedAt }: { pool: Pool; redis: Redis; catalog: CatalogClient; clock: Clock; logger: Logger; valuedAt: () => ValuationTime }) {
  const onBehalf = (caller: Caller) => ({ authorization: caller.authorization, requestId: caller.requestId });
  const owned = async (caller: Caller) => new Set(await items.ownedSneakers(pool, caller.id));
  const cacheKey = (caller: Caller, options: Options) => `${RECOMMENDATION_KEY}:${caller.id}:${options.strategy}:${options.limit}:${options.excludeOwned}`;

  async function trending(caller: Caller, query: { limit: number; excludeOwned: boolean; timeframe: string }): Promise<RelatedProduct[]> {
    const exclude = query.excludeOwned ? [...(await owned(caller))] : [];
    const answer = await catalog.trending({ limit: query.limit, timeframe: query.timeframe, exclude }, caller.requestId);
    return answer.sneakers.map((sneaker) => trendingAsRelated(sneaker, TRENDING_REASONS[query.timeframe] ?? 'Trending'));
  }

  /** Related products of several seeds, merged; a seed the catalogue cannot answer for adds nothing, unless none answers. */
  async function relatedToSeeds(caller: Caller, seeds: Seed[], options: Options, exclude: Set<string>): Promise<RelatedProduct[]> {
    const strategy = options.strategy === 'user-behavior' ? 'mixed' : options.strategy;
    const ask = Math.min(50, options.limit + exclude.size);
    const answers = await Promise.allSettled(
      seeds.map(async (seed) => {
        const { products } = await catalog.related(seed.sneakerId, { strategy, limit: ask }, onBehalf(caller));
        return options.strategy === 'user-behavior' ? products.map((p) => ({ ...p, recommendationReason: `Because you collect ${seed.brand}: ${p.recommendationReason}` })) : products;
      }),
    );
    const lists = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    if (lists.length === 0 && seeds.length > 0) throw (answers[0] as PromiseRejectedResult).reason;
    return mergeRecommendations(lists, exclude, options.limit);
  }

  async function generate(caller: Caller, options: Options, catalogued: Seed[]): Promise<Answer> {
    const exclude = options.excludeOwned ? new Set(catalogued.map((seed) => seed.sneakerId)) : new Set<string>();
    const seeds = options.strategy === 'user-behavior' ? behaviourSeeds(catalogued) : recentSeeds(catalogued);
    const products =
      options.strategy === 'trending' || seeds.length === 0
        ? await trending(caller, { limit: options.limit, excludeOwned: options.excludeOwned, timeframe: '7d' })
        : await relatedToSeeds(caller, seeds, options, exclude);
    return { strategy: options.strategy, products, generatedAt: clock.now().toISOString() };
  }

  async function store(caller: Caller, options: Options, answer: Answer, catalogued: Seed[]): Promise<void> {
    const kept: Kept = { ...answer, collection: collectionKeyOf(catalogued) };
    await redis.set(cacheKey(caller, options), JSON.stringify(kept), 'PX', RECOMMENDATIONS_KEPT_MS).catch((err: unknown) => logger.warn({ err }, 'could not cache recommendations'));
  }

  const answerOf = ({ strategy, products, generatedAt }: Kept): Answer => ({ strategy, products, generatedAt });

  /**
   * The collection's recommendations: from the cache while fresh and made for the collection as it is,
   * else made again (the kept ones if that fails).
   */
  async function recommendations(caller: Caller, options: Options): Promise<Answer> {
    const [cached, catalogued] = await Promise.all([
      redis.get(cacheKey(caller, options)).then((text) => (text ? (JSON.parse(text) as Kept) : undefined), () => undefined),
      items.all(pool, caller.id, valuedAt().freshSince).then(catalogueSeedsOf),
    ]);
    const fresh = cached && cached.collection === collectionKeyOf(catalogued) && clock.now().getTime() - Date.parse(cached.generatedAt) < RECOMMENDATIONS_FRESH_MS;
    if (cached && fresh) {
      const exclude = options.excludeOwned ? new Set(catalogued.map((seed) => seed.sneakerId)) : new Set<string>();
      return { ...answerOf(cached), products: cached.products.filter((p) => !exclude.has(p.id)) };
    }
    try {
      const answer = await generate(caller, options, catalogued);
      await store(caller, options, answer, catalogued);
      return answer;
    } catch (err) {
      if (!cached) throw err;
      logger.warn({ err }, 'serving kept recommendations: the catalogue could not answer');
      return answerOf(cached);
    }
  }

  return {
    recommendations,

    async forItem(caller: Caller, itemId: string, options: Options): Promise<Answer> {
      const item = await items.get(pool, caller.id, itemId, valuedAt().freshSince);
      if (!item) throw AppError.notFound(ITEM_NOT_FOUND_MESSAGE);
      if (!item.sneakerId || options.strategy === 'user-behavior' || options.strategy === 'trending') return recommendations(caller, options);
      const exclude = options.excludeOwned ? await owned(caller) : new Set<string>();
      exclude.add(item.sneakerId);
      const products = await relatedToSeeds(caller, [{ sneakerId: item.sneakerId, name: item.name, brand: item.brand, addedAt: item.addedAt }], options, exclude);
      return { strategy: options.strategy, products, generatedAt: clock.now().toISOString() };
    },

    /** Makes the collection's recommendations again now, and keeps them. */
    async regenerate(caller: Caller, options: Options): Promise<Answer> {
      const catalogued = catalogueSeedsOf(await items.all(pool, caller.id, valuedAt().freshSince));
      const answer = await generate(caller, options, catalogued);
      await store(caller, options, answer, catalogued);
      return answer;
    },

    async trending(caller: Caller, query: { limit: number; excludeOwned: boolean; timeframe: string }): Promise<Answer> {
      return { strategy: 'trending', products: await trending(caller, query), generatedAt: clock.now().toISOString() };
    },

    /** Drops a member's cached recommendations (their account was deleted). */
    async forget(userId: string): Promise<void> {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${RECOMMENDATION_KEY}:${userId}:*`, 'COUNT', 100);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

export type RelatedProducts = ReturnType<typeof createRelatedProducts>;
