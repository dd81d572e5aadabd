// Toxiproxy from its image (scripts/images.sh stores) through the test kit's containers: the pinned version, and a
// proxy it makes carrying traffic on the host's network.
import { freePort } from '@kicksight/testkit';
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { afterAll, beforeAll, expect, it } from 'vitest';

let toxiproxy: StoreContainer<{ url: string }>;
beforeAll(async () => {
  toxiproxy = await storeContainers.toxiproxy();
});
afterAll(() => toxiproxy?.stop());

it('runs the pinned Toxiproxy and proxies a connection', async () => {
  const version = await (await fetch(`${toxiproxy.address.url}/version`)).text();
  expect(version).toContain(pinnedVersions().TOXIPROXY_VERSION!.replace(/^v/, ''));
  // A proxy in front of Toxiproxy's own API: the same answer comes through it.
  const upstream = new URL(toxiproxy.address.url).host;
  const listen = `127.0.0.1:${await freePort()}`;
  const created = await fetch(`${toxiproxy.address.url}/proxies`, { method: 'POST', body: JSON.stringify({ name: 'api', listen, upstream }) });
  expect(created.status).toBe(201);
  expect(await (await fetch(`http://${listen}/version`)).text()).toBe(version);
});
