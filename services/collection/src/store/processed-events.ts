import type { Queryable } from '@kicksight/platform';

/** Forgets the dedupe rows of this service's consumers older than `before`; answers how many went. */
export async function purgeProcessedEvents(q: Queryable, consumers: string[], before: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM processed_event WHERE consumer = ANY($1::text[]) AND processed_at < $2', [consumers, before]);
  return rowCount ?? 0;
}
