import { PLANS, type InvoiceLine, type PlanName } from '@kicksight/contracts';
import { enqueueEvents, newEvent, type Clock, type PoolClient } from '@kicksight/platform';
import { invoices } from '../store/invoices.ts';
import { facts } from '../store/accounts.ts';

export interface Payment {
  userId: string;
  gatewayInvoiceId: string;
  amountCents: number;
  currency?: string;
  plan: PlanName | null;
  description?: string;
  invoiceUrl: string | null;
  succeeded: boolean;
  at: Date;
  /** The invoice's lines when it has several. */
  lines?: InvoiceLine[];
}

/** Records an invoice once and publishes `payment.succeeded` or `payment.failed` with it. */
export async function recordPayment(client: PoolClient, payment: Payment, clock: Clock): Promise<boolean> {
  const description = payment.description ?? `Kicksight ${payment.plan ? PLANS[payment.plan].displayName : ''} membership`.replace('  ', ' ');
  const recorded = await invoices.record(client, {
    userId: payment.userId,
    gatewayInvoiceId: payment.gatewayInvoiceId,
    description,
    plan: payment.plan,
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: payment.succeeded ? 'paid' : 'failed',
    invoiceUrl: payment.invoiceUrl,
    at: payment.at,
    lines: payment.lines,
  });
  if (!recorded) return false;
  const data = { userId: payment.userId, invoiceId: payment.gatewayInvoiceId, amount: payment.amountCents, currency: (payment.currency ?? 'usd').toLowerCase() };
  await enqueueEvents(client, [{ key: payment.userId, envelope: newEvent(payment.succeeded ? 'payment.succeeded@1' : 'payment.failed@1', data, { clock }) }], clock);
  await facts.add(client, { userId: payment.userId, kind: payment.succeeded ? 'payment' : 'payment_failed', plan: payment.plan, amountCents: payment.amountCents, at: payment.at });
  return true;
}
