import type { Queryable } from '@kicksight/platform';

/** What notifications knows of a member. */
export interface Recipient {
  userId: string;
  email: string | null;
  name: string | null;
  emailNotifications: boolean;
  lastActiveDay: string | null;
  erased: boolean;
}

type Row = { user_id: string; email: string | null; name: string | null; email_notifications: boolean; last_active_day: string | null; erased: boolean };
const toRecipient = (r: Row): Recipient => ({
  userId: r.user_id,
  email: r.email,
  name: r.name,
  emailNotifications: r.email_notifications,
  lastActiveDay: r.last_active_day,
  erased: r.erased,
});
const COLUMNS = `user_id, email, name, email_notifications, to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day, erased`;

/** A registration: the address, and the day of sign-up as the first day of activity. */
export async function registerRecipient(q: Queryable, r: { userId: string; email: string; name: string; day: string }, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO recipient (user_id, email, name, last_active_day, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name,
       last_active_day = GREATEST(recipient.last_active_day, EXCLUDED.last_active_day), updated_at = EXCLUDED.updated_at
     WHERE NOT recipient.erased`,
    [r.userId, r.email, r.name, r.day, at],
  );
}

/** A profile change: address, name and the email preference. */
export async function updateRecipient(q: Queryable, r: { userId: string; email: string; name: string; emailNotifications: boolean }, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO recipient (user_id, email, name, email_notifications, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name,
       email_notifications = EXCLUDED.email_notifications, updated_at = EXCLUDED.updated_at
     WHERE NOT recipient.erased`,
    [r.userId, r.email, r.name, r.emailNotifications, at],
  );
}

/** A day the member used the product; only a later day moves it. */
export async function recordActivity(q: Queryable, userId: string, day: string, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO recipient (user_id, last_active_day, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET last_active_day = GREATEST(recipient.last_active_day, EXCLUDED.last_active_day), updated_at = EXCLUDED.updated_at
     WHERE NOT recipient.erased`,
    [userId, day, at],
  );
}

/** Forgets the member's address and name for good; the row stays so late events find them erased. */
export async function eraseRecipient(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO recipient (user_id, erased, updated_at) VALUES ($1, true, $2)
     ON CONFLICT (user_id) DO UPDATE SET email = NULL, name = NULL, erased = true, last_active_day = NULL, updated_at = EXCLUDED.updated_at`,
    [userId, at],
  );
}

export async function findRecipient(q: Queryable, userId: string): Promise<Recipient | undefined> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM recipient WHERE user_id = $1`, [userId]);
  return rows[0] ? toRecipient(rows[0]) : undefined;
}

/** Members with an address whose last active day is `day` or earlier (re-engagement). */
export async function inactiveSince(q: Queryable, day: string, limit: number): Promise<Recipient[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM recipient WHERE NOT erased AND email IS NOT NULL AND last_active_day <= $1
       AND NOT EXISTS (SELECT 1 FROM sent_email s WHERE s.key = 'reengagement-7days/' || recipient.user_id || '/' || to_char(recipient.last_active_day, 'YYYY-MM-DD'))
     ORDER BY user_id LIMIT $2`,
    [day, limit],
  );
  return rows.map(toRecipient);
}

/** Members with an address who want emails and have no digest of `day` yet, after `after` (keyset pages). */
export async function digestRecipients(q: Queryable, day: string, after: string, limit: number): Promise<Recipient[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM recipient WHERE NOT erased AND email IS NOT NULL AND email_notifications AND user_id > $2
       AND NOT EXISTS (SELECT 1 FROM sent_email s WHERE s.key = 'daily-digest/' || recipient.user_id || '/' || $1)
     ORDER BY user_id LIMIT $3`,
    [day, after, limit],
  );
  return rows.map(toRecipient);
}
