import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleView } from '@kicksight/contracts';
import { createTokenCipher } from '@kicksight/stockx';
import { startStockxSandbox, type StockxSandbox } from '@kicksight/testkit';
import { startCollectionStack, type CollectionStack, type Member } from './collection-stack.ts';

// A member's own StockX account through the StockX sandbox run as its own process (faults enabled for this file).
const DATA_DIR = process.env.DATA_DIR ?? fileURLToPath(new URL('../../../../../shared/data', import.meta.url));
const CLIENT = { id: 'kicksight-member-app', secret: 'kicksight-member-secret', apiKey: 'kicksight-member-api-key' };
const TOKEN_KEY = randomBytes(32).toString('base64');
const REDIRECT_URL = 'http://127.0.0.1:5173/admin/sales/stockx/callback';

let sandbox: StockxSandbox;
let stack: CollectionStack;

beforeAll(async () => {
  sandbox = await startStockxSandbox({ app: CLIENT, dataDir: DATA_DIR, faults: true });
  stack = await startCollectionStack({
    ...sandbox.appEnv,
    STOCKX_TOKEN_KEY: TOKEN_KEY,
    STOCKX_MEMBER_REDIRECT_URL: REDIRECT_URL,
    STOCKX_TIMEOUT_MS: '3000',
    STOCKX_IMPORT_MAX_WAIT_MS: '3000',
  });
});
afterAll(async () => {
  await stack?.close();
  await sandbox?.stop();
});

const injectFault = (fault: { status: number; count: number; retryAfterSeconds?: number }) =>
  fetch(`${sandbox.url}/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });

/** StockX's consent page answered: the code and state it sends the member back with. */
async function consent(member: Member): Promise<{ code: string; state: string }> {
  const started = await stack.api.post('/api/sales/stockx/link', {}, member.token);
  expect(started.status).toBe(200);
  const back = new URL((await fetch(started.body.data.authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const callback = (member: Member, query: { code: string; state: string }) => stack.api.get(`/api/sales/stockx/callback?${new URLSearchParams(query)}`, member.token);

/** Links the member's StockX account as the Sales page does: link, StockX's consent page, the callback. */
async function link(member: Member): Promise<void> {
  const done = await callback(member, await consent(member));
  expect(done.status).toBe(200);
  expect(done.body.data).toMatchObject({ linked: true });
}

const importOrders = (member: Member) => stack.api.post('/api/sales/stockx/import', {}, member.token);
const saleCount = async (member: Member) => (await stack.pool.query("SELECT count(*)::int AS n FROM sale WHERE user_id = $1 AND source = 'stockx'", [member.id])).rows[0].n as number;

describe("a member's own StockX link", () => {
  it('is for Expert members: 403 PREMIUM_FEATURE for Pro and trial members', async () => {
    for (const plan of ['premium', 'trial'] as const) {
      const member = await stack.member({ plan });
      for (const [method, path] of [['post', '/api/sales/stockx/link'], ['post', '/api/sales/stockx/import'], ['get', '/api/sales/stockx/callback?code=c&state=s']] as const) {
        const answer = method === 'post' ? await stack.api.post(path, {}, member.token) : await stack.api.get(path, member.token);
        expect(answer.status, `${plan} ${path}`).toBe(403);
        expect(answer.body.code).toBe('PREMIUM_FEATURE');
      }
    }
  });

  it("sends the member to StockX with the documented audience and scopes, and keeps their tokens sealed in their own row", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    expect((await stack.api.get('/api/sales/stockx', member.token)).body.data).toEqual({ linked: false, linkedAt: null, lastImportAt: null });
    const started = await stack.api.post('/api/sales/stockx/link', {}, member.token);
    const url = new URL(started.body.data.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/accounts/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URL, audience: 'gateway.stockx.com', scope: 'offline_access openid' });

    await link(member);
    const { rows } = await stack.pool.query('SELECT * FROM stockx_link WHERE user_id = $1', [member.id]);
    const cipher = createTokenCipher(TOKEN_KEY);
    const accessToken = cipher.open('accessToken', rows[0].access_token);
    const refreshToken = cipher.open('refreshToken', rows[0].refresh_token);
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())).toMatchObject({ aud: 'gateway.stockx.com' });
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(accessToken);
    expect(stored).not.toContain(accessToken.split('.')[1]);
    expect(stored).not.toContain(refreshToken);
    expect((await stack.api.get('/api/sales/stockx', member.token)).body.data).toMatchObject({ linked: true, linkedAt: expect.any(String), lastImportAt: null });

    expect((await stack.api.delete('/api/sales/stockx', undefined, member.token)).body.data).toMatchObject({ linked: false });
    expect((await stack.pool.query('SELECT 1 FROM stockx_link WHERE user_id = $1', [member.id])).rowCount).toBe(0);
  });

  it("answers 404 to a member completing another member's link, which stays theirs to complete; a state is used once", async () => {
    const owner = await stack.member({ plan: 'unlimited' });
    const other = await stack.member({ plan: 'unlimited' });
    const query = await consent(owner);
    const stolen = await callback(other, query);
    expect(stolen.status).toBe(404);
    expect((await stack.api.get('/api/sales/stockx', other.token)).body.data.linked).toBe(false);
    expect((await callback(owner, query)).status).toBe(200);
    const again = await callback(owner, query);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('STOCKX_LINK_STATE_INVALID');
  });
});

describe("importing a member's StockX orders", () => {
  it('says to link first when the account is not linked', async () => {
    const member = await stack.member({ plan: 'unlimited' });
    const answer = await importOrders(member);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'STOCKX_NOT_LINKED', message: 'Link your StockX account first' });
  });

  it("adds each completed order as a sold pair to complete, with StockX's own fees where the order gives them; run twice, it adds nothing", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    await link(member);
    const first = await importOrders(member);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ matched: 0, added: 4, skipped: 0 });
    const sales = first.body.data.sales as SaleView[];
    for (const sale of sales) {
      expect(sale).toMatchObject({ platform: 'stockx', source: 'stockx', needsCostBasis: true, costBasis: null, realisedGain: null, purchaseDate: null, sku: expect.any(String) });
      expect(sale.netProceeds).toBe(sale.salePrice - sale.feesTotal);
    }
    // Two orders carry their payout (StockX's fees line by line), two do not (the schedule's fees at the member's level).
    const fromOrder = sales.filter((s) => s.feeSchedule === null);
    const fromSchedule = sales.filter((s) => s.feeSchedule !== null);
    expect(fromOrder).toHaveLength(2);
    for (const sale of fromOrder) expect(sale.fees.map((f) => f.kind)).toEqual(['transaction', 'payment_processing']);
    expect(fromSchedule).toHaveLength(2);
    for (const sale of fromSchedule) expect(sale.feesTotal).toBe(Math.round(sale.salePrice * 0.09) + Math.round(sale.salePrice * 0.03));
    expect(await saleCount(member)).toBe(4);
    expect((await stack.api.get('/api/sales/summary', member.token)).body.data.incomplete).toBeGreaterThan(0);

    const second = await importOrders(member);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ matched: 0, added: 0, skipped: 4, sales: [] });
    expect(await saleCount(member)).toBe(4);
    expect((await stack.api.get('/api/sales/stockx', member.token)).body.data.lastImportAt).toEqual(expect.any(String));
  });

  it('matches an order to the pair the member holds with its SKU and size: the pair is sold with its cost basis', async () => {
    // The sandbox account's orders, as another member's import shows them.
    const scout = await stack.member({ plan: 'unlimited' });
    await link(scout);
    const order = ((await importOrders(scout)).body.data.sales as SaleView[])[0]!;

    const member = await stack.member({ plan: 'unlimited' });
    const added = await stack.api.post('/api/collections', { name: 'My pair', brand: 'Nike', size: order.size, sku: order.sku!.toLowerCase(), purchasePrice: 10_000, purchaseDate: '2025-01-10' }, member.token);
    expect(added.status).toBe(201);
    const elseSize = await stack.api.post('/api/collections', { name: 'Other size', brand: 'Nike', size: order.size === 14 ? 13 : order.size + 0.5, sku: order.sku, purchasePrice: 10_000, purchaseDate: '2025-01-10' }, member.token);
    await link(member);
    const { body } = await importOrders(member);
    expect(body.data).toMatchObject({ matched: 1, added: 3, skipped: 0 });
    const sale = (body.data.sales as SaleView[]).find((s) => s.itemId === added.body.data.id)!;
    expect(sale).toMatchObject({ source: 'stockx', needsCostBasis: false, costBasis: 10_000, purchaseDate: '2025-01-10', salePrice: order.salePrice, realisedGain: order.netProceeds - 10_000 });
    const statuses = await stack.pool.query('SELECT id, status FROM item WHERE user_id = $1', [member.id]);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toMatchObject({ [added.body.data.id]: 'sold', [elseSize.body.data.id]: 'owned' });
    expect((await stack.api.get('/api/collections', member.token)).body.data.total).toBe(1);
  });

  it("waits out StockX's 429 with a short Retry-After, and answers 503 with StockX's Retry-After when it asks for longer", async () => {
    const member = await stack.member({ plan: 'unlimited' });
    await link(member);
    await injectFault({ status: 429, count: 1, retryAfterSeconds: 1 });
    const started = Date.now();
    const waited = await importOrders(member);
    expect(waited.status).toBe(200);
    expect(waited.body.data.added).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);

    await injectFault({ status: 429, count: 1, retryAfterSeconds: 60 });
    const busy = await stack.send('POST', '/api/sales/stockx/import', member.token, '{}', { 'content-type': 'application/json' });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('60');
    expect(await saleCount(member)).toBe(4);
  });
});
