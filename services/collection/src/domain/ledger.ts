import { randomUUID } from 'node:crypto';
import {
  ALREADY_SOLD_MESSAGE,
  FEES_OVER_PRICE_MESSAGE,
  ITEM_NOT_FOUND_MESSAGE,
  MANUAL_ITEM_SNEAKER_ID,
  NOT_SOLD_MESSAGE,
  NO_FEE_SCHEDULE_MESSAGE,
  SALE_BEFORE_PURCHASE_MESSAGE,
  SALE_IN_FUTURE_MESSAGE,
  SalesErrorCode,
  addDays,
  computeFees,
  isFeePlatform,
  paginate,
  utcDay,
  type FeeOptions,
  type SaleBody,
  type SalesQuery,
  feeOptionsOf,
} from '@kicksight/contracts';
import { AppError, enqueueEvents, newEvent, withTransaction, type Clock, type OutgoingEvent, type Pool, type PoolClient } from '@kicksight/platform';
import { collectors } from '../store/collectors.ts';
import { items, type NewItem, type ValuedItem } from '../store/items.ts';
import { sales, type NewSale, type SaleRecord } from '../store/sales.ts';
import type { Caller } from './caller.ts';
import type { Entitlements } from './entitlements.ts';
import type { LedgerSettingsStore } from './ledger-settings.ts';
import { assertRoom } from './limits.ts';
import { saleBrief, saleView, summaryOf } from './sale-figures.ts';
import { itemView } from './views.ts';
import type { ValuationTime } from './valuation.ts';

const notFound = () => AppError.notFound(ITEM_NOT_FOUND_MESSAGE);

/** A sale's fees: as entered, else by the platform's schedule in force that day. */
export function feesOf(body: Pick<SaleBody, 'platform' | 'soldAt' | 'salePrice' | 'fees'> & { buyerShipping?: number }, options: FeeOptions): Pick<NewSale, 'fees' | 'feesTotal' | 'feeSchedule'> {
  if (body.fees !== undefined) return { fees: body.fees === 0 ? [] : [{ kind: 'entered', label: 'Fees entered', amount: body.fees }], feesTotal: body.fees, feeSchedule: null };
  const computed = computeFees(body.platform, body.soldAt, body.salePrice, { ...options, buyerShipping: body.buyerShipping ?? 0 });
  if (computed.schedule === null && isFeePlatform(body.platform)) throw AppError.badRequest(NO_FEE_SCHEDULE_MESSAGE);
  return { fees: computed.lines, feesTotal: computed.total, feeSchedule: computed.schedule && { version: computed.schedule.version, sourceUrl: computed.schedule.sourceUrl } };
}

/** The refusals of a sale that hold for any pair: a date ahead of today, costs above the price. */
export function checkSale(body: SaleBody, sale: Pick<NewSale, 'feesTotal'>, today: string): void {
  // A day ahead is allowed: the member's own day may already be tomorrow in UTC.
  if (body.soldAt > addDays(today, 1)) throw AppError.badRequest(SALE_IN_FUTURE_MESSAGE);
  if (sale.feesTotal + body.shippingCost + body.otherFees > body.salePrice + body.buyerShipping) throw AppError.badRequest(FEES_OVER_PRICE_MESSAGE);
}

/** A sale's row from its body and fees. */
export const newSale = (itemId: string, body: SaleBody, fees: Pick<NewSale, 'fees' | 'feesTotal' | 'feeSchedule'>, source: NewSale['source'], externalId: string | null = null): NewSale => ({
  id: randomUUID(),
  itemId,
  soldAt: body.soldAt,
  platform: body.platform,
  salePrice: body.salePrice,
  buyerShipping: body.buyerShipping,
  shippingCost: body.shippingCost,
  otherFees: body.otherFees,
  source,
  externalId,
  ...fees,
});

type SaleEventKey = 'collection.item_sold@2' | 'collection.sale_undone@2';

/** A sale event, keyed by the member so their collection's events stay in order; `itemCount` is the collection's size after it. */
export function saleEvent(key: SaleEventKey, sale: SaleRecord, itemCount: number, context: { clock: Clock; correlationId?: string }): OutgoingEvent {
  const brief = saleBrief(sale);
  const data = {
    userId: sale.userId,
    itemId: sale.itemId,
    saleId: sale.id,
    sneakerId: sale.sneakerId ?? MANUAL_ITEM_SNEAKER_ID,
    size: sale.size,
    platform: sale.platform,
    soldAt: sale.soldAt,
    salePrice: sale.salePrice,
    netProceeds: brief.netProceeds,
    realisedGain: brief.realisedGain,
    itemCount,
  };
  return { key: sale.userId, envelope: newEvent(key, data, context) };
}

export interface LedgerDeps {
  pool: Pool;
  clock: Clock;
  entitlements: Entitlements;
  settings: LedgerSettingsStore;
  /** Now, and the earliest time a market reading still counts. */
  valuedAt: () => ValuationTime;
}

/**
 * The reseller ledger: recording and undoing sales, the sales list and the year's figures. A sale and its
 * event are written in one transaction with the member's row locked, so a pair is never sold twice.
 */
export function createLedger({ pool, clock, entitlements, settings, valuedAt }: LedgerDeps) {
  const context = (caller: Caller) => ({ clock, correlationId: caller.requestId });

  /**
   * Writes sold pairs and their sales, with their events, in one transaction: new items (imports) and
   * owned items leaving the collection's count.
   */
  async function writeSales(client: PoolClient, caller: Caller, sold: { sale: NewSale; newItem?: NewItem }[], at: Date): Promise<SaleRecord[]> {
    // The member's row first, as every change of their collection takes it (locking it again in the same transaction is free).
    const held = await collectors.lock(client, caller.id, at);
    const newItems = sold.flatMap((entry) => (entry.newItem ? [{ ...entry.newItem, status: 'sold' as const }] : []));
    if (newItems.length > 0) await items.insert(client, caller.id, newItems, at, valuedAt().freshSince);
    const owned = sold.filter((entry) => !entry.newItem).map((entry) => entry.sale.itemId);
    for (const itemId of owned) await items.update(client, itemId, { status: 'sold', listing: null }, at);
    // A pair added as sold was never counted; an owned one leaves the count.
    const itemCount = owned.length > 0 ? await collectors.addToCount(client, caller.id, -owned.length, at) : held;
    await collectors.moveLedgerVersion(client, caller.id, at);
    await sales.insert(client, caller.id, sold.map((entry) => entry.sale), at);
    const records = await sales.ofItems(client, caller.id, sold.map((entry) => entry.sale.itemId));
    await enqueueEvents(client, records.map((record) => saleEvent('collection.item_sold@2', record, itemCount, context(caller))), clock);
    return records;
  }

  return {
    writeSales,

    /** Records the sale of an owned or listed pair. */
    async record(caller: Caller, itemId: string, body: SaleBody) {
      await entitlements.assertLedger(caller);
      const options = feeOptionsOf(await settings.get(caller));
      const fees = feesOf(body, options);
      checkSale(body, fees, utcDay(clock.now()));
      const [record] = await withTransaction(pool, async (client) => {
        const at = clock.now();
        await collectors.lock(client, caller.id, at);
        const item = await items.lock(client, caller.id, itemId, valuedAt().freshSince);
        if (!item) throw notFound();
        if (item.status === 'sold') throw new AppError(400, SalesErrorCode.ALREADY_SOLD, ALREADY_SOLD_MESSAGE);
        if (item.costKnown && body.soldAt < item.purchaseDate) throw AppError.badRequest(SALE_BEFORE_PURCHASE_MESSAGE);
        return writeSales(client, caller, [{ sale: newSale(item.id, body, fees, 'manual') }], at);
      });
      const at = valuedAt();
      const item = await items.get(pool, caller.id, itemId, at.freshSince);
      return { sale: saleView(record!), item: itemView(item!, at.now, { sale: saleBrief(record!), netValue: null }) };
    },

    /** Undoes a sale: the pair is owned again, and counted in the collection, so it needs room there like an add. */
    async undo(caller: Caller, itemId: string) {
      await entitlements.assertLedger(caller);
      const allowance = await entitlements.allowance(caller);
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        const held = await collectors.lock(client, caller.id, at);
        const item: ValuedItem | undefined = await items.lock(client, caller.id, itemId, valuedAt().freshSince);
        if (!item) throw notFound();
        const sale = await sales.ofItem(client, caller.id, item.id);
        if (!sale) throw new AppError(400, SalesErrorCode.NOT_SOLD, NOT_SOLD_MESSAGE);
        assertRoom(allowance, held, 1);
        await sales.delete(client, sale.id);
        await items.update(client, item.id, { status: 'owned' }, at);
        const itemCount = await collectors.addToCount(client, caller.id, 1, at);
        await collectors.moveLedgerVersion(client, caller.id, at);
        await enqueueEvents(client, [saleEvent('collection.sale_undone@2', sale, itemCount, context(caller))], clock);
      });
      const at = valuedAt();
      const item = await items.get(pool, caller.id, itemId, at.freshSince);
      return itemView(item!, at.now);
    },

    async list(caller: Caller, query: SalesQuery) {
      await entitlements.assertLedger(caller);
      const { rows, total } = await sales.page(pool, caller.id, { year: query.year, platform: query.platform, brand: query.brand }, query.limit, (query.page - 1) * query.limit);
      return { sales: rows.map(saleView), ...paginate(total, query.page, query.limit) };
    },

    async summary(caller: Caller, year: number) {
      await entitlements.assertLedger(caller);
      const [groups, held] = await Promise.all([sales.yearGroups(pool, caller.id, year), sales.heldCount(pool, caller.id)]);
      return summaryOf(year, groups, held);
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
