import type { Clock, Pool } from '@kicksight/platform';
import { enqueueEmails, type EmailQueue } from '../jobs/email-queue.ts';
import { failedKeys, logEmails, markQueued, queuedBefore, type EmailRequest } from '../store/sent-emails.ts';

/** A logged email whose queue entry has not shown up after this long is queued again. */
export const STALLED_AFTER_MS = 2 * 60_000;

export interface Emails {
  /** Logs the emails and queues the new ones; a known key is neither logged nor queued again. */
  request(requests: EmailRequest[]): Promise<string[]>;
  /** Queues keys already logged (after the transaction that logged them committed). */
  enqueue(keys: string[]): Promise<void>;
  /** Queues again the logged emails whose queue entry was lost (Redis down between the log and the queue). */
  requeueStalled(): Promise<number>;
  /** Tries the failed emails again; answers their keys. */
  retryFailed(): Promise<string[]>;
  /** The failed email jobs, newest first, with their tries and last error. */
  failed(limit: number): Promise<FailedEmail[]>;
}

export interface FailedEmail {
  key: string;
  attempts: number;
  error: string;
  failedAt: string | null;
}

/** The unique key of an email: its template and what makes it one of a kind (a member, an event, a day). */
export const emailKey = (template: EmailRequest['template'], ...parts: string[]): string => [template, ...parts].join('/');

export function createEmails({ pool, queue, clock }: { pool: Pool; queue: EmailQueue; clock: Clock }): Emails {
  return {
    async request(requests) {
      const keys = await logEmails(pool, requests, clock.now());
      await enqueueEmails(queue, keys);
      return keys;
    },
    enqueue: (keys) => enqueueEmails(queue, keys),
    async requeueStalled() {
      const keys = await queuedBefore(pool, new Date(clock.now().getTime() - STALLED_AFTER_MS), 1_000);
      await enqueueEmails(queue, keys);
      return keys.length;
    },
    async retryFailed() {
      const keys = await failedKeys(pool, 1_000);
      await markQueued(pool, keys);
      for (const key of keys) {
        const job = await queue.getJob(key);
        if (job && (await job.isFailed())) await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
        else if (!job) await enqueueEmails(queue, [key]);
      }
      return keys;
    },
    async failed(limit) {
      const jobs = await queue.getFailed(0, limit - 1);
      return jobs.map((job) => ({ key: job.data.key, attempts: job.attemptsMade, error: job.failedReason, failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null }));
    },
  };
}
