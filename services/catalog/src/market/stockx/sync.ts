import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { STOCKX_API_SOURCE } from '@kicksight/contracts/provenance';
import { jobTelemetry, watchQueue, type Clock, type Logger, type Redis } from '@kicksight/platform';
import type { MarketReadings } from '../../domain/market-readings.ts';
import type { Models, SneakerDoc } from '../../store/models.ts';
import type { MappedVariant, MappingDoc, MarketModels } from '../../store/market-models.ts';
import { StockxRateLimited } from '@kicksight/stockx';
import type { StockxClient, VariantMarketData } from './client.ts';
import type { StockxLink } from '@kicksight/stockx';
import { mapSneaker } from './mapping.ts';

const PLAN_SCHEDULER = 'stockx-plan';
/** The sneakers whose views are remembered for the order of reads. */
const VIEWS_KEPT = 10_000;

type SyncJob = { kind: 'plan' } | { kind: 'map'; sneakerId: string } | { kind: 'read'; sneakerId: string; size: number; productId: string; variantId: string };

export interface StockxSyncSettings {
  redisUrl: string;
  /** BullMQ's key prefix (one per catalog store). */
  prefix: string;
  intervalMs: number;
  maxVariants: number;
  attempts: number;
  backoffMs: number;
}

/** A whole-dollar amount as StockX writes it ('150', '150.00'), in cents; null when absent. */
export function centsOf(amount: string | null | undefined): number | null {
  if (amount === null || amount === undefined || amount.trim() === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
}

export const readingOf = (sneakerId: string, size: number, data: VariantMarketData, asOf: Date) => ({
  sneakerId,
  size,
  lowestAsk: centsOf(data.lowestAskAmount),
  highestBid: centsOf(data.highestBidAmount),
  sellFaster: centsOf(data.sellFasterAmount),
  earnMore: centsOf(data.earnMoreAmount),
  source: STOCKX_API_SOURCE,
  asOf,
});

/** A size members care about (owned, watched or alerted on); null: every size of the sneaker. */
export interface Demanded {
  sneakerId: string;
  size: number | null;
}

/** The sneakers members care about, most recently viewed first, each with its sizes (null: every size). */
export function orderDemand(demand: Demanded[], viewedAt: Map<string, number>): { sneakerId: string; sizes: number[] | null }[] {
  const bySneaker = new Map<string, Set<number> | null>();
  for (const { sneakerId, size } of demand) {
    const sizes = bySneaker.has(sneakerId) ? bySneaker.get(sneakerId)! : new Set<number>();
    bySneaker.set(sneakerId, size === null || sizes === null ? null : sizes.add(size));
  }
  return [...bySneaker]
    .sort(([a], [b]) => (viewedAt.get(b) ?? 0) - (viewedAt.get(a) ?? 0) || a.localeCompare(b))
    .map(([sneakerId, sizes]) => ({ sneakerId, sizes: sizes && [...sizes].sort((a, b) => a - b) }));
}

/** A mapped sneaker's variants to read: the sizes asked for (every mapped size for null), in size order. */
export const variantsToRead = (mapping: Pick<MappingDoc, 'variants'>, sizes: number[] | null): MappedVariant[] =>
  mapping.variants.filter((v) => sizes === null || sizes.includes(v.size)).sort((a, b) => a.size - b.size);

/**
 * One round's work, sneakers in order: an unmapped sneaker is mapped (its reads follow the mapping), a
 * mapped one has its sizes read, up to `max` reads in all; a sneaker StockX does not carry is skipped.
 */
export function planRound(ordered: { sneakerId: string; sizes: number[] | null }[], mappings: Map<string, MappingDoc>, max: number): ({ kind: 'map'; sneakerId: string } | { kind: 'read'; mapping: MappingDoc; variants: MappedVariant[] })[] {
  const work: ReturnType<typeof planRound> = [];
  let left = max;
  for (const { sneakerId, sizes } of ordered) {
    if (left <= 0) break;
    const mapping = mappings.get(sneakerId);
    if (!mapping) {
      work.push({ kind: 'map', sneakerId });
      continue;
    }
    if (mapping.status !== 'mapped') continue;
    const variants = variantsToRead(mapping, sizes).slice(0, left);
    if (variants.length === 0) continue;
    work.push({ kind: 'read', mapping, variants });
    left -= variants.length;
  }
  return work;
}

/**
 * StockX's sync on a BullMQ queue: a `plan` job (every STOCKX_SYNC_INTERVAL_MS, one schedule for all
 * pods) lists the sizes members own, watch or alert on, most recently viewed sneakers first; a `map` job finds an
 * unmapped sneaker on StockX (two calls); a `read` job reads one variant's market data and records it
 * (one call). Every call keeps to the configured rate across pods; a 429 pauses it for Retry-After; a failed job is tried
 * again with exponential backoff, and once its tries are spent it goes (the next round plans it again;
 * a job id stands for one size while it is pending, so rounds never pile up).
 */
export function createStockxSync({ settings, client, link, models, marketModels, readings, redis, viewsKey, onSynced, clock, logger }: { settings: StockxSyncSettings; client: StockxClient; link: Pick<StockxLink, 'isLinked'>; models: Models; marketModels: MarketModels; readings: MarketReadings; redis: Redis; viewsKey: string; onSynced: (at: Date) => Promise<void>; clock: Clock; logger: Logger }) {
  const log = logger.child({ component: 'stockx-sync' });
  const connection: ConnectionOptions = { url: settings.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue<SyncJob>('stockx-market', {
    connection,
    prefix: settings.prefix,
    defaultJobOptions: { attempts: settings.attempts, backoff: { type: 'exponential', delay: settings.backoffMs }, removeOnComplete: true, removeOnFail: true },
    // A job carries the trace of what added it (a round's plan, a mapping); its processing continues it.
    telemetry: jobTelemetry(),
  });

  /** The sizes members own, watch or alert on, sneakers most recently viewed first. */
  async function demanded(): Promise<{ sneakerId: string; sizes: number[] | null }[]> {
    const demand = await marketModels.Demand.find({}, { sneakerId: 1, size: 1 }).lean<Demanded[]>();
    const sneakerIds = [...new Set(demand.map((d) => d.sneakerId))];
    const scores = sneakerIds.length ? await redis.zmscore(viewsKey, ...sneakerIds) : [];
    const viewedAt = new Map(sneakerIds.map((id, i) => [id, Number(scores[i] ?? 0)]));
    await redis.zremrangebyrank(viewsKey, 0, -VIEWS_KEPT - 1);
    return orderDemand(demand, viewedAt);
  }

  type QueuedJob = { name: string; data: SyncJob; opts: { jobId: string } };
  const readJobs = (mapping: MappingDoc, variants: MappedVariant[]): QueuedJob[] =>
    variants.map((v) => ({ name: 'read', data: { kind: 'read' as const, sneakerId: mapping._id, size: v.size, productId: mapping.productId!, variantId: v.variantId }, opts: { jobId: `read-${mapping._id}-${v.size}` } }));

  async function plan(): Promise<void> {
    if (!(await link.isLinked())) return;
    const demand = await demanded();
    const mappings = new Map((await marketModels.Mapping.find({ _id: { $in: demand.map((d) => d.sneakerId) } }).lean<MappingDoc[]>()).map((m) => [m._id, m]));
    const jobs = planRound(demand, mappings, settings.maxVariants).flatMap((work): QueuedJob[] =>
      work.kind === 'map' ? [{ name: 'map', data: { kind: 'map' as const, sneakerId: work.sneakerId }, opts: { jobId: `map-${work.sneakerId}` } }] : readJobs(work.mapping, work.variants),
    );
    await queue.addBulk(jobs);
    log.info({ sneakers: demand.length, jobs: jobs.length }, 'StockX sync planned');
  }

  async function map(sneakerId: string): Promise<void> {
    const sneaker = await models.Sneaker.findById(sneakerId, { sku: 1 }).lean<Pick<SneakerDoc, '_id' | 'sku'>>();
    if (!sneaker) return;
    const mapping = await mapSneaker(client, sneaker, clock.now());
    await marketModels.Mapping.replaceOne({ _id: sneakerId }, mapping, { upsert: true });
    if (mapping.status !== 'mapped') return;
    const demand = await marketModels.Demand.find({ sneakerId }, { sneakerId: 1, size: 1 }).lean<Demanded[]>();
    const [wanted] = orderDemand(demand, new Map());
    if (wanted) await queue.addBulk(readJobs(mapping, variantsToRead(mapping, wanted.sizes).slice(0, settings.maxVariants)));
  }

  async function read(job: Extract<SyncJob, { kind: 'read' }>): Promise<void> {
    const data = await client.marketData(job.productId, job.variantId);
    const at = clock.now();
    await readings.record(readingOf(job.sneakerId, job.size, data, at));
    await onSynced(at);
  }

  async function process(job: Job<SyncJob>): Promise<void> {
    try {
      if (job.data.kind === 'plan') await plan();
      else if (job.data.kind === 'map') await map(job.data.sneakerId);
      else await read(job.data);
    } catch (err) {
      if (err instanceof StockxRateLimited) {
        log.warn({ retryAfterMs: err.retryAfterMs }, 'StockX rate limit: the queue waits');
        await queue.rateLimit(err.retryAfterMs);
        throw Worker.RateLimitError();
      }
      throw err;
    }
  }

  // The rate limit counts StockX calls, not jobs: the client takes each call from the budget (call-budget.ts).
  const worker = new Worker<SyncJob>('stockx-market', process, { connection, prefix: settings.prefix, concurrency: 1, autorun: false, telemetry: jobTelemetry() });
  worker.on('failed', (job, err) => log.warn({ job: job?.name, attempt: job?.attemptsMade, err: err.message }, 'StockX sync job failed'));
  worker.on('error', (err) => log.warn({ err: err.message }, 'StockX sync worker error'));

  let unwatchQueue: (() => void) | undefined;

  return {
    queue,
    async start(): Promise<void> {
      // Each round's plan starts a trace of its own (not the one that set the schedule up), which its jobs continue.
      await queue.upsertJobScheduler(PLAN_SCHEDULER, { every: settings.intervalMs }, { name: 'plan', data: { kind: 'plan' }, opts: { telemetry: { omitContext: true } } });
      unwatchQueue = watchQueue(queue);
      void worker.run();
    },
    async stop(): Promise<void> {
      unwatchQueue?.();
      await worker.close();
      await queue.close();
    },
    /** Plans a round now (besides the schedule). */
    async syncNow(): Promise<void> {
      await queue.add('plan', { kind: 'plan' }, { jobId: `plan-${clock.now().getTime()}` });
    },
    async nextSyncAt(): Promise<Date | null> {
      const scheduler = await queue.getJobScheduler(PLAN_SCHEDULER);
      return scheduler?.next ? new Date(scheduler.next) : null;
    },
    /** Jobs waiting, running or waiting to be tried again (the schedule's next round aside). */
    async pending(): Promise<number> {
      const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
      return jobs.filter((job) => job && !job.repeatJobKey).length;
    },
  };
}

export type StockxSync = ReturnType<typeof createStockxSync>;
