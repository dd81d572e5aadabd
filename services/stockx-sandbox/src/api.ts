import { Router, type NextFunction, type Request, type Response } from 'express';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { STOCKX_AUDIENCE, type Accounts } from './accounts.ts';
import type { createFaults } from './faults.ts';
import { marketDataOf } from './market.ts';
import { search, variantsOf, type Catalogue } from './products.ts';

/** StockX's error body (PublicApiError). */
const fail = (res: Response, statusCode: number, message: string) => res.status(statusCode).json({ statusCode, message });

const PAGE_SIZE_MAX = 50;

/**
 * The documented calls of StockX's API v2 that Kicksight uses, under `/v2`: catalog search, a product,
 * its variants, and a variant's market data. Every call needs the API key in `x-api-key` and an
 * access token for `gateway.stockx.com` from the accounts domain.
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
      await jwtVerify(token, createLocalJWKSet(accounts.jwks()), { issuer: accounts.issuerUrl, audience: STOCKX_AUDIENCE });
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

  return router;
}
