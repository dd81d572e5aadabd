import { PRICE_REFUSAL_REASONS, type PriceRefusalReason } from '@kicksight/contracts/provenance';
import { checkPrice, observationKey, repeatedValuesOf, robustCentre, type PriceObservation } from '../domain/price-guard.ts';
import { quarantineEntryOf, type QuarantineDoc } from '../store/quarantine.ts';
import type { MergedProduct } from './catalogue.ts';
import type { MarketKind } from './sources.ts';

export interface GuardCounts {
  accepted: number;
  /** Accepted after conversion to US dollars at a dated rate. */
  converted: number;
  quarantined: Record<PriceRefusalReason, number>;
}

/** Real trades beat quotes, and quotes beat estimates. */
const KIND_RANK: Record<MarketKind, number> = { trade: 0, quote: 1, estimate: 2 };

/** The provenance of prices simulated around a file's market price: 'estimate:thesneakerdatabase', 'snapshot:stockx-2023-03-market-summary.csv'. */
export const calibrationSource = (file: string, kind: MarketKind): string => (kind === 'estimate' ? `estimate:${file.replace(/-catalog\.json$/, '')}` : `snapshot:${file}`);

/**
 * Passes every price of the products to import through the guard: each real sale (against the
 * product's retail price and the median and MAD of its sales) and each market price or estimate a
 * file gives. Refused values become quarantine entries; the products keep their accepted sales, and
 * the market price of the best accepted kind (a real trade over a quote over an estimate) with its source.
 */
export function guardProducts(products: MergedProduct[], quarantinedAt: Date): { counts: GuardCounts; entries: QuarantineDoc[] } {
  const counts: GuardCounts = { accepted: 0, converted: 0, quarantined: Object.fromEntries(PRICE_REFUSAL_REASONS.map((r) => [r, 0])) as Record<PriceRefusalReason, number> };
  const entries: QuarantineDoc[] = [];
  const seen = new Set<string>();
  const repeated = new Map<string, Set<number>>();
  const byFile = new Map<string, { product: string; amountCents: number; retailCents: number | null }[]>();
  for (const p of products) {
    for (const m of p.markets) {
      if (m.currency !== 'USD') continue;
      byFile.set(m.file, [...(byFile.get(m.file) ?? []), { product: p.id, amountCents: m.amount, retailCents: p.retailPrice }]);
    }
  }
  for (const [file, observations] of byFile) repeated.set(file, repeatedValuesOf(observations));

  const admit = (p: MergedProduct, kind: 'sale' | 'market', observation: PriceObservation, row: number, salesCentre: ReturnType<typeof robustCentre>) => {
    const verdict = checkPrice(observation, { retailCents: p.retailPrice, salesCentre, seen, repeatedValues: repeated.get(observation.source) });
    if (!verdict.accepted) {
      counts.quarantined[verdict.reason] += 1;
      entries.push(quarantineEntryOf({ kind, observation, reason: verdict.reason, detail: verdict.detail, sneakerId: p.id, name: p.name, file: observation.source, row, call: null, at: quarantinedAt }));
      return null;
    }
    seen.add(observationKey(observation));
    counts.accepted += 1;
    if (verdict.converted) counts.converted += 1;
    return verdict.amountCents;
  };

  for (const p of products) {
    const centre = robustCentre(p.sales.map((s) => s.amount));
    p.sales = p.sales.filter((s) => {
      const observation = { productId: p.id, sku: p.sku, size: s.size, amountCents: s.amount, currency: 'USD', source: s.file, observedAt: new Date(`${s.day}T00:00:00Z`), ref: `row ${s.row}` };
      return admit(p, 'sale', observation, s.row, centre) !== null;
    });
    let best: { rank: number; amount: number; source: string } | null = null;
    for (const m of p.markets) {
      const observation = { productId: p.id, sku: p.sku, amountCents: m.amount, currency: m.currency, source: m.file, observedAt: new Date(`${m.observedOn}T00:00:00Z`) };
      const amount = admit(p, 'market', observation, m.row, centre);
      if (amount !== null && (!best || KIND_RANK[m.kind] < best.rank)) best = { rank: KIND_RANK[m.kind], amount, source: calibrationSource(m.file, m.kind) };
    }
    p.marketPrice = best?.amount ?? null;
    p.marketSource = best?.source ?? null;
  }
  return { counts, entries };
}

/** The guard's counts in one line: 'price guard: 109,301 accepted (3 converted ...), 12 quarantined (placeholder 1, ...)'. */
export function formatGuardCounts(counts: GuardCounts): string {
  const quarantined = Object.entries(counts.quarantined).filter(([, n]) => n > 0);
  const total = quarantined.reduce((n, [, c]) => n + c, 0);
  const reasons = quarantined.map(([reason, n]) => `${reason} ${n}`).join(', ');
  return `price guard: ${counts.accepted} accepted (${counts.converted} converted to US dollars at a dated rate), ${total} quarantined${reasons ? ` (${reasons})` : ''}`;
}
