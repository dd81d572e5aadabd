import { computeFees, isFeePlatform, type FeeLine, type SalePlatform } from '@kicksight/contracts/fees';
import { feeOptionsOf, saleBodySchema, type LedgerSettings, type SaleBody } from '@kicksight/contracts/sales';
import { centsOf } from '../collection/index.ts';

/** What the member types in the Sell dialog (money in dollars, as typed). */
export interface SaleForm {
  platform: SalePlatform;
  salePrice: string;
  soldAt: string;
  shippingCost: string;
  otherFees: string;
  /** The member states the platform's fees instead of the schedule computing them. */
  explicitFees: boolean;
  fees: string;
}

export const emptySaleForm = (today: string): SaleForm => ({ platform: 'stockx', salePrice: '', soldAt: today, shippingCost: '', otherFees: '', explicitFees: false, fees: '' });

/** The member states the fees when they ask to, or when no schedule is known for the platform. */
export const statesFees = (form: SaleForm): boolean => form.explicitFees || !isFeePlatform(form.platform);

/** A money field in cents: empty is 0 for optional amounts; text that is not a number stays as NaN for the schema to refuse. */
const amountOf = (dollars: string, optional: boolean): number | undefined => {
  if (dollars.trim() === '') return optional ? 0 : undefined;
  return centsOf(dollars) ?? Number.NaN;
};

/** The request body, validated by the contracts' schema: the body, or the first problem's message and field. */
export function saleBodyOf(form: SaleForm): { body: SaleBody } | { error: string; field: string } {
  const result = saleBodySchema.safeParse({
    soldAt: form.soldAt,
    platform: form.platform,
    salePrice: amountOf(form.salePrice, false),
    shippingCost: amountOf(form.shippingCost, true),
    otherFees: amountOf(form.otherFees, true),
    ...(statesFees(form) ? { fees: amountOf(form.fees, true) } : {}),
  });
  if (result.success) return { body: result.data };
  const issue = result.error.issues[0]!;
  return { error: issue.message, field: String(issue.path[0] ?? 'salePrice') };
}

export interface SalePreview {
  /** The platform's fees, line by line (one line when the member states them). */
  lines: FeeLine[];
  feesTotal: number;
  /** salePrice − fees − shipping − other fees. */
  netProceeds: number;
  /** netProceeds − the pair's cost basis (null while the cost basis is not known). */
  realisedGain: number | null;
  /** The schedule's source, when one computed the fees. */
  sourceUrl: string | null;
}

/**
 * What the sale would pay out, as the member types: the schedule in force on the sale date computes the
 * fees (at the member's StockX seller level and GOAT seller rating) unless they are stated, as the server
 * will when it records the sale. Null until the price is a positive amount.
 */
export function salePreviewOf(form: SaleForm, costBasis: number | null, settings: LedgerSettings): SalePreview | null {
  const price = centsOf(form.salePrice);
  if (price === null || price <= 0) return null;
  const own = (dollars: string) => Math.max(0, centsOf(dollars) ?? 0);
  const computed = statesFees(form)
    ? { schedule: null, lines: [{ kind: 'entered' as const, label: 'Fees you entered', amount: own(form.fees) }] }
    : computeFees(form.platform, form.soldAt, price, feeOptionsOf(settings));
  const feesTotal = computed.lines.reduce((sum, line) => sum + line.amount, 0);
  const netProceeds = price - feesTotal - own(form.shippingCost) - own(form.otherFees);
  return { lines: computed.lines, feesTotal, netProceeds, realisedGain: costBasis === null ? null : netProceeds - costBasis, sourceUrl: computed.schedule?.sourceUrl ?? null };
}
