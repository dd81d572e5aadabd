import { Schema, type Connection, type Model } from 'mongoose';
import { modelOn } from './models.ts';

/**
 * The market sources' documents (catalog's MongoDB store): the StockX link's sealed tokens, the mapping
 * of sneakers to StockX product and variant ids, dated per-size market snapshots, each sneaker's latest
 * reading per size, and the sizes members own, watch or alert on (what the sync reads). Money is integer cents.
 */

export const STOCKX_INTEGRATION_ID = 'stockx';

export interface IntegrationDoc {
  _id: string;
  /** Sealed with the token key (never the token's text). */
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string | null;
  linkedAt: Date;
  linkedBy: string;
  refreshedAt: Date | null;
}

export interface MappedVariant {
  size: number;
  variantId: string;
}

export interface MappingDoc {
  /** The sneaker's id. */
  _id: string;
  status: 'mapped' | 'unmatched';
  /** The style id (SKU) searched for. */
  styleId: string | null;
  productId: string | null;
  variants: MappedVariant[];
  mappedAt: Date;
}

/** One observation of a size's market at a moment, from one source. */
export interface SizeReading {
  size: number;
  lowestAsk: number | null;
  highestBid: number | null;
  sellFaster: number | null;
  earnMore: number | null;
  source: string;
  asOf: Date;
}

export interface SnapshotDoc extends SizeReading {
  /** `<sneakerId>:<size>:<source>:<asOf ms>`: one per observation. */
  _id: string;
  sneakerId: string;
}

/** A sneaker's latest reading of each size (one document per sneaker, read by id). */
export interface ReadingsDoc {
  _id: string;
  sizes: SizeReading[];
  updatedAt: Date;
}

/** Why members care about a size's market: they own a pair, watch the sneaker, or set a price alert on it. */
export type DemandKind = 'owned' | 'watched' | 'alerted';

/** A size members care about (one document per collection item, watchlist entry or price alert): the sync reads these sizes. */
export interface DemandDoc {
  /** The collection item's, watchlist entry's or price alert's id. */
  _id: string;
  sneakerId: string;
  /** Null: every size of the sneaker (a watched sneaker, an alert on any size). */
  size: number | null;
  /** Absent on documents kept before watchlists and alerts counted: owned. */
  kind?: DemandKind;
  /** The member's (absent on documents kept before it was recorded): their deletion lets their sizes go. */
  userId?: string;
  /** When an event or a reconciliation with collection last wrote it (absent on older documents). */
  updatedAt?: Date;
}

const reading = {
  size: Number,
  lowestAsk: Number,
  highestBid: Number,
  sellFaster: Number,
  earnMore: Number,
  source: String,
  asOf: Date,
};

const integrationSchema = new Schema<IntegrationDoc>(
  { _id: String, accessToken: String, refreshToken: String, expiresAt: Date, scope: String, linkedAt: Date, linkedBy: String, refreshedAt: Date },
  { collection: 'market_integrations', versionKey: false },
);
const mappingSchema = new Schema<MappingDoc>(
  { _id: String, status: String, styleId: String, productId: String, variants: [{ _id: false, size: Number, variantId: String }], mappedAt: Date },
  { collection: 'stockx_mappings', versionKey: false },
);
mappingSchema.index({ status: 1 });
const snapshotSchema = new Schema<SnapshotDoc>({ _id: String, sneakerId: String, ...reading }, { collection: 'market_snapshots', versionKey: false });
snapshotSchema.index({ sneakerId: 1, asOf: -1 });
const readingsSchema = new Schema<ReadingsDoc>({ _id: String, sizes: [new Schema(reading, { _id: false })], updatedAt: Date }, { collection: 'market_readings', versionKey: false });
const demandSchema = new Schema<DemandDoc>({ _id: String, sneakerId: String, size: Number, kind: String, userId: String, updatedAt: Date }, { collection: 'market_demand', versionKey: false });
demandSchema.index({ sneakerId: 1 });
demandSchema.index({ userId: 1 });
demandSchema.index({ updatedAt: 1 });

export interface MarketModels {
  Integration: Model<IntegrationDoc>;
  Mapping: Model<MappingDoc>;
  Snapshot: Model<SnapshotDoc>;
  Readings: Model<ReadingsDoc>;
  Demand: Model<DemandDoc>;
}

export function createMarketModels(connection: Connection): MarketModels {
  const model = modelOn(connection);
  return {
    Integration: model('MarketIntegration', integrationSchema),
    Mapping: model('StockxMapping', mappingSchema),
    Snapshot: model('MarketSnapshot', snapshotSchema),
    Readings: model('MarketReadings', readingsSchema),
    Demand: model('MarketDemand', demandSchema),
  };
}
