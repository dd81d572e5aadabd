// Redis from its image (scripts/images.sh stores) through the test kit's containers: the pinned line, and what it is given kept.
import { Redis } from 'ioredis';
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { afterAll, beforeAll, expect, it } from 'vitest';

let redis: StoreContainer<{ url: string }>;
beforeAll(async () => {
  redis = await storeContainers.redis();
});
afterAll(() => redis?.stop());

it('runs the pinned Redis and keeps values', async () => {
  const client = new Redis(redis.address.url);
  try {
    const info = await client.info('server');
    expect(/redis_version:(\S+)/.exec(info)?.[1]).toMatch(new RegExp(`^${pinnedVersions().REDIS_VERSION!.replace('.', '\\.')}\\.`));
    await client.set('pair', 'Jordan 1');
    expect(await client.incr('views')).toBe(1);
    expect(await client.get('pair')).toBe('Jordan 1');
  } finally {
    client.disconnect();
  }
});
