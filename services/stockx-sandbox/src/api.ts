import { Router, type NextFunction, type Request, type Response } from 'express';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { STOCKX_AUDIENCE, type Accounts } from './accounts.ts';
import type { createFaults } from './faults.ts';
import { marketDataOf } from './market.ts';
import { ordersOf } from './orders.ts';
import { search, variantsOf, type Catalogue } from './products.ts';

/** StockX's error body (PublicApiError). */
const fail = (res: Response, statusCode: number, message: string) => res.status(statusCode).json({ statusCode, message });

const PAGE_SIZE_MAX = 50;
const ORDERS_PAGE_SIZE_MAX = 100;

/**
 * The documented calls of StockX's API v2 that Kicksight uses, under `/v2`: catalog search, a product,
 * its variants, a variant's market data, and the seller's order history. Every call needs the API key in
 * `x-api-key` and an access token for `gateway.stockx.com` from the accounts domain; the token's subject
 * is the seller whose orders are answered.
 */
export function apiRouter({ catalogue, accounts, apiKey, faults, now = () => new Date() }: { catalogue: Catalogue; accounts: Accounts; apiKey: string; faults: ReturnType<typeof createFaults> | null; now?: () => Date }): Router {
  const router = Router();

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const fault = faults?.next();
    if (fault) {
      if (fault.status === 429 && fault.retryAfterSeconds !== undefined) res.set('Retry-After', String(fault.retryAfterSeconds));
      return fail(res, fault.status, fault.status === 401 ? 'Unauthorized' : fault.status === 429 ? 'Too Many Requests' : 'The request did not succeed');
    }
    if (req.get('x-api-key') !== apiKey) return fail(res, 401, 'Unauthorized: missing or unknown x-api-key');
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token) return fail(res, 401, 'Unauthorized: missing bearer token');
    try {
      const { payload } = await jwtVerify(token, createLocalJWKSet(accounts.jwks()), { issuer: accounts.issuerUrl, audience: STOCKX_AUDIENCE });
      res.locals.account = payload.sub ?? 'unknown';
    } catch {
      return fail(res, 401, 'Unauthorized: invalid or expired token');
    }
    next();
  });

  router.get('/catalog/search', (req, res) => {
    const query = typeof req.query.query === 'string' ? req.query.query.trim() : '';
    if (query.length < 1 || query.length > 100) return fail(res, 400, 'query must have 1 to 100 characters');
    const pageNumber = Math.max(1, Number(req.query.pageNumber ?? 1) || 1);
    const pageSize = Math.min(PAGE_SIZE_MAX, Math.max(1, Number(req.query.pageSize ?? 1) || 1));
    const found = search(catalogue, query);
    const products = found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    res.json({ count: found.length, pageSize: products.length, pageNumber, hasNextPage: pageNumber * pageSize < found.length, products });
  });

  router.get('/catalog/products/:productId', (req, res) => {
    const product = catalogue.byId.get(req.params.productId!);
    if (!product) return fail(res, 404, 'Product not found');
    res.json({ ...product, sizeChart: { availableConversions: [{ name: 'US M', type: 'us m' }], defaultConversion: { name: 'US M', type: 'us m' } }, isFlexEligible: false, isDirectEligible: false });
  });

  router.get('/catalog/products/:productId/variants', (req, res) => {
    const product = catalogue.byId.get(req.params.productId!);
    if (!product) return fail(res, 404, 'Product not found');
    res.json(variantsOf(product));
  });

  router.get('/catalog/products/:productId/variants/:variantId/market-data', (req, res) => {
    const product = catalogue.byId.get(req.params.productId!);
    if (!product) return fail(res, 404, 'Product not found');
    const variant = variantsOf(product).find((v) => v.variantId === req.params.variantId);
    if (!variant) return fail(res, 400, 'Variant does not belong to the product.');
    res.json(marketDataOf(product, variant.variantId, now()));
  });

  router.get('/selling/orders/history', (req, res) => {
    const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
    const pageNumber = Number(text('pageNumber') ?? 1);
    const pageSize = Number(text('pageSize') ?? 10);
    if (!Number.isInteger(pageNumber) || pageNumber < 1) return fail(res, 400, 'pageNumber must be 1 or more');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > ORDERS_PAGE_SIZE_MAX) return fail(res, 400, `pageSize must be 1 to ${ORDERS_PAGE_SIZE_MAX}`);
    const [fromDate, toDate] = [text('fromDate'), text('toDate')];
    if ([fromDate, toDate].some((d) => d !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(d))) return fail(res, 400, 'fromDate and toDate must be YYYY-MM-DD');
    const statuses = text('orderStatus')?.split(',').map((s) => s.trim()).filter(Boolean);
    const found = ordersOf(catalogue, String(res.locals.account), now()).filter((order) => {
      const day = order.createdAt.slice(0, 10);
      return (!statuses || statuses.includes(order.status)) && (!fromDate || day >= fromDate) && (!toDate || day <= toDate) && (!text('productId') || order.product.productId === text('productId'));
    });
    const orders = found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    res.json({ count: found.length, pageSize: orders.length, pageNumber, hasNextPage: pageNumber * pageSize < found.length, orders });
  });

  return router;
}
