import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openInfra, topicName, type Infra } from '@kicksight/platform';
import { deadUrl, readTopic, testKafka, waitFor } from '@kicksight/testkit';
import { marketFeedOf, salesOf } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { MarketFeed } from '../../src/feed/market-feed.ts';
import { MARKET_FEED_SOURCE } from '@kicksight/contracts/provenance';
import type { SaleDoc } from '../../src/store/models.ts';
import { call, catalogTopics, createCatalogDatabase, newUserId, seed, startCatalog, testTokens, type CatalogApp, type Tokens } from './catalog-app.ts';

let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let topics: Awaited<ReturnType<typeof catalogTopics>>;
let catalog: CatalogApp;
let tokens: Tokens;
const runners: { infra: Infra; close: () => Promise<void>; feed: MarketFeed }[] = [];

/** A feed runner as its own process would be: its own connections, the same store and lease. */
async function feedRunner(): Promise<(typeof runners)[number]> {
  const stack = inject('stack');
  const { infra, close } = await openInfra({ name: 'catalog-feed', logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', mongoUrl: db.url, redisUrl: stack.redis });
  // A quick market: rounds every 200 ms, a day of trading per round, a few sales each.
  const config = loadConfig({ SERVICE_TOKEN: 'x'.repeat(24), NODE_ENV: 'test', MARKET_FEED_INTERVAL_MS: '200', MARKET_FEED_SPEED: String(86_400_000 / 200), MARKET_FEED_MAX_SALES: '3' });
  const runner = { infra, close, feed: marketFeedOf(infra, config, salesOf(infra)) };
  runners.push(runner);
  return runner;
}

const feedSales = () => db.models.Sale.find({ source: MARKET_FEED_SOURCE }).lean<SaleDoc[]>();

beforeAll(async () => {
  tokens = await testTokens();
  [db, topics] = await Promise.all([createCatalogDatabase('feed'), catalogTopics('catalog_feed')]);
  await seed(db.models, { generate: 20 });
  catalog = await startCatalog({ mongoUrl: db.url, topicsPrefix: topics.prefix, tokens, billing: { url: await deadUrl(), serviceToken: 'x'.repeat(20) } });
});
afterAll(async () => {
  for (const runner of runners) {
    await runner.feed.stop();
    await runner.close();
  }
  await catalog?.close();
  await topics?.drop();
  await db?.drop();
});

describe('the live market feed', () => {
  it('runs in one runner at a time; the other takes over when the active one stops', async () => {
    const [a, b] = [await feedRunner(), await feedRunner()];
    a.feed.start();
    await waitFor(() => a.feed.isActive(), { timeoutMs: 10_000, message: 'the first runner active' });
    b.feed.start();
    await waitFor(() => a.feed.recorded() >= 3, { timeoutMs: 20_000, message: 'sales from the active runner' });
    expect(b.feed.isActive()).toBe(false);
    expect(b.feed.recorded()).toBe(0);

    await a.feed.stop();
    const stoppedAt = a.feed.recorded();
    await waitFor(() => b.feed.isActive(), { timeoutMs: 20_000, message: 'the second runner takes over' });
    await waitFor(() => b.feed.recorded() >= 3, { timeoutMs: 20_000, message: 'sales from the second runner' });
    expect(a.feed.recorded()).toBe(stoppedAt);
  });

  it("records sales around each product's market price that consumers receive as sale.recorded and price.changed", async () => {
    const sales = await waitFor(async () => {
      const found = await feedSales();
      return found.length >= 6 ? found : undefined;
    }, { timeoutMs: 20_000, message: 'feed sales in the store' });
    for (const sale of sales.slice(0, 6)) {
      const sneaker = (await db.models.Sneaker.findById(sale.sneakerId).lean())!;
      expect(sneaker.variants.some((v) => v.size === sale.size)).toBe(true);
      // Within the widest spread a product may have (12% a draw; 5 standard deviations).
      expect(sale.amount).toBeGreaterThan((sneaker.stats.lowestPrice ?? 0) * 0.4);
      expect(sale.amount).toBeLessThan((sneaker.stats.highestPrice ?? Infinity) * 2.5);
    }
    const ids = new Set(sales.slice(0, 6).map((s) => s._id));
    const messages = await waitFor(
      () =>
        readTopic(testKafka(inject('stack').kafkaBrokers), topicName(topics.prefix, 'catalog'), {
          until: (m) => [...ids].every((id) => m.some((x) => x.value.includes(id))),
        }).catch(() => undefined),
      { timeoutMs: 60_000, message: 'the feed sales on the catalog topic' },
    );
    const events = messages.map((m) => JSON.parse(m.value) as { type: string; data: { saleId?: string; sneakerId: string; seq?: number } });
    const recorded = events.filter((e) => e.type === 'sale.recorded' && ids.has(e.data.saleId!));
    expect(recorded).toHaveLength(ids.size);
    expect(events.some((e) => e.type === 'price.changed' && typeof e.data.seq === 'number')).toBe(true);
  });

  it('shows the replay source running in the market sources, with its last round, whichever process holds its lease', async () => {
    const admin = await tokens.token({ id: newUserId(), role: 'admin' });
    const replay = await waitFor(
      async () => {
        const answer = await call(catalog.url, 'GET', '/api/admin/market/sources', admin);
        const found = (answer.body.data.sources as { name: string; lastSyncAt: string | null }[]).find((s) => s.name === 'replay');
        return found?.lastSyncAt ? found : undefined;
      },
      { timeoutMs: 20_000, message: 'the replay source’s last round' },
    );
    expect(replay).toMatchObject({ active: true, status: 'running', errorRate: null, circuit: null });
    expect(Date.now() - Date.parse(replay.lastSyncAt!)).toBeLessThan(60_000);
  });
});
