import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/domain/csv.ts';
import { dollarsToCents } from '../../src/domain/money.ts';
import { createServiceClient } from '@kicksight/platform';
import { SERVICE_TOKEN, applyPrices, outboxEvents, sneakerId, startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

let stack: CollectionStack;
beforeAll(async () => {
  stack = await startCollectionStack();
});
afterAll(() => stack?.close());

/** A pair bought at $200 with $15 shipping, on the given day. */
async function boughtPair(member: Member, extra: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await stack.api.post('/api/collections', { name: 'Dunk Low Panda', brand: 'Nike', size: 10, sku: 'DD1391-100', purchasePrice: 20_000, purchaseShipping: 1_500, purchaseDate: '2026-01-10', ...extra }, member.token);
  expect(status).toBe(201);
  return body.data.id as string;
}

const sell = (member: Member, itemId: string, sale: Record<string, unknown>) => stack.api.post(`/api/collections/${itemId}/sale`, sale, member.token);
const saleCount = async (member: Member) => (await stack.pool.query('SELECT count(*)::int AS n FROM sale WHERE user_id = $1', [member.id])).rows[0].n as number;
const statusOf = async (itemId: string) => (await stack.pool.query('SELECT status FROM item WHERE id = $1', [itemId])).rows[0].status as string;

describe('recording a sale', () => {
  it('sells on eBay at $300 with $24 of fees entered: net proceeds 27,600 and a gain of 6,100 over the $215 cost basis', async () => {
    const member = await stack.member({ plan: 'premium' });
    const itemId = await boughtPair(member);
    const { status, body } = await sell(member, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000, fees: 2_400 });
    expect(status).toBe(201);
    expect(body.data.sale).toMatchObject({
      itemId,
      platform: 'ebay',
      salePrice: 30_000,
      fees: [{ kind: 'entered', amount: 2_400 }],
      feesTotal: 2_400,
      feeSchedule: null,
      netProceeds: 27_600,
      costBasis: 21_500,
      realisedGain: 6_100,
      returnOnCost: 28.37,
      daysHeld: 50,
      term: 'short',
      needsCostBasis: false,
    });
    expect(body.data.item).toMatchObject({ id: itemId, status: 'sold', costBasis: 21_500, sale: { netProceeds: 27_600, realisedGain: 6_100 } });
    // The pair leaves the collection (and its count) and is in the sales.
    expect((await stack.api.get('/api/collections', member.token)).body.data.total).toBe(0);
    expect((await stack.pool.query('SELECT item_count FROM collector WHERE user_id = $1', [member.id])).rows[0].item_count).toBe(0);
    expect((await stack.api.get('/api/sales', member.token)).body.data).toMatchObject({ total: 1, sales: [{ itemId, netProceeds: 27_600 }] });
    const sold = (await outboxEvents(stack.pool, 'collection.item_sold@2')).filter((e) => e.key === member.id);
    expect(sold.map((e) => e.data)).toEqual([expect.objectContaining({ itemId, platform: 'ebay', soldAt: '2026-03-01', salePrice: 30_000, netProceeds: 27_600, realisedGain: 6_100, itemCount: 0 })]);
  });

  it("sells the same pair on StockX at seller level 1: StockX's 9 % and 3 % computed, line by line", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    const itemId = await boughtPair(member);
    const { status, body } = await sell(member, itemId, { soldAt: '2026-03-01', platform: 'stockx', salePrice: 30_000 });
    expect(status).toBe(201);
    expect(body.data.sale).toMatchObject({
      fees: [
        { kind: 'transaction', amount: 2_700 },
        { kind: 'payment_processing', amount: 900 },
      ],
      feesTotal: 3_600,
      feeSchedule: { version: 'stockx-2023-07-01', sourceUrl: 'https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers' },
      netProceeds: 26_400,
      realisedGain: 4_900,
    });
  });

  it("uses the member's StockX seller level, and counts the seller's own shipping and other fees", async () => {
    const member = await stack.member({ plan: 'premium' });
    expect((await stack.api.put('/api/sales/settings', { stockxSellerLevel: 3 }, member.token)).body.data).toMatchObject({ stockxSellerLevel: 3 });
    const itemId = await boughtPair(member);
    const { body } = await sell(member, itemId, { soldAt: '2026-03-01', platform: 'stockx', salePrice: 30_000, shippingCost: 1_000, otherFees: 200 });
    expect(body.data.sale).toMatchObject({ feesTotal: 2_400 + 900, netProceeds: 30_000 - 3_300 - 1_200, realisedGain: 30_000 - 3_300 - 1_200 - 21_500 });
  });

  it('refuses bad sales with 400 and a clear message, changing nothing', async () => {
    const member = await stack.member({ plan: 'premium' });
    const itemId = await boughtPair(member);
    const good = { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000 };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...good, soldAt: '2026-01-09' }, 'The sale date is before the purchase date'],
      [{ ...good, salePrice: -100 }, 'Invalid sale price'],
      [{ ...good, salePrice: 'abc' }, 'Invalid sale price'],
      [{ ...good, platform: 'craigslist' }, 'Unknown platform'],
      [{ ...good, soldAt: '1999-12-31' }, 'Invalid sale date: the ledger keeps sales from 2000 on'],
      [{ ...good, fees: 30_001 }, 'The fees are larger than the sale price'],
      [{ ...good, fees: 20_000, shippingCost: 10_001 }, 'The fees are larger than the sale price'],
      [{ ...good, salePrice: 400, platform: 'stockx' }, 'The fees are larger than the sale price'],
    ];
    for (const [sale, message] of refusals) {
      const answer = await sell(member, itemId, sale);
      expect(answer.status, JSON.stringify(sale)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await saleCount(member)).toBe(0);
    expect(await statusOf(itemId)).toBe('owned');

    expect((await sell(member, itemId, good)).status).toBe(201);
    const twice = await sell(member, itemId, good);
    expect(twice).toMatchObject({ status: 400, body: { code: 'ALREADY_SOLD', message: 'This pair is already sold' } });
    expect(await saleCount(member)).toBe(1);
  });

  it('undoes a sale: the pair is owned again, counted and in the collection, with sale_undone in the outbox', async () => {
    const member = await stack.member({ plan: 'premium' });
    const itemId = await boughtPair(member);
    await sell(member, itemId, { soldAt: '2026-03-01', platform: 'goat', salePrice: 30_000 });
    const undone = await stack.api.delete(`/api/collections/${itemId}/sale`, undefined, member.token);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ id: itemId, status: 'owned', sale: null });
    expect(await saleCount(member)).toBe(0);
    expect((await stack.api.get('/api/collections', member.token)).body.data.items.map((i: { id: string }) => i.id)).toEqual([itemId]);
    expect((await stack.pool.query('SELECT item_count FROM collector WHERE user_id = $1', [member.id])).rows[0].item_count).toBe(1);
    expect((await outboxEvents(stack.pool, 'collection.sale_undone@2')).filter((e) => e.key === member.id).map((e) => [e.data.itemId, e.data.itemCount])).toEqual([[itemId, 1]]);
    expect(await stack.api.delete(`/api/collections/${itemId}/sale`, undefined, member.token)).toMatchObject({ status: 400, body: { code: 'NOT_SOLD' } });
    // Sold again after the undo.
    expect((await sell(member, itemId, { soldAt: '2026-04-01', platform: 'goat', salePrice: 31_000 })).status).toBe(201);
  });

  it('refuses to undo a sale into a full collection with 403 COLLECTION_LIMIT, the sale kept', async () => {
    const member = await stack.member({ plan: 'premium' });
    const itemId = await boughtPair(member);
    await sell(member, itemId, { soldAt: '2026-03-01', platform: 'goat', salePrice: 30_000 });
    // Premium holds 20: the sold pair's place is taken.
    const twenty = Array.from({ length: 20 }, (_, i) => ({ name: `Pair ${i + 1}`, brand: 'Nike', purchasePrice: 10_000 }));
    expect((await stack.api.post('/api/collections/items', { items: twenty }, member.token)).status).toBe(201);
    const undone = await stack.api.delete(`/api/collections/${itemId}/sale`, undefined, member.token);
    expect(undone).toMatchObject({ status: 403, body: { code: 'COLLECTION_LIMIT', message: 'You have reached your collection limit of 20 items. Upgrade your plan to add more.' } });
    expect(await saleCount(member)).toBe(1);
    expect(await statusOf(itemId)).toBe('sold');
    expect((await stack.api.get('/api/collections', member.token)).body.data.total).toBe(20);
    // With a place free again, the undo goes through.
    const first = (await stack.api.get('/api/collections', member.token)).body.data.items.find((item: { id: string }) => item.id !== itemId);
    expect((await stack.api.delete(`/api/collections/${first.id as string}`, undefined, member.token)).status).toBe(200);
    expect((await stack.api.delete(`/api/collections/${itemId}/sale`, undefined, member.token)).status).toBe(200);
    expect((await stack.api.get('/api/collections', member.token)).body.data.total).toBe(20);
  });

  it('keeps a sold pair and its sale: removing it is refused with 400 ALREADY_SOLD, and its purchase date cannot move past its sale day', async () => {
    const member = await stack.member({ plan: 'unlimited' });
    const itemId = await boughtPair(member);
    await sell(member, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000, fees: 2_400 });
    const removed = await stack.api.delete(`/api/collections/${itemId}`, undefined, member.token);
    expect(removed).toMatchObject({ status: 400, body: { code: 'ALREADY_SOLD', message: 'This pair is sold and its sale is in your sales: undo the sale to remove it' } });
    expect((await stack.api.get('/api/sales', member.token)).body.data).toMatchObject({ total: 1, sales: [{ itemId, netProceeds: 27_600 }] });

    const late = await stack.api.put(`/api/collections/${itemId}`, { purchaseDate: '2026-03-02' }, member.token);
    expect(late).toMatchObject({ status: 400, body: { message: 'The sale date is before the purchase date' } });
    expect((await stack.api.put(`/api/collections/${itemId}`, { purchaseDate: '2026-03-01' }, member.token)).status).toBe(200);
    expect((await stack.api.get('/api/sales', member.token)).body.data.sales[0]).toMatchObject({ itemId, daysHeld: 0 });
  });

  it("gives 404 for another member's pair and sale, and never shows another member's sales", async () => {
    const owner = await stack.member({ plan: 'premium' });
    const other = await stack.member({ plan: 'unlimited' });
    const itemId = await boughtPair(owner);
    expect((await sell(other, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000 })).status).toBe(404);
    expect((await sell(owner, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000 })).status).toBe(201);
    expect((await stack.api.delete(`/api/collections/${itemId}/sale`, undefined, other.token)).status).toBe(404);
    expect((await stack.api.get(`/api/collections/${itemId}`, other.token)).status).toBe(404);
    expect((await stack.api.get('/api/sales', other.token)).body.data.total).toBe(0);
    expect((await stack.api.get('/api/sales/summary?year=2026', other.token)).body.data.sales).toBe(0);
    expect(await statusOf(itemId)).toBe('sold');
  });

  it('refuses a trial member with 403 PREMIUM_FEATURE, and the export and StockX import below Expert', async () => {
    const trial = await stack.member({ plan: 'trial' });
    const itemId = await boughtPair(trial);
    for (const answer of [
      await sell(trial, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 30_000 }),
      await stack.api.get('/api/sales', trial.token),
      await stack.api.get('/api/sales/summary', trial.token),
      await stack.api.get('/api/collections?valuation=net&platform=stockx', trial.token),
      await stack.api.get('/api/collections/stats?platform=goat', trial.token),
      await stack.api.post('/api/sales/import', { csv: 'name,brand,size,soldAt,platform,salePriceUsd\nA,B,10,2026-01-01,ebay,100' }, trial.token),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: 'PREMIUM_FEATURE' } });
    }
    expect(await statusOf(itemId)).toBe('owned');
    const premium = await stack.member({ plan: 'premium' });
    expect(await stack.api.get('/api/sales/export.csv?year=2026', premium.token)).toMatchObject({ status: 403, body: { code: 'PREMIUM_FEATURE' } });
  });
});

describe('net value of what is still owned', () => {
  it('values each owned pair at its size’s highest bid, else its market price, less the platform’s fees, with gross and net side by side in the stats', async () => {
    const member = await stack.member({ plan: 'premium' });
    const sneaker = stack.catalog.add({ id: sneakerId(), name: 'Air Jordan 1', brand: 'Jordan', colorway: 'Chicago', retailPrice: 17_000, sizes: { '10': 25_000, '11': 30_000 } });
    await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 10, purchasePrice: 20_000, purchaseTax: 1_000, purchaseDate: '2026-01-10' }, member.token);
    await stack.api.post('/api/collections', { sneakerId: sneaker.id, size: 11, purchasePrice: 20_000, purchaseDate: '2026-01-10' }, member.token);
    // StockX reads size 11: someone bids $280 for it.
    await applyPrices(stack, { sneakerId: sneaker.id, size: 11, price: 30_000, seq: 2, source: 'stockx-api', asOf: new Date().toISOString(), highestBid: 28_000, lowestAsk: 32_000 });

    const stockx = await stack.api.get('/api/collections?valuation=net&platform=stockx&sortBy=value-high', member.token);
    expect(stockx.status).toBe(200);
    expect(stockx.body.data.items.map((item: { netValue: unknown }) => item.netValue)).toEqual([
      { platform: 'stockx', basis: 'bid', grossPrice: 28_000, fees: 2_520 + 840, value: 24_640, gainLoss: 4_640 },
      { platform: 'stockx', basis: 'market', grossPrice: 25_000, fees: 2_250 + 750, value: 22_000, gainLoss: 1_000 },
    ]);
    expect(stockx.body.data.stats).toMatchObject({ totalValue: 53_000, net: { platform: 'stockx', totalValue: 46_640, totalGainLoss: 46_640 - 41_000 } });

    const ebay = await stack.api.get('/api/collections?valuation=net&platform=ebay&sortBy=value-high', member.token);
    expect(ebay.body.data.items[0].netValue).toMatchObject({ platform: 'ebay', basis: 'bid', fees: 2_240, value: 25_760 });
    expect((await stack.api.get('/api/collections/stats?platform=ebay', member.token)).body.data.net).toMatchObject({ totalValue: 25_760 + 23_000 });
    expect((await stack.api.get('/api/collections', member.token)).body.data.items[0].netValue).toBeNull();
    expect((await stack.api.get('/api/collections?valuation=net&platform=craigslist', member.token)).status).toBe(400);
  });
});

/** The sales of a member in 2025 on three platforms, one of them in 2026. */
async function yearOfSales(member: Member): Promise<void> {
  const sales = [
    { bought: '2024-01-05', soldAt: '2025-02-10', platform: 'stockx', salePrice: 30_000 },
    { bought: '2025-01-05', soldAt: '2025-02-20', platform: 'ebay', salePrice: 18_000, fees: 1_500 },
    { bought: '2025-03-01', soldAt: '2025-07-04', platform: 'goat', salePrice: 25_000, shippingCost: 1_200 },
    { bought: '2025-03-01', soldAt: '2026-01-04', platform: 'goat', salePrice: 25_000 },
  ];
  for (const { bought, ...sale } of sales) {
    const itemId = await boughtPair(member, { purchaseDate: bought, name: `Pair, "sold" ${sale.soldAt}` });
    expect((await sell(member, itemId, sale)).status).toBe(201);
  }
  await boughtPair(member, { purchaseDate: '2025-06-01' });
}

const column = (rows: string[][], header: string[], name: string) => rows.map((row) => row[header.indexOf(name)]!);
const sumDollars = (cells: string[]) => cells.reduce((sum, cell) => sum + (cell.startsWith('-') ? -dollarsToCents(cell.slice(1))! : dollarsToCents(cell)!), 0);

describe("the year's figures", () => {
  it('sums revenue, fees, net, cost and gain, with days held, sell-through, months and platforms', async () => {
    const member = await stack.member({ plan: 'unlimited' });
    await yearOfSales(member);
    const { status, body } = await stack.api.get('/api/sales/summary?year=2025', member.token);
    expect(status).toBe(200);
    const summary = body.data;
    const fees = 3_600 + 1_500 + (2_375 + 500 + 642 + 1_200);
    expect(summary).toMatchObject({ year: 2025, sales: 3, revenue: 73_000, fees, netProceeds: 73_000 - fees, cost: 3 * 21_500, realisedGain: 73_000 - fees - 64_500, sellThrough: 75, incomplete: 0 });
    expect(summary.averageDaysHeld).toBe(Math.round(((402 + 46 + 125) / 3) * 10) / 10);
    expect(summary.byMonth).toHaveLength(12);
    expect(summary.byMonth[1]).toMatchObject({ month: '2025-02', sales: 2 });
    expect(summary.byMonth[1].byPlatform).toEqual(expect.arrayContaining([{ platform: 'stockx', realisedGain: 30_000 - 3_600 - 21_500 }]));
    expect(summary.byPlatform.find((p: { platform: string }) => p.platform === 'goat')).toMatchObject({ sales: 1, revenue: 25_000 });
    expect((await stack.api.get('/api/sales?year=2025&platform=goat', member.token)).body.data.total).toBe(1);
    expect((await stack.api.get('/api/sales?brand=NIKE&limit=2&page=2', member.token)).body.data).toMatchObject({ total: 4, page: 2, sales: [{}, {}] });
  });

  it("exports the tax year as CSV whose columns sum to the summary, short and long term marked; an empty year is the header only", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    await yearOfSales(member);
    const summary = (await stack.api.get('/api/sales/summary?year=2025', member.token)).body.data;
    const answer = await stack.send('GET', '/api/sales/export.csv?year=2025', member.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = parseCsv(await answer.text()).map((record) => record.fields);
    expect(header).toEqual(['description', 'dateAcquired', 'dateSold', 'proceedsUsd', 'costBasisUsd', 'feesUsd', 'gainUsd', 'term', 'platform']);
    expect(rows).toHaveLength(3);
    expect(sumDollars(column(rows, header!, 'proceedsUsd'))).toBe(summary.revenue);
    expect(sumDollars(column(rows, header!, 'feesUsd'))).toBe(summary.fees);
    expect(sumDollars(column(rows, header!, 'costBasisUsd'))).toBe(summary.cost);
    expect(sumDollars(column(rows, header!, 'gainUsd'))).toBe(summary.realisedGain);
    expect(column(rows, header!, 'term')).toEqual(['long', 'short', 'short']);
    expect(rows[0]![0]).toBe('Pair, "sold" 2025-02-10 — size 10 — SKU DD1391-100');

    // The export follows every change of the sales: an undone sale leaves it at once.
    const firstSold = (await stack.api.get('/api/sales?year=2025&platform=stockx', member.token)).body.data.sales[0];
    await stack.api.delete(`/api/collections/${firstSold.itemId as string}/sale`, undefined, member.token);
    const after = parseCsv(await (await stack.send('GET', '/api/sales/export.csv?year=2025', member.token)).text());
    expect(after).toHaveLength(3);

    const empty = await stack.send('GET', '/api/sales/export.csv?year=2019', member.token);
    expect((await empty.text()).trim()).toBe(header!.join(','));
    expect((await stack.api.get('/api/sales/summary?year=1999', member.token)).status).toBe(400);
  });
});

describe('importing past sales', () => {
  const header = 'name,brand,size,sku,purchasePriceUsd,purchaseDate,soldAt,platform,salePriceUsd,feesUsd';

  it('imports nothing when one line is bad, naming every bad line', async () => {
    const member = await stack.member({ plan: 'premium' });
    const csv = [header, 'Dunk,Nike,10,DD1,100.00,2025-01-01,2025-02-01,ebay,150.00,12.00', 'Dunk,Nike,10,,100.00,2025-03-01,2025-02-01,ebay,150.00,', 'Dunk,Nike,10,,abc,2025-01-01,2025-02-01,myspace,150.00,'].join('\n');
    const answer = await stack.api.post('/api/sales/import', { csv }, member.token);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_IMPORT');
    expect(answer.body.errors).toEqual([
      { line: 3, reason: 'The sale date is before the purchase date' },
      { line: 4, reason: 'Invalid purchasePriceUsd: enter an amount in dollars' },
    ]);
    // A cost without its date is named as such, not taken for a purchase made today.
    const undated = await stack.api.post('/api/sales/import', { csv: [header, 'Dunk,Nike,10,,120.00,,2026-03-01,other,200.00,0'].join('\n') }, member.token);
    expect(undated.body.errors).toEqual([{ line: 2, reason: 'Missing required fields: purchaseDate (a purchase price needs the date it was paid)' }]);
    expect(await saleCount(member)).toBe(0);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM item WHERE user_id = $1', [member.id])).rows[0].n).toBe(0);
  });

  it('imports every line as a sold pair, fees computed where none are given, a pair without purchase flagged to complete', async () => {
    const member = await stack.member({ plan: 'premium' });
    const csv = [header, 'Dunk,Nike,10,DD1,100.00,2025-01-01,2025-02-01,ebay,150.00,12.00', 'Samba,adidas,9,,,,2025-03-01,stockx,120.00,'].join('\r\n');
    const answer = await stack.send('POST', '/api/sales/import', member.token, csv, { 'content-type': 'text/csv' });
    expect(answer.status).toBe(201);
    const { data } = (await answer.json()) as { data: { imported: number; sales: Record<string, unknown>[] } };
    expect(data.imported).toBe(2);
    expect(data.sales[0]).toMatchObject({ source: 'csv', netProceeds: 13_800, realisedGain: 3_800, needsCostBasis: false });
    expect(data.sales[1]).toMatchObject({ feesTotal: 1_080 + 360, costBasis: null, realisedGain: null, needsCostBasis: true, purchaseDate: null });
    expect((await stack.api.get('/api/collections', member.token)).body.data.total).toBe(0);
    // Completing the flagged pair's purchase gives its gain.
    await stack.api.put(`/api/collections/${data.sales[1]!.itemId as string}`, { purchasePrice: 9_000, purchaseDate: '2025-01-15' }, member.token);
    const completed = (await stack.api.get('/api/sales?platform=stockx', member.token)).body.data.sales[0];
    expect(completed).toMatchObject({ needsCostBasis: false, costBasis: 9_000, realisedGain: 12_000 - 1_440 - 9_000 });
  });
});

describe("members' months of sales (the monthly reselling email)", () => {
  it('gives each member with sales in the month their figures, leaving out members without sales then and those who turned the email off', async () => {
    const [seller, optedOut, otherMonth] = [await stack.member({ plan: 'premium' }), await stack.member({ plan: 'premium' }), await stack.member({ plan: 'premium' })];
    const pair = (member: Member) => boughtPair(member, { purchaseDate: '2025-02-01' });
    expect((await sell(seller, await pair(seller), { soldAt: '2025-07-03', platform: 'ebay', salePrice: 30_000, fees: 2_400 })).status).toBe(201);
    expect((await sell(seller, await pair(seller), { soldAt: '2025-07-30', platform: 'other', salePrice: 25_000, shippingCost: 1_000 })).status).toBe(201);
    expect((await sell(optedOut, await pair(optedOut), { soldAt: '2025-07-10', platform: 'other', salePrice: 25_000 })).status).toBe(201);
    expect((await stack.api.put('/api/sales/settings', { monthlyReport: false }, optedOut.token)).body.data.monthlyReport).toBe(false);
    expect((await sell(otherMonth, await pair(otherMonth), { soldAt: '2025-08-01', platform: 'other', salePrice: 25_000 })).status).toBe(201);

    const internal = createServiceClient({ service: 'collection', baseUrl: stack.service.internalUrl!, serviceToken: SERVICE_TOKEN });
    const page = await internal.get<{ month: string; members: { userId: string }[] }>('/internal/sales/monthly?month=2025-07');
    const ours = page.members.filter((m) => [seller.id, optedOut.id, otherMonth.id].includes(m.userId));
    // $300 − $24 and $250 − $10: net 51,600 over a cost basis of 2 × 21,500.
    expect(ours).toEqual([{ userId: seller.id, sales: 2, revenue: 55_000, netProceeds: 51_600, realisedGain: 51_600 - 43_000, incomplete: 0 }]);
    expect((await fetch(`${stack.service.internalUrl}/internal/sales/monthly?month=2025-07`)).status).toBe(401);
    const bad = await fetch(`${stack.service.internalUrl}/internal/sales/monthly?month=July`, { headers: { 'x-service-token': SERVICE_TOKEN } });
    expect(bad.status).toBe(400);
  });
});

describe("eBay's fee on what the buyer pays", () => {
  it('charges the final value fee on the price and the shipping the buyer paid, and counts that shipping in the proceeds', async () => {
    const member = await stack.member({ plan: 'premium' });
    const itemId = await boughtPair(member);
    const { status, body } = await sell(member, itemId, { soldAt: '2026-03-01', platform: 'ebay', salePrice: 20_000, buyerShipping: 1_500, shippingCost: 1_200 });
    expect(status).toBe(201);
    // 8 % of $215; the buyer's $15 comes in, the $12 label goes out.
    expect(body.data.sale).toMatchObject({ salePrice: 20_000, buyerShipping: 1_500, fees: [{ kind: 'final_value', amount: 1_720 }], netProceeds: 20_000 + 1_500 - 1_720 - 1_200 });
    const summary = (await stack.api.get('/api/sales/summary?year=2026', member.token)).body.data;
    expect(summary).toMatchObject({ revenue: 21_500, fees: 1_720 + 1_200, netProceeds: 20_000 + 1_500 - 1_720 - 1_200 });
  });
});
