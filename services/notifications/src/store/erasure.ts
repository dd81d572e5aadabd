import type { Queryable } from '@kicksight/platform';
import { eraseRecipient } from './recipients.ts';

/** Erases a member: their notifications, their trial, their link to the feedback they sent, their address and what their emails carried. */
export async function eraseMember(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query('DELETE FROM notification WHERE user_id = $1', [userId]);
  await q.query('UPDATE feedback SET user_id = NULL, email = NULL WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM trial WHERE user_id = $1', [userId]);
  await q.query(
    `UPDATE sent_email SET payload = '{}', to_address = NULL,
       status = CASE WHEN status IN ('queued', 'failed') THEN 'skipped' ELSE status END,
       last_error = CASE WHEN status IN ('queued', 'failed') THEN 'member erased' ELSE last_error END
     WHERE user_id = $1`,
    [userId],
  );
  await eraseRecipient(q, userId, at);
}
