import type pg from 'pg';
import type { Envelope } from '@kicksight/contracts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import { withTransaction } from './postgres.ts';

/**
 * Wraps an event handler so each event takes effect once: the dedupe row and the handler's writes
 * commit in one transaction; a redelivered event finds its row and is skipped.
 */
export function applyOnce(
  pool: pg.Pool,
  consumer: string,
  effect: (client: pg.PoolClient, event: Envelope) => Promise<void>,
  clock: Clock = systemClock,
): (event: Envelope) => Promise<boolean> {
  return (event) =>
    withTransaction(pool, async (client) => {
      const inserted = await client.query(
        'INSERT INTO processed_event (consumer, event_id, processed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [consumer, event.id, clock.now()],
      );
      if (inserted.rowCount === 0) return false;
      await effect(client, event);
      return true;
    });
}
