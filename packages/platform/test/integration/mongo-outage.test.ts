import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Connection } from 'mongoose';
import { proxyInFront, uniqueName, type Proxy } from '@kicksight/testkit';
import { connectMongo, mongoCheck } from '../../src/index.ts';

const stack = inject('stack');
const CUTS = 5;
const CUT_MS = 1_500;
/** The driver asks again at once when an operation finds the server unknown; a second is ample on a busy machine. */
const SEEN_AGAIN_WITHIN_MS = 3_000;
/** Documents big enough that writes outrun the socket's buffer, as the catalogue's do under load. */
const DOCUMENT = 'x'.repeat(200_000);
const WRITERS = 8;

let proxy: Proxy;
let connection: Connection;

beforeAll(async () => {
  const front = await proxyInFront(stack.toxiproxy, 'mongo-outage', `${stack.mongo}/${uniqueName('mongo_outage')}`);
  proxy = front.proxy;
  connection = await connectMongo(front.url);
});
afterAll(async () => {
  await proxy?.enable();
  await connection?.db?.dropDatabase().catch(() => {});
  await connection?.close();
  await proxy?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long after `since` the client first answered a ping, or Infinity if not within the time given. */
async function msUntilPinged(check: () => Promise<unknown>, since: number, withinMs: number): Promise<number> {
  while (Date.now() - since < withinMs) {
    if (await check().then(() => true, () => false)) return Date.now() - since;
    await sleep(100);
  }
  return Infinity;
}

describe('MongoDB cut again and again under a write load', () => {
  it('the client sees the server again within seconds of each return, however the cut met its connections', async () => {
    const check = mongoCheck(connection);
    let loading = true;
    let written = 0;
    const writer = async (writerId: number) => {
      while (loading) {
        const documents = connection.db!.collection('documents');
        await documents.insertOne({ writerId, body: DOCUMENT }).then(() => written++, () => sleep(20));
        await documents.find({ writerId }, { projection: { body: 0 } }).limit(3).toArray().catch(() => sleep(20));
      }
    };
    // A readiness probe asks throughout, as the orchestrator's does: each failed ask has the driver check the server.
    const prober = async () => {
      while (loading) await Promise.all([check().catch(() => {}), sleep(250)]);
    };
    const load = [...Array.from({ length: WRITERS }, (_, i) => writer(i)), prober()];
    const seenAgainMs: number[] = [];
    try {
      for (let cut = 0; cut < CUTS; cut++) {
        await sleep(800);
        await proxy.disable();
        await sleep(CUT_MS);
        await proxy.enable();
        seenAgainMs.push(await msUntilPinged(check, Date.now(), SEEN_AGAIN_WITHIN_MS));
      }
    } finally {
      loading = false;
      await Promise.race([Promise.all(load), sleep(5_000)]);
    }
    expect(written, 'documents written under the cuts').toBeGreaterThan(0);
    expect(seenAgainMs.filter((ms) => !Number.isFinite(ms)), `ms to a ping after each return: ${seenAgainMs.join(', ')}`).toEqual([]);
  });
});
