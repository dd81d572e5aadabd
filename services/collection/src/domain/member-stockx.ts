import { setTimeout as sleep } from 'node:timers/promises';
import { STOCKX_NOT_LINKED_MESSAGE, SalesErrorCode, feeOptionsOf } from '@kicksight/contracts';
import { AppError, withTransaction, type Clock, type Logger, type Pool, type Redis } from '@kicksight/platform';
import {
  StockxCallFailed,
  StockxRateLimited,
  createStockxApiCall,
  createStockxLink,
  createTokenCipher,
  type StockxApiSettings,
  type StockxLinkSettings,
  type StockxTokenStore,
} from '@kicksight/stockx';
import { collectors } from '../store/collectors.ts';
import { items } from '../store/items.ts';
import { sales } from '../store/sales.ts';
import { stockxLinks } from '../store/stockx-links.ts';
import type { Caller } from './caller.ts';
import type { Entitlements } from './entitlements.ts';
import type { Ledger } from './ledger.ts';
import type { LedgerSettingsStore } from './ledger-settings.ts';
import { saleView } from './sale-figures.ts';
import { salesOfOrders, type StockxOrder, type StockxOrdersPage } from './stockx-orders.ts';

export const STOCKX_NOT_CONFIGURED_MESSAGE = 'StockX is not configured here yet';
export const STOCKX_LINK_NOT_FOUND_MESSAGE = 'StockX link not found';
/** Orders read per page of StockX's order history (its maximum), and the most pages one import reads. */
const ORDERS_PAGE_SIZE = 100;
const MAX_PAGES = 50;
/** Tries of one page when StockX asks to wait. */
const RATE_LIMITED_TRIES = 3;

/** StockX asked to wait longer than an import waits: answered 503 with StockX's own Retry-After. */
export class StockxBusy extends AppError {
  readonly retryAfterSeconds: number;
  constructor(cause: StockxRateLimited) {
    super(503, 'SERVICE_UNAVAILABLE', 'StockX is busy: try the import again in a moment', { cause });
    this.retryAfterSeconds = Math.max(1, Math.ceil(cause.retryAfterMs / 1000));
  }
}

export interface MemberStockxSettings {
  link: StockxLinkSettings;
  api: StockxApiSettings;
  tokenKey: string;
  /** The longest Retry-After an import waits out; a longer one answers 503 with it. */
  maxWaitMs: number;
}

/** A member's link, kept in their `stockx_link` row. */
function memberTokenStore(pool: Pool, userId: string): StockxTokenStore {
  return {
    load: () => stockxLinks.get(pool, userId),
    link: (tokens, linkedAt) => stockxLinks.save(pool, userId, tokens, linkedAt),
    refreshed: (tokens, at) => stockxLinks.refreshed(pool, userId, tokens, at),
    unlink: () => stockxLinks.delete(pool, userId),
  };
}

export interface MemberStockxDeps {
  /** Null when the application's StockX credentials are not set: linking answers 409 STOCKX_NOT_CONFIGURED. */
  settings: MemberStockxSettings | null;
  pool: Pool;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  entitlements: Entitlements;
  ledgerSettings: LedgerSettingsStore;
  ledger: Pick<Ledger, 'writeSales'>;
}

/**
 * A member's own StockX account (Expert): linked through the StockX kit's OAuth link with their tokens
 * sealed in their own row, and the import of its completed orders into the ledger. An import is
 * idempotent: StockX's order number is kept with each sale, and an order already imported is skipped.
 */
export function createMemberStockx({ settings, pool, redis, clock, logger, entitlements, ledgerSettings, ledger }: MemberStockxDeps) {
  const cipher = settings ? createTokenCipher(settings.tokenKey) : null;

  function linkOf(userId: string) {
    if (!settings || !cipher) throw AppError.conflict(STOCKX_NOT_CONFIGURED_MESSAGE, 'STOCKX_NOT_CONFIGURED');
    return createStockxLink({
      settings: settings.link,
      cipher,
      store: memberTokenStore(pool, userId),
      redis,
      keyPrefix: 'collection:member',
      lockKey: `collection:stockx:refresh:${userId}`,
      wording: { notLinked: STOCKX_NOT_LINKED_MESSAGE, startAgainFrom: 'the Sales page' },
      clock,
      logger,
    });
  }

  async function status(caller: Caller) {
    const row = await stockxLinks.get(pool, caller.id);
    return { linked: row !== null, linkedAt: row?.linkedAt.toISOString() ?? null, lastImportAt: row?.lastImportAt?.toISOString() ?? null };
  }

  /** Every completed order of the member's StockX history, page after page; a 429 is waited out when StockX asks for little enough. */
  async function completedOrders(userId: string): Promise<StockxOrder[]> {
    const call = createStockxApiCall({ settings: settings!.api, link: linkOf(userId), now: () => clock.now() });
    const orders: StockxOrder[] = [];
    for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber += 1) {
      const path = `/selling/orders/history?${new URLSearchParams({ orderStatus: 'COMPLETED', pageNumber: String(pageNumber), pageSize: String(ORDERS_PAGE_SIZE) })}`;
      const page = await pageOf(() => call<StockxOrdersPage>(path));
      orders.push(...page.orders);
      if (!page.hasNextPage) break;
    }
    return orders;
  }

  async function pageOf(read: () => Promise<StockxOrdersPage>): Promise<StockxOrdersPage> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await read();
      } catch (err) {
        if (err instanceof StockxRateLimited) {
          if (attempt < RATE_LIMITED_TRIES && err.retryAfterMs <= settings!.maxWaitMs) {
            await sleep(err.retryAfterMs);
            continue;
          }
          throw new StockxBusy(err);
        }
        if (err instanceof StockxCallFailed) throw AppError.unavailable('StockX could not be reached: try the import again later', err);
        throw err;
      }
    }
  }

  return {
    status,

    async start(caller: Caller) {
      await entitlements.assertExpertLedger(caller);
      return linkOf(caller.id).start(caller.id);
    },

    /** Completes the member's link; a state another member started is not theirs to use (404). */
    async complete(caller: Caller, query: { code: string; state: string }) {
      await entitlements.assertExpertLedger(caller);
      await linkOf(caller.id).complete(caller.id, query, () => AppError.notFound(STOCKX_LINK_NOT_FOUND_MESSAGE));
      return status(caller);
    },

    async unlink(caller: Caller) {
      await stockxLinks.delete(pool, caller.id);
      logger.info({ unlinkedBy: caller.id }, 'StockX unlinked');
      return status(caller);
    },

    /** Imports the completed orders not imported yet: matched to held pairs, or added as sold pairs to complete. */
    async importOrders(caller: Caller) {
      await entitlements.assertExpertLedger(caller);
      if (!(await stockxLinks.get(pool, caller.id))) throw new AppError(400, SalesErrorCode.STOCKX_NOT_LINKED, STOCKX_NOT_LINKED_MESSAGE);
      const orders = await completedOrders(caller.id);
      const options = feeOptionsOf(await ledgerSettings.get(caller));
      const { written, skipped } = await withTransaction(pool, async (client) => {
        const at = clock.now();
        await collectors.lock(client, caller.id, at);
        const known = await sales.externalIds(client, caller.id, 'stockx');
        const fresh = orders.filter((order) => !known.has(order.orderNumber));
        const skus = [...new Set(fresh.flatMap((order) => (order.product.styleId ? [order.product.styleId] : [])))];
        const entries = salesOfOrders(fresh, await items.heldBySku(client, caller.id, skus), options);
        const records = entries.length > 0 ? await ledger.writeSales(client, caller, entries, at) : [];
        await stockxLinks.imported(client, caller.id, at);
        return { written: records.map((record) => ({ record, matched: !entries.find((entry) => entry.sale.itemId === record.itemId)?.newItem })), skipped: orders.length - fresh.length };
      });
      const views = written.map(({ record }) => saleView(record)).sort((a, b) => a.soldAt.localeCompare(b.soldAt));
      const matched = written.filter((entry) => entry.matched).length;
      logger.info({ matched, added: written.length - matched, skipped }, 'StockX orders imported');
      return { matched, added: written.length - matched, skipped, sales: views };
    },
  };
}

export type MemberStockx = ReturnType<typeof createMemberStockx>;
