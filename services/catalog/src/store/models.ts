import { Schema, type Connection, type Model } from 'mongoose';
import { captureTraceContext, type TraceCarrier } from '@kicksight/platform';
import type { ChangeStep, DayTotals, PriceChange, PriceMark, SneakerStats, VariantState } from '../domain/market.ts';
import type { SneakerSummary } from '../domain/search-index.ts';
import { quarantineSchema, type QuarantineDoc } from './quarantine.ts';

/**
 * The catalog's documents. Money is integer cents. Every document is read by `_id` on the hot
 * paths (FerretDB pushes only equality filters down to storage and sorts in memory), so large
 * collections are never scanned to serve a request: daily aggregates and pages of recent sales
 * have ids computed from the sneaker, the size and the year or page.
 */

export interface SneakerDoc {
  _id: string;
  name: string;
  brand: string;
  colorway: string;
  sku: string | null;
  /** The silhouette or model line ('Air Jordan 1', 'Yeezy Boost 350 V2'). */
  model: string | null;
  /** ISO day. */
  releaseDate: string | null;
  retailPrice: number | null;
  category: string;
  gender: string;
  imageUrl: string | null;
  description: string | null;
  /** The data file the record came from, or 'generated'. */
  source: string;
  sources: string[];
  nameKey: string;
  variants: VariantState[];
  stats: SneakerStats;
  /** Ids of the latest sales applied to this sneaker (recognises a sale applied twice). */
  appliedSales: string[];
  /** The day the market data runs to, and how far real sales were moved to end there. */
  dataAsOf: string | null;
  dataShiftDays: number | null;
  /** Grows with every change; each version is announced with `catalog.product_changed`. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A sneaker's search summary, kept beside it: what the pods' search indexes hold. A small document
 * (FerretDB reads cost in proportion to document size), so a pod builds its index from these.
 * Sizes are two parallel lists (FerretDB v1 has no nested arrays).
 */
export type SummaryDoc = Omit<SneakerSummary, 'id' | 'sizes'> & {
  _id: string;
  sizeList: number[];
  /** Epoch ms of each size's last sale (0: none). */
  sizeLastSale: number[];
  updatedAt: Date;
};

export interface SaleDoc {
  _id: string;
  sneakerId: string;
  size: number;
  sizeType: string;
  /** Cents. */
  amount: number;
  soldAt: Date;
  /** The day of the sale in its data file, when it was moved in time. */
  originalSoldAt: Date | null;
  source: string;
  /** Position of the sale within its sneaker's sales (0 = first). */
  seq: number;
  /** Outbox marker: false until `sale.recorded` was acknowledged by Kafka. */
  published: boolean;
}

export interface AggregateDoc {
  _id: string;
  sneakerId: string;
  /** null for the all-sizes document. */
  size: number | null;
  year: number;
  days: Record<string, DayTotals>;
  /** Ids of sales recorded one at a time that were counted here (imports write whole documents). */
  applied: string[];
}

export interface SaleRow {
  id: string;
  seq: number;
  size: number;
  sizeType: string;
  amount: number;
  at: Date;
}

export interface SalePageDoc {
  _id: string;
  sneakerId: string;
  index: number;
  rows: SaleRow[];
}

/** Work the relay still has to do: a sale to apply and announce, a size's price moved by a market reading, or a product change to announce. */
export interface OutboxDoc {
  _id: string;
  kind: 'sale' | 'product' | 'price';
  sneakerId: string;
  /** Sales: 'new' until the sale was applied to the sneaker and aggregates, then 'applied'. */
  stage?: 'new' | 'applied';
  sale?: SaleFacts & { source: string };
  change?: PriceChange | null;
  /** Products: the version the change brought (the relay publishes the sneaker's latest version). */
  version?: number;
  /** The W3C context of the trace that wrote the entry: its events are sent inside it (absent outside a sampled trace). */
  traceContext?: TraceCarrier;
  createdAt: Date;
}

/** The active trace's context, for an outbox entry (nothing outside a sampled trace). */
export function traceOfEntry(): Pick<OutboxDoc, 'traceContext'> {
  const traceContext = captureTraceContext();
  return traceContext ? { traceContext } : {};
}

/** The relay's note that a sneaker reached a version: one entry per version, written once. */
export const productChangeEntry = (sneakerId: string, version: number, createdAt: Date): OutboxDoc => ({
  _id: `product:${sneakerId}:${version}`,
  kind: 'product',
  sneakerId,
  version,
  ...traceOfEntry(),
  createdAt,
});

interface SaleFacts {
  id: string;
  size: number;
  sizeType: string;
  amount: number;
  soldAt: Date;
}

export interface MetaDoc {
  _id: string;
  anchorDay?: string;
  importedAt?: Date;
  /** Fingerprints of the imports that completed. */
  completed?: string[];
  value?: unknown;
}

const variantSchema = new Schema<VariantState>(
  {
    size: Number,
    sizeType: String,
    currentPrice: Number,
    lastSalePrice: Number,
    lastSaleAt: Date,
    priceChange24h: Number,
    priceMarks: [new Schema<PriceMark>({ at: Date, price: Number }, { _id: false })],
    dayRefPrice: Number,
    recentPrices: [Number],
    seq: Number,
    salesCount: Number,
    years: [Number],
    source: String,
    latestSales: [Date],
  },
  { _id: false },
);

const sneakerSchema = new Schema<SneakerDoc>(
  {
    _id: String,
    name: { type: String, required: true },
    brand: { type: String, required: true },
    colorway: String,
    sku: String,
    model: String,
    releaseDate: String,
    retailPrice: Number,
    category: { type: String, default: 'Sneakers' },
    gender: { type: String, default: 'Unisex' },
    imageUrl: String,
    description: String,
    source: String,
    sources: [String],
    nameKey: String,
    variants: [variantSchema],
    stats: {
      averagePrice: Number,
      lowestPrice: Number,
      highestPrice: Number,
      salesCount: Number,
      firstSaleAt: Date,
      lastSaleAt: Date,
      years: [Number],
    },
    appliedSales: [String],
    dataAsOf: String,
    dataShiftDays: Number,
    version: Number,
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'sneakers', versionKey: false, minimize: false },
);
sneakerSchema.index({ brand: 1 });
sneakerSchema.index({ sku: 1 });
sneakerSchema.index({ updatedAt: 1 });

const summarySchema = new Schema<SummaryDoc>(
  {
    _id: String,
    name: String,
    brand: String,
    colorway: String,
    sku: String,
    model: String,
    imageUrl: String,
    retailPrice: Number,
    currentPrice: Number,
    lowestPrice: Number,
    highestPrice: Number,
    priceChangeSteps: [new Schema<ChangeStep>({ until: Number, change: Number }, { _id: false })],
    releaseDate: String,
    gender: String,
    category: String,
    sizeList: [Number],
    sizeLastSale: [Number],
    salesCount: Number,
    lastSaleAt: Number,
    priceSource: String,
    latestSales: [Number],
    version: Number,
    updatedAt: Date,
  },
  { collection: 'sneaker_summaries', versionKey: false },
);
summarySchema.index({ updatedAt: 1 });

const saleSchema = new Schema<SaleDoc>(
  {
    _id: String,
    sneakerId: String,
    size: Number,
    sizeType: String,
    amount: Number,
    soldAt: Date,
    originalSoldAt: Date,
    source: String,
    seq: Number,
    published: Boolean,
  },
  { collection: 'sales', versionKey: false },
);
saleSchema.index({ sneakerId: 1, soldAt: -1 });
saleSchema.index({ published: 1 });

const aggregateSchema = new Schema<AggregateDoc>(
  { _id: String, sneakerId: String, size: Number, year: Number, days: Schema.Types.Mixed, applied: [String] },
  { collection: 'daily_sales', versionKey: false, minimize: false },
);
aggregateSchema.index({ sneakerId: 1, year: 1 });

const salePageSchema = new Schema<SalePageDoc>(
  { _id: String, sneakerId: String, index: Number, rows: [{ _id: false, id: String, seq: Number, size: Number, sizeType: String, amount: Number, at: Date }] },
  { collection: 'sale_pages', versionKey: false },
);
salePageSchema.index({ sneakerId: 1 });

const outboxSchema = new Schema<OutboxDoc>(
  { _id: String, kind: String, sneakerId: String, stage: String, sale: Schema.Types.Mixed, change: Schema.Types.Mixed, version: Number, traceContext: Schema.Types.Mixed, createdAt: Date },
  { collection: 'catalog_outbox', versionKey: false },
);
outboxSchema.index({ createdAt: 1 });

const metaSchema = new Schema<MetaDoc>({ _id: String, anchorDay: String, importedAt: Date, completed: [String], value: Schema.Types.Mixed }, { collection: 'catalog_meta', versionKey: false });

export interface Models {
  Sneaker: Model<SneakerDoc>;
  Summary: Model<SummaryDoc>;
  Sale: Model<SaleDoc>;
  Aggregate: Model<AggregateDoc>;
  SalePage: Model<SalePageDoc>;
  Outbox: Model<OutboxDoc>;
  Meta: Model<MetaDoc>;
  Quarantine: Model<QuarantineDoc>;
}

/** Names a model on a connection once (a second call answers the same model). */
export const modelOn =
  (connection: Connection) =>
  <T>(name: string, schema: Schema<T>): Model<T> =>
    (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);

export function createModels(connection: Connection): Models {
  const model = modelOn(connection);
  return {
    Sneaker: model('Sneaker', sneakerSchema),
    Summary: model('Summary', summarySchema),
    Sale: model('Sale', saleSchema),
    Aggregate: model('Aggregate', aggregateSchema),
    SalePage: model('SalePage', salePageSchema),
    Outbox: model('Outbox', outboxSchema),
    Meta: model('Meta', metaSchema),
    Quarantine: model('Quarantine', quarantineSchema),
  };
}

/** Creates the collections and their indexes (automatic index builds are off). */
export async function ensureIndexes(models: object): Promise<void> {
  for (const model of Object.values(models) as Model<unknown>[]) {
    await model.createCollection().catch((err: { codeName?: string }) => {
      if (err.codeName !== 'NamespaceExists') throw err;
    });
    await model.createIndexes();
  }
}

/** Inserts documents, skipping those whose `_id` exists; returns the ids inserted. */
export async function insertNew<T extends { _id: string }>(model: Model<T>, docs: T[], batchSize = 1_000): Promise<string[]> {
  const inserted: string[] = [];
  for (let i = 0; i < docs.length; i += batchSize) {
    const batch = docs.slice(i, i + batchSize);
    try {
      await model.collection.insertMany(batch as never[], { ordered: false });
      inserted.push(...batch.map((d) => d._id));
    } catch (err) {
      const result = err as { code?: number; writeErrors?: { code?: number; index?: number; err?: { index?: number; code?: number } }[]; result?: { insertedIds?: Record<number, unknown> } };
      const writeErrors = result.writeErrors ?? [];
      const duplicatesOnly = result.code === 11000 || (writeErrors.length > 0 && writeErrors.every((e) => (e.code ?? e.err?.code) === 11000));
      if (!duplicatesOnly) throw err;
      const failed = new Set(writeErrors.map((e) => e.index ?? e.err?.index));
      if (writeErrors.length === 0) continue;
      batch.forEach((d, index) => {
        if (!failed.has(index)) inserted.push(d._id);
      });
    }
  }
  return inserted;
}

/** FerretDB v1 stalls on a write command of 100 statements or more, so bulk writes go in smaller chunks. */
export const BULK_WRITE_CHUNK = 50;

/** Runs write operations in chunks, in order. */
export async function bulkWrite<T>(model: Model<T>, operations: Parameters<Model<T>['bulkWrite']>[0]): Promise<void> {
  for (let i = 0; i < operations.length; i += BULK_WRITE_CHUNK) {
    await model.bulkWrite(operations.slice(i, i + BULK_WRITE_CHUNK), { ordered: true });
  }
}

export const isDuplicateKey = (err: unknown): boolean => (err as { code?: number } | null)?.code === 11000;
