import type { Models, SneakerDoc } from '../store/models.ts';
import { quarantineEntryOf } from '../store/quarantine.ts';
import { checkPrice, robustCentre, type GuardContext, type PriceObservation, type Verdict } from './price-guard.ts';

/** What a product's stored state tells the guard: its retail price and the robust centre of its latest sales. */
export function guardContextOf(doc: Pick<SneakerDoc, 'retailPrice' | 'variants'>): GuardContext {
  return { retailCents: doc.retailPrice ?? null, salesCentre: robustCentre((doc.variants ?? []).flatMap((v) => v.recentPrices ?? [])) };
}

/**
 * The guard in front of a stored sneaker: checks a price observed live (a recorded sale, a market
 * snapshot) against the sneaker's own state and keeps a refused one in the quarantine with the
 * call it came from. Returns the guard's verdict; only an accepted price may be stored.
 */
export async function admitPrice(
  models: Models,
  input: { sneaker: Pick<SneakerDoc, '_id' | 'name' | 'retailPrice' | 'variants'>; observation: PriceObservation; kind: 'sale' | 'market'; call: string; at: Date; context?: Partial<GuardContext> },
): Promise<Verdict> {
  const verdict = checkPrice(input.observation, { ...guardContextOf(input.sneaker), ...input.context });
  if (!verdict.accepted) {
    const entry = quarantineEntryOf({ kind: input.kind, observation: input.observation, reason: verdict.reason, detail: verdict.detail, sneakerId: input.sneaker._id, name: input.sneaker.name, file: null, row: null, call: input.call, at: input.at });
    await models.Quarantine.collection.insertOne(entry as never).catch((err: { code?: number }) => {
      if (err.code !== 11000) throw err;
    });
  }
  return verdict;
}
