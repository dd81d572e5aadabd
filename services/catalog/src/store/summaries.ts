import type { Logger } from '@kicksight/platform';
import { summaryDocOf } from '../domain/views.ts';
import { insertNew, type Models, type SneakerDoc } from './models.ts';

const BATCH = 500;
/** Set once every sneaker of the store has its summary (by an import into an empty store, or this backfill). */
export const SUMMARIES_COMPLETE = 'summaries-complete';

export const markSummariesComplete = (models: Models) => models.Meta.updateOne({ _id: SUMMARIES_COMPLETE }, { $set: { value: true } }, { upsert: true });

/**
 * Writes the search summaries a store made before they existed: unless the store is marked complete,
 * every sneaker without one gets it (existing ones are kept), then the store is marked. Counting
 * documents on FerretDB reads them all, so the mark is what is checked.
 */
export async function backfillSummaries(models: Models, logger: Logger): Promise<number> {
  if (await models.Meta.findById(SUMMARIES_COMPLETE).lean()) return 0;
  const started = performance.now();
  const have = new Set((await models.Summary.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((d) => d._id));
  let written = 0;
  let batch: SneakerDoc[] = [];
  const flush = async () => {
    written += (await insertNew(models.Summary, batch.map(summaryDocOf))).length;
    batch = [];
  };
  for await (const doc of models.Sneaker.find({}, { appliedSales: 0, description: 0 }).lean<SneakerDoc[]>().cursor()) {
    if (have.has(doc._id)) continue;
    batch.push(doc as SneakerDoc);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await markSummariesComplete(models);
  logger.info({ written, ms: Math.round(performance.now() - started) }, 'search summaries written for sneakers stored before them');
  return written;
}
