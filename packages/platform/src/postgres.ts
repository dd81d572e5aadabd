import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from './logger.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: a pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

const INT8_OID = 20;

/** node-postgres returns int8 as a string; parse it once here, refusing values a JS number can't hold. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds the safe integer range`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Fail-fast limits of a pool: a request never waits long on a PostgreSQL that is away. A refused or cut
 * connection fails at once; these bound a server that stops answering.
 */
export const PG_TIMEOUTS = {
  /** Waiting for a connection, new or from the pool. */
  connectMs: 1_000,
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementMs: 3_000,
  /** The client gives up on an answer that never comes (a server gone silent). */
  queryMs: 3_500,
};

export interface PgPoolOptions {
  max?: number;
  name?: string;
  /** Jobs and tools with long statements may allow more than the request path's limit. */
  statementTimeoutMs?: number;
}

export function createPgPool(connectionString: string, options: PgPoolOptions = {}): pg.Pool {
  const statementMs = options.statementTimeoutMs ?? PG_TIMEOUTS.statementMs;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.name,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    statement_timeout: statementMs,
    query_timeout: statementMs + (PG_TIMEOUTS.queryMs - PG_TIMEOUTS.statementMs),
    keepAlive: true,
    types,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** Runs `fn` in a transaction on one client; commits on success, rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The connection dropping between two statements is reported on the client, which the pool does not
  // listen to while it is lent out: unheard, the report would crash the process.
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    // A broken client is ended, keeping its listener for the reports of its end.
    if (!broken) client.off('error', onError);
    client.release(broken ? true : undefined);
  }
}

const PLATFORM_MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Brings a database to the latest schema: the kit's own tables (outbox, processed events) first,
 * then the service's. node-pg-migrate holds a Postgres advisory lock while it runs, so replicas
 * and Jobs starting together migrate once.
 */
export async function migrate(databaseUrl: string, serviceMigrationsDir: string | undefined, logger: Logger): Promise<void> {
  const common = {
    databaseUrl,
    direction: 'up' as const,
    checkOrder: true,
    // Replicas starting together wait for the one migrating instead of failing.
    advisoryLockMode: 'wait' as const,
    log: (msg: string) => logger.info({ migration: true }, msg),
  };
  await runner({ ...common, dir: PLATFORM_MIGRATIONS, migrationsTable: 'pgmigrations_platform' });
  if (serviceMigrationsDir) await runner({ ...common, dir: serviceMigrationsDir, migrationsTable: 'pgmigrations' });
}

/** Creates a database if it does not exist (for the local stack and tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${name}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by someone else
      });
    }
  } finally {
    await client.end();
  }
}

/** A database URL with its path replaced by another database name. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const pgCheck = (pool: Queryable) => () => pool.query('SELECT 1');
