import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testLogger } from '@kicksight/testkit';
import { createPgPool, migrate, withTransaction, type Pool } from '../../src/index.ts';

const stack = inject('stack');
const logger = testLogger();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let migrations: string;

beforeAll(async () => {
  db = await createTestDatabase(stack.postgres, import.meta.filename);
  migrations = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await writeFile(
    path.join(migrations, '1763800000000_sneakers.sql'),
    `-- Up Migration
CREATE TABLE sneaker (id bigserial PRIMARY KEY, name text NOT NULL, retail_cents bigint NOT NULL);
INSERT INTO sneaker (name, retail_cents) VALUES ('Air Jordan 1 Retro High OG', 18000), ('Yeezy Boost 350 V2', 23000);
-- Down Migration
DROP TABLE sneaker;
`,
  );
  pool = createPgPool(db.url);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('Postgres', () => {
  it('runs migrations once even when two processes start together, and queries return typed rows', async () => {
    await Promise.all([migrate(db.url, migrations, logger), migrate(db.url, migrations, logger)]);
    const applied = await pool.query('SELECT name FROM pgmigrations');
    expect(applied.rows.map((r) => r.name)).toEqual(['1763800000000_sneakers']);
    const { rows } = await pool.query<{ name: string; retail_cents: number }>('SELECT name, retail_cents FROM sneaker ORDER BY id');
    expect(rows).toEqual([
      { name: 'Air Jordan 1 Retro High OG', retail_cents: 18000 },
      { name: 'Yeezy Boost 350 V2', retail_cents: 23000 },
    ]);
  });

  it('creates the outbox and dedupe tables of the kit', async () => {
    const { rows } = await pool.query(`SELECT table_name FROM information_schema.tables WHERE table_name IN ('outbox', 'processed_event') ORDER BY 1`);
    expect(rows.map((r) => r.table_name)).toEqual(['outbox', 'processed_event']);
  });

  it('rolls a transaction back when its work fails', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await client.query(`INSERT INTO sneaker (name, retail_cents) VALUES ('Dunk Low', 11000)`);
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM sneaker WHERE name = 'Dunk Low'`);
    expect(rows[0].n).toBe(0);
  });
});
