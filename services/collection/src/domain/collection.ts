import { randomUUID } from 'node:crypto';
import {
  DEFAULT_COLORWAY,
  INVALID_PURCHASE_DATE_MESSAGE,
  ITEM_NOT_FOUND_MESSAGE,
  ITEM_SOLD_MESSAGE,
  SALE_BEFORE_PURCHASE_MESSAGE,
  SOLD_ITEM_REMOVE_MESSAGE,
  SalesErrorCode,
  type FeePlatform,
  brandKeyOf,
  paginate,
  type CollectionQuery,
  type CreateItemBody,
  type UpdateItemBody,
  addDays,
  utcDay,
  feeOptionsOf,
} from '@kicksight/contracts';
import { AppError, enqueueEvents, withTransaction, type Clock, type Pool } from '@kicksight/platform';
import pMap from 'p-map';
import { activity } from '../store/activity.ts';
import { collectors } from '../store/collectors.ts';
import { items, removedItems, type NewItem, type ValuedItem } from '../store/items.ts';
import { photos } from '../store/photos.ts';
import { itemEvent } from '../events/publish.ts';
import { activityOf } from './activity-entries.ts';
import type { Caller } from './caller.ts';
import type { Entitlements } from './entitlements.ts';
import { assertRoom } from './limits.ts';
import type { SneakerTracker } from './sneaker-tracker.ts';
import { itemOrderOf } from './sorting.ts';
import { statsOf, type ValuationTime } from './valuation.ts';
import { itemView, photoView } from './views.ts';
import type { LedgerSettingsStore } from './ledger-settings.ts';
import { netStatsOf, netValueOf } from './net-value.ts';
import { sales } from '../store/sales.ts';
import { saleBrief } from './sale-figures.ts';

const notFound = () => AppError.notFound(ITEM_NOT_FOUND_MESSAGE);
/** No pair was bought before this day: an earlier date is a typing slip (1800 for 2018), not a vintage purchase. */
const EARLIEST_PURCHASE_DATE = '1900-01-01';

/** What the activity feed calls each field an edit may change. */
const CHANGE_WORDS = {
  size: 'size',
  purchasePrice: 'purchase price',
  purchaseDate: 'purchase date',
  condition: 'condition',
  notes: 'notes',
  colorway: 'colorway',
  name: 'name',
  brand: 'brand',
  imageUrl: 'picture',
  purchaseShipping: 'shipping paid',
  purchaseTax: 'tax paid',
  purchasedFrom: 'where it was bought',
  sku: 'SKU',
} as const satisfies Partial<Record<keyof ValuedItem, string>>;

export interface CollectionDeps {
  pool: Pool;
  clock: Clock;
  tracker: SneakerTracker;
  entitlements: Entitlements;
  settings: LedgerSettingsStore;
  /** Now, and the earliest time a market reading still counts. */
  valuedAt: () => ValuationTime;
}

/**
 * The collection's use cases. Adds are checked against the member's allowance inside the
 * transaction that inserts them, with the member's row locked, so concurrent adds never pass the
 * limit; every add, change and removal writes its event to the outbox in that same transaction.
 */
export function createCollection({ pool, clock, tracker, entitlements, valuedAt, settings }: CollectionDeps) {
  const context = (caller: Caller) => ({ clock, correlationId: caller.requestId });

  function assertPurchaseDate(date: string | undefined): void {
    // A day ahead is allowed: the member's own day may already be tomorrow in UTC.
    if (date !== undefined && date > addDays(utcDay(clock.now()), 1)) throw AppError.badRequest(`${INVALID_PURCHASE_DATE_MESSAGE}; it cannot be in the future`);
    if (date !== undefined && date < EARLIEST_PURCHASE_DATE) throw AppError.badRequest(`${INVALID_PURCHASE_DATE_MESSAGE}; it cannot be before ${EARLIEST_PURCHASE_DATE}`);
  }

  /** An item ready to insert: a catalogue sneaker's facts come from the catalogue (its prices seeded the first time). */
  async function prepare(caller: Caller, body: CreateItemBody): Promise<NewItem> {
    assertPurchaseDate(body.purchaseDate);
    const common = {
      id: randomUUID(),
      size: body.size,
      purchasePrice: body.purchasePrice,
      purchaseDate: body.purchaseDate ?? utcDay(clock.now()),
      condition: body.condition,
      notes: body.notes,
      sku: body.sku ?? null,
      purchasedFrom: body.purchasedFrom || null,
      purchaseShipping: body.purchaseShipping,
      purchaseTax: body.purchaseTax,
    };
    if (body.sneakerId !== undefined) {
      const facts = await tracker.track(body.sneakerId, caller);
      const chosen = body.colorway !== undefined && body.colorway !== DEFAULT_COLORWAY ? body.colorway : undefined;
      return {
        ...common,
        sneakerId: body.sneakerId,
        name: facts.name,
        brand: facts.brand,
        brandKey: brandKeyOf(facts.brand),
        colorway: chosen ?? (facts.colorway || body.colorway || DEFAULT_COLORWAY),
        imageUrl: facts.imageUrl,
        retailPrice: facts.retailPrice,
      };
    }
    return {
      ...common,
      sneakerId: null,
      name: body.name!,
      brand: body.brand!,
      brandKey: brandKeyOf(body.brand!),
      colorway: body.colorway ?? DEFAULT_COLORWAY,
      imageUrl: body.imageUrl ?? null,
      retailPrice: null,
    };
  }

  /** An item's view, with its sale in brief when it is sold. */
  async function withSale(caller: Caller, item: ValuedItem, now: Date) {
    const sale = item.status === 'sold' ? await sales.ofItem(pool, caller.id, item.id) : undefined;
    return itemView(item, now, { sale: sale ? saleBrief(sale) : null, netValue: null });
  }

  /** Net values are a ledger feature; they use the member's seller level and rating. */
  async function netValuation(caller: Caller, platform: FeePlatform) {
    await entitlements.assertLedger(caller);
    const options = feeOptionsOf(await settings.get(caller));
    const at = valuedAt();
    return { options, stats: async () => netStatsOf(await items.all(pool, caller.id, at.freshSince), platform, at.now, options) };
  }

  return {
    async page(caller: Caller, query: CollectionQuery) {
      const at = valuedAt();
      const options = { brandKeys: query.brands, order: itemOrderOf(query.sortBy, query.sortOrder), limit: query.limit, offset: (query.page - 1) * query.limit };
      const { items: rows, total, totals } = await items.page(pool, caller.id, options, at.freshSince);
      if (query.valuation === 'market') return { items: rows.map((item) => itemView(item, at.now)), stats: statsOf(totals), ...paginate(total, query.page, query.limit) };
      const net = await netValuation(caller, query.platform);
      const today = utcDay(at.now);
      return {
        items: rows.map((item) => itemView(item, at.now, { sale: null, netValue: netValueOf(item, query.platform, today, net.options) })),
        stats: { ...statsOf(totals), net: await net.stats() },
        ...paginate(total, query.page, query.limit),
      };
    },

    /** The collection's totals; with a platform, the net value there beside them. */
    async stats(caller: Caller, platform?: FeePlatform) {
      const gross = statsOf(await items.totals(pool, caller.id, valuedAt().freshSince));
      return platform === undefined ? gross : { ...gross, net: await (await netValuation(caller, platform)).stats() };
    },

    async get(caller: Caller, id: string) {
      const at = valuedAt();
      const item = await items.get(pool, caller.id, id, at.freshSince);
      if (!item) throw notFound();
      return { ...(await withSale(caller, item, at.now)), photos: (await photos.list(pool, item.id)).map(photoView) };
    },

    /** Adds items, all or none: refused as a whole past the member's allowance. */
    async add(caller: Caller, bodies: CreateItemBody[]) {
      const allowance = await entitlements.allowance(caller);
      // Refused before the catalogue is asked anything; the count is checked again, locked, below.
      if (allowance.kind !== 'unlimited') assertRoom(allowance, await collectors.count(pool, caller.id), bodies.length);
      const prepared = await pMap(bodies, (body) => prepare(caller, body), { concurrency: 4 });
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        const held = await collectors.lock(client, caller.id, at);
        assertRoom(allowance, held, prepared.length);
        await items.insert(client, caller.id, prepared, at, valuedAt().freshSince);
        await collectors.addToCount(client, caller.id, prepared.length, at);
        const events = prepared.map((item, i) => itemEvent('collection.item_added@1', { ...item, userId: caller.id }, held + i + 1, context(caller)));
        await enqueueEvents(client, events, clock);
        await activity.add(client, prepared.map((item) => activityOf.itemAdded({ ...item, userId: caller.id }, at)));
      });
      const at = valuedAt();
      return (await items.byIds(pool, caller.id, prepared.map((item) => item.id), at.freshSince)).map((item) => itemView(item, at.now));
    },

    /**
     * Changes an item. The value known now becomes its last known value, so a new size is priced
     * at once from that size's market price, else the sneaker's average, else this value.
     */
    async update(caller: Caller, id: string, body: UpdateItemBody) {
      assertPurchaseDate(body.purchaseDate);
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        const count = await collectors.lock(client, caller.id, at);
        const item = await items.lock(client, caller.id, id, valuedAt().freshSince);
        if (!item) throw notFound();
        const manual = item.sneakerId === null;
        if (body.listing !== undefined && item.status === 'sold') throw AppError.badRequest(ITEM_SOLD_MESSAGE);
        if (body.purchaseDate !== undefined && item.status === 'sold') {
          const sale = await sales.ofItem(client, caller.id, item.id);
          if (sale && body.purchaseDate > sale.soldAt) throw AppError.badRequest(SALE_BEFORE_PURCHASE_MESSAGE);
        }
        const completesCost = !item.costKnown && body.purchasePrice !== undefined;
        const fields = {
          size: body.size,
          purchasePrice: body.purchasePrice,
          purchaseDate: body.purchaseDate,
          condition: body.condition,
          notes: body.notes,
          colorway: body.colorway,
          sku: body.sku,
          purchasedFrom: body.purchasedFrom === undefined ? undefined : body.purchasedFrom || null,
          purchaseShipping: body.purchaseShipping,
          purchaseTax: body.purchaseTax,
          ...(completesCost ? { costKnown: true } : {}),
          ...(body.listing === undefined ? {} : { listing: body.listing, status: body.listing === null ? ('owned' as const) : ('listed' as const) }),
          ...(manual ? { name: body.name, brand: body.brand, brandKey: body.brand === undefined ? undefined : brandKeyOf(body.brand), imageUrl: body.imageUrl } : {}),
        };
        const changed = (Object.keys(CHANGE_WORDS) as (keyof typeof CHANGE_WORDS)[]).filter((key) => fields[key] !== undefined && fields[key] !== item[key]).map((key) => CHANGE_WORDS[key]);
        await items.update(client, item.id, { ...fields, lastValue: item.currentValue }, at);
        if (item.status === 'sold') await collectors.moveLedgerVersion(client, caller.id, at);
        await enqueueEvents(client, [itemEvent('collection.item_updated@1', { ...item, size: body.size ?? item.size }, count, context(caller))], clock);
        await activity.add(client, [activityOf.itemUpdated(item, changed, at)]);
      });
      const valued = valuedAt();
      const updated = await items.get(pool, caller.id, id, valued.freshSince);
      if (!updated) throw notFound();
      return withSale(caller, updated, valued.now);
    },

    /**
     * Removes an item; with a sold price the removal is a sale (a realised gain or loss). A pair sold through the
     * ledger is refused: its sale is in the member's sales and tax export, and only undoing the sale takes it out.
     */
    async remove(caller: Caller, id: string, soldPrice: number | undefined) {
      await withTransaction(pool, async (client) => {
        const at = clock.now();
        await collectors.lock(client, caller.id, at);
        const item = await items.lock(client, caller.id, id, valuedAt().freshSince);
        if (!item) throw notFound();
        if (item.status === 'sold') throw new AppError(400, SalesErrorCode.ALREADY_SOLD, SOLD_ITEM_REMOVE_MESSAGE);
        await removedItems.add(client, item, soldPrice ?? null, at);
        await items.delete(client, item.id);
        const count = await collectors.addToCount(client, caller.id, -1, at);
        await enqueueEvents(client, [itemEvent('collection.item_removed@1', item, count, context(caller))], clock);
        await activity.add(client, [activityOf.itemRemoved(item, soldPrice ?? null, at)]);
      });
      return { id, removed: true };
    },

    /** Every item of a member, valued (export, analytics, recommendations). */
    all: (caller: Caller): Promise<ValuedItem[]> => items.all(pool, caller.id, valuedAt().freshSince),
  };
}

export type Collection = ReturnType<typeof createCollection>;
