import { z } from 'zod';
import { emailAddressSchema as email } from '../text.ts';
import { THIN_MARKET_SALES } from '../provenance.ts';
import { Topic } from './topics.ts';
import { SALE_PLATFORMS } from '../fees.ts';

const id = z.string().min(1);
const cents = z.number().int();
const instant = z.iso.datetime();
const tier = z.enum(['trial', 'premium', 'unlimited']);
const role = z.enum(['member', 'admin']);
const subscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']);

const subscriptionState = z.object({
  userId: id,
  tier,
  status: subscriptionStatus,
  periodEnd: instant.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
const billingCycle = z.enum(['monthly', 'yearly']);
/** One line of a plan change's invoice: a credit for unused time (negative) or a charge. */
const invoiceLine = z.object({ description: z.string(), amount: cents });
const payment = z.object({ userId: id, invoiceId: id, amount: cents, currency: z.string().length(3) });
/** `sneakerId` is MANUAL_ITEM_SNEAKER_ID ('manual') for an item added by hand; `itemCount` is the collection's size after the change. */
/** A member's interest in a sneaker's market: one size, or every size (null). */
const marketInterest = z.object({ userId: id, sneakerId: id, size: z.number().nullable() });
const collectionItem = z.object({ userId: id, itemId: id, sneakerId: id, size: z.number(), itemCount: z.number().int().nonnegative() });
/** A sale of the ledger: what it sold for and paid out, on which platform and day. */
const collectionSale = z.object({
  userId: id,
  itemId: id,
  saleId: id,
  sneakerId: id,
  size: z.number(),
  platform: z.enum(SALE_PLATFORMS),
  soldAt: z.iso.date(),
  salePrice: cents,
  netProceeds: cents,
  realisedGain: cents.nullable(),
});

/**
 * Every event type at every version: its topic and the schema of its `data`.
 * Add a new version beside the old one; never change a published schema in place.
 */
export const eventDefinitions = {
  'user.registered@1': { topic: Topic.user, data: z.object({ userId: id, email: email, name: z.string(), role, createdAt: instant }) },
  'user.updated@1': { topic: Topic.user, data: z.object({ userId: id, email: email, name: z.string(), emailNotifications: z.boolean() }) },
  'user.deleted@1': { topic: Topic.user, data: z.object({ userId: id }) },
  /** A member signed out: the access tokens of that sign-in (its `sid`) are refused until they expire. */
  'user.signed_out@1': { topic: Topic.user, data: z.object({ userId: id, sessionId: id }) },
  'user.active@1': { topic: Topic.user, data: z.object({ userId: id, day: z.iso.date() }) },
  /** A personal API key was revoked; `keyHash` is the SHA-256 hex of the key, as auth stores it. */
  'user.api_key_revoked@1': { topic: Topic.user, data: z.object({ userId: id, keyHash: z.string().regex(/^[0-9a-f]{64}$/) }) },
  'user.password_reset_requested@1': {
    topic: Topic.passwordReset,
    data: z.object({ userId: id, email: email, name: z.string(), resetUrl: z.url(), expiresAt: instant }),
  },
  /** A member asked to change their email: the link goes to the new address (the same short-lived topic as reset links). */
  'user.email_change_requested@1': {
    topic: Topic.passwordReset,
    data: z.object({ userId: id, name: z.string(), email: email, currentEmail: email, confirmUrl: z.url(), expiresAt: instant }),
  },
  /** The email changed: the previous address is told, with a link that undoes it. */
  'user.email_changed@1': {
    topic: Topic.passwordReset,
    data: z.object({ userId: id, name: z.string(), previousEmail: email, email: email, undoUrl: z.url(), undoExpiresAt: instant }),
  },
  'subscription.trial_started@1': { topic: Topic.membership, data: z.object({ userId: id, trialEndsAt: instant }) },
  'subscription.trial_expired@1': { topic: Topic.membership, data: z.object({ userId: id }) },
  'subscription.started@1': { topic: Topic.membership, data: subscriptionState },
  'subscription.changed@1': { topic: Topic.membership, data: subscriptionState },
  'subscription.canceled@1': { topic: Topic.membership, data: subscriptionState },
  /** A member confirmed a change of plan or cycle: what it cost now, line by line, and the next bill. */
  'subscription.plan_changed@1': {
    topic: Topic.membership,
    data: z.object({
      userId: id,
      fromTier: tier,
      fromBillingCycle: billingCycle,
      tier,
      billingCycle,
      amountDue: cents,
      lines: z.array(invoiceLine),
      nextBillingDate: instant,
      nextBillingAmount: cents,
    }),
  },
  /** A member cancelled: the subscription ends, and access with it, at `accessUntil`. */
  'subscription.cancel_scheduled@1': { topic: Topic.membership, data: z.object({ userId: id, tier, accessUntil: instant }) },
  'payment.succeeded@1': { topic: Topic.membership, data: payment },
  'payment.failed@1': { topic: Topic.membership, data: payment },
  'usage.recorded@1': {
    topic: Topic.usage,
    data: z.object({ userId: id, action: z.enum(['search', 'product_view']), used: z.number().int(), limit: z.number().int().nullable() }),
  },
  'usage.threshold@1': {
    topic: Topic.usage,
    data: z.object({
      userId: id,
      action: z.enum(['search', 'product_view', 'collection_item']),
      used: z.number().int(),
      limit: z.number().int(),
      level: z.union([z.literal(80), z.literal(100)]),
    }),
  },
  'sale.recorded@1': {
    topic: Topic.catalog,
    data: z.object({ saleId: id, sneakerId: id, size: z.number(), price: cents, soldAt: instant }),
  },
  /**
   * A size's market price moved, by a sale or a market reading. Added compatibly (older events lack them):
   * `source` and `asOf` of the observation behind the price (the sale's or the reading's), and, only when a
   * market reading set it, that reading's `highestBid` and `lowestAsk` (each null where the market had none);
   * `latestSales`: the times of the size's latest sales, newest first (enough to tell a thin market).
   */
  'price.changed@1': {
    topic: Topic.catalog,
    data: z.object({
      sneakerId: id,
      size: z.number().nullable(),
      price: cents,
      previous: cents.nullable(),
      seq: z.number().int().nonnegative(),
      source: z.string().min(1).optional(),
      asOf: instant.optional(),
      highestBid: cents.nullable().optional(),
      lowestAsk: cents.nullable().optional(),
      latestSales: z.array(instant).max(THIN_MARKET_SALES).optional(),
    }),
  },
  'catalog.product_changed@1': { topic: Topic.catalog, data: z.object({ sneakerId: id, version: z.number().int().nonnegative() }) },
  'collection.item_added@1': { topic: Topic.collection, data: collectionItem },
  'collection.item_removed@1': { topic: Topic.collection, data: collectionItem },
  'collection.item_updated@1': { topic: Topic.collection, data: collectionItem },
  /** A member recorded a sale (amounts in cents; `soldAt` YYYY-MM-DD). */
  'collection.item_sold@1': { topic: Topic.collection, data: collectionSale },
  /** A sale was undone: the pair is owned again. */
  'collection.sale_undone@1': { topic: Topic.collection, data: collectionSale },
  /** Version 2 of both carries the collection's size after the sale or its undoing (a sold pair leaves the count, an undone one comes back). */
  'collection.item_sold@2': { topic: Topic.collection, data: collectionSale.extend({ itemCount: collectionItem.shape.itemCount }) },
  'collection.sale_undone@2': { topic: Topic.collection, data: collectionSale.extend({ itemCount: collectionItem.shape.itemCount }) },
  /** A member set or removed a price alert (`size` null: every size); catalog reads the market of the sizes members alert on. */
  'alert.created@1': { topic: Topic.collection, data: marketInterest.extend({ alertId: id }) },
  'alert.removed@1': { topic: Topic.collection, data: marketInterest.extend({ alertId: id }) },
  /** A member started or stopped watching a sneaker (every size of it). */
  'watchlist.added@1': { topic: Topic.collection, data: marketInterest.omit({ size: true }).extend({ entryId: id }) },
  'watchlist.removed@1': { topic: Topic.collection, data: marketInterest.omit({ size: true }).extend({ entryId: id }) },
  'alert.triggered@1': {
    topic: Topic.collection,
    data: z.object({
      userId: id,
      alertId: id,
      sneakerId: id,
      size: z.number().nullable(),
      targetPrice: cents,
      price: cents,
      /** The side of the target the price crossed to. */
      direction: z.enum(['above', 'below']),
      /** The sneaker's name when collection knows it (added compatibly: older events lack it). */
      sneakerName: z.string().optional(),
      /** Whether the member wants an in-app notice of it (their priceAlertNotifications; added compatibly: absent means yes). */
      notifyInApp: z.boolean().optional(),
    }),
  },
  'notification.created@1': {
    topic: Topic.notification,
    data: z.object({ userId: id, notificationId: id, type: z.string(), title: z.string(), message: z.string() }),
  },
} as const satisfies Record<string, { topic: Topic; data: z.ZodType }>;

export type EventKey = keyof typeof eventDefinitions;
type TypeOf<K extends string> = K extends `${infer T}@${number}` ? T : never;
type VersionOf<K extends string> = K extends `${string}@${infer V extends number}` ? V : never;
export type EventType = TypeOf<EventKey>;
export type EventData<K extends EventKey> = z.infer<(typeof eventDefinitions)[K]['data']>;
export type { VersionOf };
