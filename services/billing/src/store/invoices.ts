import { randomUUID } from 'node:crypto';
import type { InvoiceLine } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

export interface InvoiceRecord {
  id: string;
  description: string;
  amountCents: number;
  status: 'paid' | 'failed' | 'open';
  invoiceUrl: string | null;
  createdAt: Date;
  lines: InvoiceLine[];
}

export const invoices = {
  /** Records an invoice once per gateway invoice id; false when it was already recorded. */
  async record(
    db: Queryable,
    i: { userId: string; gatewayInvoiceId: string; description: string; plan: string | null; amountCents: number; currency?: string; status: InvoiceRecord['status']; invoiceUrl: string | null; at: Date; lines?: InvoiceLine[] },
  ): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO invoices (id, user_id, gateway_invoice_id, description, plan, amount_cents, currency, status, invoice_url, created_at, lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (gateway_invoice_id) DO UPDATE SET status = EXCLUDED.status WHERE invoices.status <> 'paid'`,
      [randomUUID(), i.userId, i.gatewayInvoiceId, i.description, i.plan, i.amountCents, i.currency ?? 'usd', i.status, i.invoiceUrl, i.at, JSON.stringify(i.lines ?? [])],
    );
    return rowCount === 1;
  },

  async ofUser(db: Queryable, userId: string, limit = 50): Promise<InvoiceRecord[]> {
    const { rows } = await db.query<{ id: string; description: string; amount_cents: number; status: InvoiceRecord['status']; invoice_url: string | null; created_at: Date; lines: InvoiceLine[] }>(
      'SELECT id, description, amount_cents, status, invoice_url, created_at, lines FROM invoices WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
      [userId, limit],
    );
    return rows.map((r) => ({ id: r.id, description: r.description, amountCents: r.amount_cents, status: r.status, invoiceUrl: r.invoice_url, createdAt: r.created_at, lines: r.lines }));
  },

  /** Keeps the amounts the books need, without the person. */
  anonymiseUser: (db: Queryable, userId: string) => db.query(`UPDATE invoices SET user_id = NULL, invoice_url = NULL WHERE user_id = $1`, [userId]),
};
