import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, proxyInFront, waitFor, type Proxy } from '@kicksight/testkit';
import { createPgPool, isStoreUnavailable, withTransaction, type Pool } from '../../src/index.ts';

const stack = inject('stack');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Proxy;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase(stack.postgres, 'pg_outage');
  const front = await proxyInFront(stack.toxiproxy, 'pg-outage', db.url);
  proxy = front.proxy;
  pool = createPgPool(front.url, { max: 2 });
});
afterAll(async () => {
  await proxy?.enable();
  await pool?.end();
  await proxy?.remove();
  await db?.drop();
});

describe('PostgreSQL going away in the middle of a transaction', () => {
  it('fails the transaction as unavailable without taking the process down, and the pool serves again once it is back', async () => {
    const failure = await withTransaction(pool, async (client) => {
      await client.query('SELECT 1');
      // The connection is cut while the client is lent out, between two statements.
      await proxy.disable();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('SELECT 2');
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isStoreUnavailable(failure)).toBe(true);
    await proxy.enable();
    const { rows } = await waitFor(() => pool.query<{ one: number }>('SELECT 1 AS one'), { message: 'the pool to serve again' });
    expect(rows[0]!.one).toBe(1);
  });
});
