import type { Logger } from '@kicksight/platform';
import { summaryDocOf } from '../domain/views.ts';
import { insertNew, type Models, type SneakerDoc } from './models.ts';

const BATCH = 500;

/**
 * Writes the search summaries a store made before they existed: when there are fewer summaries than
 * sneakers, every sneaker without one gets it (read in batches by id; existing ones are kept).
 */
export async function backfillSummaries(models: Models, logger: Logger): Promise<number> {
  const [sneakers, summaries] = await Promise.all([models.Sneaker.estimatedDocumentCount(), models.Summary.estimatedDocumentCount()]);
  if (summaries >= sneakers) return 0;
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
  logger.info({ written, ms: Math.round(performance.now() - started) }, 'search summaries written for sneakers stored before them');
  return written;
}
