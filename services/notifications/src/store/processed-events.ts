import type { Queryable } from '@kicksight/platform';

/** Forgets consumed events' dedupe rows older than `before`; answers how many went. */
export async function purgeProcessedEvents(q: Queryable, consumer: string, before: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM processed_event WHERE consumer = $1 AND processed_at < $2', [consumer, before]);
  return rowCount ?? 0;
}
