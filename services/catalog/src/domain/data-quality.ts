import { DAY_MS, paginate, type QuarantinedPrice } from '@kicksight/contracts';
import { PRICE_REFUSAL_REASONS, replaySource, type PriceRefusalReason } from '@kicksight/contracts/provenance';
import { AppError, type Clock } from '@kicksight/platform';
import type { Models, SneakerDoc } from '../store/models.ts';
import type { QuarantineDoc } from '../store/quarantine.ts';
import type { Sales } from './sales.ts';

const ENTRY_NOT_FOUND = 'Quarantined value not found';
const ENTRY_ID = /^[0-9a-f]{24}$/;

export function quarantinedPriceOf(doc: QuarantineDoc): QuarantinedPrice {
  const { _id, observedAt, quarantinedAt, releasedAt, ...rest } = doc;
  return { id: _id, ...rest, observedAt: observedAt.toISOString(), quarantinedAt: quarantinedAt.toISOString(), releasedAt: releasedAt ? releasedAt.toISOString() : null };
}

/**
 * The price guard's quarantine for administrators: counts by reason, pages of refused values, and
 * the release of a value that was wrongly refused. A released sale is recorded (a file's row at its
 * time moved as its product's other sales were); a released market price counts as accepted from then on.
 */
export function createDataQuality({ models, sales, clock }: { models: Models; sales: Sales; clock: Clock }) {
  return {
    async list(query: { reason?: PriceRefusalReason; status: QuarantineDoc['status']; page: number; limit: number }) {
      const grouped = await models.Quarantine.aggregate<{ _id: { reason: PriceRefusalReason; status: QuarantineDoc['status'] }; n: number }>([
        { $group: { _id: { reason: '$reason', status: '$status' }, n: { $sum: 1 } } },
      ]);
      const counts = Object.fromEntries(PRICE_REFUSAL_REASONS.map((r) => [r, 0])) as Record<PriceRefusalReason, number>;
      let released = 0;
      for (const g of grouped) {
        if (g._id.status === 'released') released += g.n;
        else if (g._id.reason in counts) counts[g._id.reason] += g.n;
      }
      const filter = { status: query.status, ...(query.reason ? { reason: query.reason } : {}) };
      const total = await models.Quarantine.countDocuments(filter);
      const docs = await models.Quarantine.find(filter)
        .sort({ quarantinedAt: -1, _id: 1 })
        .skip((query.page - 1) * query.limit)
        .limit(query.limit)
        .lean<QuarantineDoc[]>();
      return { counts, released, entries: docs.map(quarantinedPriceOf), pagination: paginate(total, query.page, query.limit) };
    },

    async release(id: string, adminId: string) {
      if (!ENTRY_ID.test(id)) throw AppError.notFound(ENTRY_NOT_FOUND);
      const doc = await models.Quarantine.findById(id).lean<QuarantineDoc>();
      if (!doc) throw AppError.notFound(ENTRY_NOT_FOUND);
      if (doc.status === 'released') throw AppError.conflict('This value was released already');
      let saleId: string | null = null;
      if (doc.kind === 'sale' && doc.sneakerId && doc.size !== null && doc.currency === 'USD') {
        const sneaker = await models.Sneaker.findById(doc.sneakerId, { dataShiftDays: 1 }).lean<Pick<SneakerDoc, 'dataShiftDays'>>();
        // A file's sale moves in time with its product's other sales; a live one keeps its time.
        const soldAt = doc.file ? new Date(doc.observedAt.getTime() + ((sneaker?.dataShiftDays ?? 0) + 0.5) * DAY_MS) : doc.observedAt;
        const source = doc.file ? replaySource(doc.file) : doc.source;
        saleId = (await sales.recordReleased({ entryId: doc._id, sneakerId: doc.sneakerId, size: doc.size, amount: doc.amount, soldAt, source })).saleId;
      }
      const releasedAt = clock.now();
      await models.Quarantine.updateOne({ _id: id }, { $set: { status: 'released', releasedAt, releasedBy: adminId } });
      return { entry: quarantinedPriceOf({ ...doc, status: 'released', releasedAt, releasedBy: adminId }), saleId };
    },
  };
}

export type DataQuality = ReturnType<typeof createDataQuality>;
