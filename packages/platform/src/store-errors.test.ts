import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { ErrorCode } from '@kicksight/contracts';
import { toErrorResponse, UNAVAILABLE_MESSAGE } from './errors.ts';
import { createPgPool } from './postgres.ts';
import { createRedis, REDIS_FAIL_FAST } from './redis.ts';
import { MONGO_FAIL_FAST } from './mongo.ts';
import { isStoreUnavailable } from './store-errors.ts';

/** A port nothing listens on: every client connecting to it is refused, as when its store is away. */
let closedPort: number;
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
};

/** The call fails within `ms` and its error is answered 503 SERVICE_UNAVAILABLE naming nothing of the store. */
async function expectUnavailableWithin(ms: number, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  const err = await failureOf(run);
  expect(performance.now() - started).toBeLessThan(ms);
  expect(isStoreUnavailable(err)).toBe(true);
  expect(toErrorResponse(err)).toEqual({ status: 503, body: { code: ErrorCode.SERVICE_UNAVAILABLE, message: UNAVAILABLE_MESSAGE } });
}

describe('a store that is away is answered 503, never 500, within a second', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
  });

  it('PostgreSQL: a query on a pool that cannot connect', async () => {
    const pool = createPgPool(`postgres://kicksight:secret@127.0.0.1:${closedPort}/kicksight`);
    closers.push(() => pool.end());
    await expectUnavailableWithin(1_000, () => pool.query('SELECT 1'));
  });

  it('Redis: a command while the client is not connected fails at once instead of queueing', async () => {
    const redis = createRedis(`redis://127.0.0.1:${closedPort}`);
    closers.push(async () => redis.disconnect());
    expect(REDIS_FAIL_FAST.enableOfflineQueue).toBe(false);
    await expectUnavailableWithin(1_000, () => redis.get('anything'));
  });

  it('MongoDB: an operation finds no server within the selection time-out', async () => {
    const connection = mongoose.createConnection(`mongodb://127.0.0.1:${closedPort}/kicksight`, MONGO_FAIL_FAST);
    closers.push(() => connection.close());
    await expectUnavailableWithin(1_000, () => connection.asPromise());
  });

  it('errors wrapped by the code that met them keep their answer', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorResponse(new Error('could not save the item', { cause: refused })).status).toBe(503);
    expect(toErrorResponse(new AggregateError([refused], 'all attempts failed')).status).toBe(503);
  });

  it('PostgreSQL refusing for its own reasons (a cancelled statement, a shutdown) is 503; a broken query stays 500', () => {
    expect(toErrorResponse(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })).status).toBe(503);
    expect(toErrorResponse(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })).status).toBe(503);
    expect(toErrorResponse(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })).status).toBe(500);
    expect(toErrorResponse(Object.assign(new Error('duplicate key'), { code: '23505' })).status).toBe(500);
  });
});
