// PostgreSQL from its image (scripts/images.sh stores) through the test kit's containers: the pinned major version,
// the application role, and what it is given kept.
import pg from 'pg';
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { afterAll, beforeAll, expect, it } from 'vitest';

let postgres: StoreContainer<{ url: string }>;
beforeAll(async () => {
  postgres = await storeContainers.postgres();
});
afterAll(() => postgres?.stop());

it('runs the pinned PostgreSQL and keeps rows', async () => {
  const client = new pg.Client({ connectionString: `${postgres.address.url}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string; current_user: string }>('SELECT current_setting($1) AS server_version, current_user', ['server_version']);
    expect(rows[0]!.server_version.split('.')[0]).toBe(pinnedVersions().POSTGRES_MAJOR);
    expect(rows[0]!.current_user).toBe('kicksight');
    await client.query('CREATE TABLE pairs (id serial PRIMARY KEY, name text NOT NULL)');
    await client.query('INSERT INTO pairs (name) VALUES ($1), ($2)', ['Jordan 1', 'Dunk Low']);
    expect((await client.query('SELECT name FROM pairs ORDER BY id')).rows.map((r) => r.name)).toEqual(['Jordan 1', 'Dunk Low']);
  } finally {
    await client.end();
  }
});
