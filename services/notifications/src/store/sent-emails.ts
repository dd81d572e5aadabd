import { randomUUID } from 'node:crypto';
import type { EmailTemplate } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';

/** An email to send: who, which template, its unique key and what the template shows. */
export interface EmailRequest {
  userId: string;
  template: EmailTemplate;
  key: string;
  payload: Record<string, unknown>;
  /** The address, when the trigger names it; otherwise the member's current one. */
  toAddress?: string;
}

export type EmailStatus = 'queued' | 'sent' | 'skipped' | 'failed';

export interface LoggedEmail extends EmailRequest {
  id: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
}

type Row = { id: string; user_id: string; template: EmailTemplate; key: string; payload: Record<string, unknown>; to_address: string | null; status: EmailStatus; attempts: number; last_error: string | null };

/** Logs emails before they are queued; answers the keys that were new (a known key is never sent again). */
export async function logEmails(q: Queryable, emails: EmailRequest[], at: Date): Promise<string[]> {
  if (emails.length === 0) return [];
  const params: unknown[] = [];
  const rows = emails.map((e) => {
    const n = params.length;
    params.push(randomUUID(), e.userId, e.template, e.key, JSON.stringify(e.payload), e.toAddress ?? null, at);
    return `($${n + 1}::uuid, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}::jsonb, $${n + 6}, $${n + 7}::timestamptz)`;
  });
  const { rows: inserted } = await q.query<{ key: string }>(
    `INSERT INTO sent_email (id, user_id, template, key, payload, to_address, created_at) VALUES ${rows.join(', ')}
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    params,
  );
  return inserted.map((r) => r.key);
}

export async function findEmail(q: Queryable, key: string): Promise<LoggedEmail | undefined> {
  const { rows } = await q.query<Row>('SELECT id, user_id, template, key, payload, to_address, status, attempts, last_error FROM sent_email WHERE key = $1', [key]);
  const r = rows[0];
  return r
    ? { id: r.id, userId: r.user_id, template: r.template, key: r.key, payload: r.payload, toAddress: r.to_address ?? undefined, status: r.status, attempts: r.attempts, lastError: r.last_error }
    : undefined;
}

/** Records the send; `forget` drops what the email carried (a reset link must not outlive its email). */
export async function markSent(q: Queryable, key: string, messageId: string, at: Date, forget = false): Promise<void> {
  await q.query(
    `UPDATE sent_email SET status = 'sent', message_id = $2, sent_at = $3, attempts = attempts + 1, last_error = NULL,
       payload = CASE WHEN $4 THEN '{}'::jsonb ELSE payload END, to_address = CASE WHEN $4 THEN NULL ELSE to_address END
     WHERE key = $1`,
    [key, messageId, at, forget],
  );
}

export async function markSkipped(q: Queryable, key: string, reason: string): Promise<void> {
  await q.query(`UPDATE sent_email SET status = 'skipped', last_error = $2 WHERE key = $1 AND status = 'queued'`, [key, reason]);
}

/** A try that failed; the last one leaves the email failed until it is retried. */
export async function markAttemptFailed(q: Queryable, key: string, error: string, final: boolean): Promise<void> {
  await q.query(`UPDATE sent_email SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE key = $1 AND status IN ('queued', 'failed')`, [
    key,
    error,
    final,
  ]);
}

export async function markQueued(q: Queryable, keys: string[]): Promise<void> {
  await q.query(`UPDATE sent_email SET status = 'queued' WHERE key = ANY($1::text[]) AND status = 'failed'`, [keys]);
}

/** Emails still waiting that were logged before `before` (their queue entry may have been lost). */
export async function queuedBefore(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ key: string }>(`SELECT key FROM sent_email WHERE status = 'queued' AND created_at < $1 ORDER BY created_at LIMIT $2`, [before, limit]);
  return rows.map((r) => r.key);
}

export async function failedKeys(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ key: string }>(`SELECT key FROM sent_email WHERE status = 'failed' ORDER BY created_at LIMIT $1`, [limit]);
  return rows.map((r) => r.key);
}
