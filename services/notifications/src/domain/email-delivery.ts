import type { Clock, Logger, Pool } from '@kicksight/platform';
import { isMarketing, type EmailRenderer } from '../emails/render.ts';
import type { Mailer } from '../emails/mailer.ts';
import { findRecipient } from '../store/recipients.ts';
import { findEmail, markAttemptFailed, markSent, markSkipped } from '../store/sent-emails.ts';

export type DeliveryOutcome = 'sent' | 'skipped' | 'done-before';

/**
 * How long the record of an email already handed to the SMTP server is tried again while the database is
 * away: a failed record would have the job send the email a second time.
 */
export const RECORD_SENT_WITHIN_MS = 120_000;
const RECORD_RETRY_MS = 500;

async function untilRecorded(record: () => Promise<void>, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    try {
      return await record();
    } catch (err) {
      if (performance.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

export interface EmailDelivery {
  /** Sends the logged email of `key` once; throws (to be tried again) when it cannot be sent yet. */
  deliver(key: string): Promise<DeliveryOutcome>;
  attemptFailed(key: string, error: string, final: boolean): Promise<void>;
}

/**
 * What a queue worker does with one email: reads its log row, finds the address (the one the trigger
 * named, else the member's current one), honours the member's email preference for marketing
 * emails, renders, sends, and records the result.
 */
export function createEmailDelivery({ pool, render, mailer, clock, logger }: { pool: Pool; render: EmailRenderer; mailer: Mailer; clock: Clock; logger: Logger }): EmailDelivery {
  return {
    async deliver(key) {
      const email = await findEmail(pool, key);
      if (!email) throw new Error(`email ${key} is not logged (yet)`);
      if (email.status === 'sent' || email.status === 'skipped') return 'done-before';
      const recipient = await findRecipient(pool, email.userId);
      const skip = async (reason: string) => {
        await markSkipped(pool, key, reason);
        logger.info({ key, reason }, 'email skipped');
        return 'skipped' as const;
      };
      if (recipient?.erased) return skip('member erased');
      if (isMarketing(email.template) && recipient && !recipient.emailNotifications) return skip('email notifications are off');
      const to = email.toAddress ?? recipient?.email;
      if (!to) throw new Error(`no address known yet for member ${email.userId}`);
      const rendered = render(email.template, { ...email.payload, ...(recipient?.name ? { name: recipient.name } : {}) });
      const messageId = await mailer.send(to, rendered);
      const sentAt = clock.now();
      await untilRecorded(() => markSent(pool, key, messageId, sentAt, email.template === 'password-reset'), RECORD_SENT_WITHIN_MS);
      return 'sent';
    },
    async attemptFailed(key, error, final) {
      await markAttemptFailed(pool, key, error, final);
      if (final) logger.error({ key, error }, 'email failed after its last try; kept for a retry');
      else logger.warn({ key, error }, 'email try failed; will retry');
    },
  };
}
