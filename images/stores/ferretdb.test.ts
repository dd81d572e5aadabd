// FerretDB from its image (scripts/images.sh stores) through the test kit's containers: the pinned build on SQLite
// speaking the MongoDB wire protocol, documents kept and found.
import { MongoClient } from 'mongodb';
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { afterAll, beforeAll, expect, it } from 'vitest';

let ferretdb: StoreContainer<{ url: string }>;
beforeAll(async () => {
  ferretdb = await storeContainers.ferretdb();
});
afterAll(() => ferretdb?.stop());

it('runs the pinned FerretDB and finds what it keeps', async () => {
  const client = await MongoClient.connect(ferretdb.address.url, { serverSelectionTimeoutMS: 5_000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    expect(info.ferretdbVersion).toBe(pinnedVersions().FERRETDB_VERSION);
    const pairs = client.db('catalog').collection<{ _id: string; name: string }>('sneakers');
    await pairs.insertMany([
      { _id: 'a', name: 'Jordan 1' },
      { _id: 'b', name: 'Dunk Low' },
    ]);
    expect(await pairs.findOne({ _id: 'b' })).toEqual({ _id: 'b', name: 'Dunk Low' });
  } finally {
    await client.close();
  }
});
