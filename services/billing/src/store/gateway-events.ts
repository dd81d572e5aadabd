import type { Queryable } from '@kicksight/platform';

export const gatewayEvents = {
  /** Records a gateway event id; false when it was recorded before (a redelivery). */
  async record(db: Queryable, id: string, type: string, at: Date): Promise<boolean> {
    const { rowCount } = await db.query('INSERT INTO gateway_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [id, type, at]);
    return rowCount === 1;
  },
};
