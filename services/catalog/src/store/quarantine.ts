import { createHash } from 'node:crypto';
import { Schema } from 'mongoose';
import type { PriceRefusalReason } from '@kicksight/contracts/provenance';
import type { PriceObservation } from '../domain/price-guard.ts';

/**
 * A price the guard refused, kept with its reason and where it came from (a data file's row, or a
 * source call), never dropped. An administrator may release it.
 */
export interface QuarantineDoc {
  _id: string;
  /** A sale, or a market price (snapshot or estimate) of a product. */
  kind: 'sale' | 'market';
  reason: PriceRefusalReason;
  detail: string;
  sneakerId: string | null;
  sku: string | null;
  name: string | null;
  size: number | null;
  /** Hundredths of `currency` (kept in its own currency). */
  amount: number;
  currency: string;
  source: string;
  /** The data file and row, or the source call, it came from. */
  file: string | null;
  row: number | null;
  call: string | null;
  observedAt: Date;
  status: 'quarantined' | 'released';
  quarantinedAt: Date;
  releasedAt: Date | null;
  releasedBy: string | null;
}

export const quarantineSchema = new Schema<QuarantineDoc>(
  {
    _id: String,
    kind: String,
    reason: String,
    detail: String,
    sneakerId: String,
    sku: String,
    name: String,
    size: Number,
    amount: Number,
    currency: String,
    source: String,
    file: String,
    row: Number,
    call: String,
    observedAt: Date,
    status: String,
    quarantinedAt: Date,
    releasedAt: Date,
    releasedBy: String,
  },
  { collection: 'price_quarantine', versionKey: false },
);
quarantineSchema.index({ quarantinedAt: -1 });

/** The entry of a refused observation; its id comes from where the value came from, so a second import writes it once. */
export function quarantineEntryOf(input: {
  kind: QuarantineDoc['kind'];
  observation: PriceObservation;
  reason: PriceRefusalReason;
  detail: string;
  sneakerId: string | null;
  name: string | null;
  file: string | null;
  row: number | null;
  call: string | null;
  at: Date;
}): QuarantineDoc {
  const o = input.observation;
  const origin = input.file ? `${input.file}:${input.row}` : `${o.source}:${input.call ?? o.ref ?? o.observedAt.toISOString()}`;
  return {
    _id: createHash('sha256').update(`${input.kind}|${origin}|${o.amountCents}|${o.currency}|${input.sneakerId ?? o.sku ?? ''}`).digest('hex').slice(0, 24),
    kind: input.kind,
    reason: input.reason,
    detail: input.detail,
    sneakerId: input.sneakerId,
    sku: o.sku ?? null,
    name: input.name,
    size: o.size ?? null,
    amount: o.amountCents,
    currency: o.currency,
    source: o.source,
    file: input.file,
    row: input.row,
    call: input.call,
    observedAt: o.observedAt,
    status: 'quarantined',
    quarantinedAt: input.at,
    releasedAt: null,
    releasedBy: null,
  };
}
