import pg from 'pg';
import { databaseUrlFor, ensureDatabase } from '@kicksight/platform';
import { uniqueName } from './names.ts';

/** A fresh database for one test file on the shared server; `drop` removes it. */
export async function createTestDatabase(serverUrl: string, label: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = uniqueName(label);
  const adminUrl = databaseUrlFor(serverUrl, 'postgres');
  await ensureDatabase(adminUrl, name);
  return {
    name,
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
