import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { jobTelemetry } from '@kicksight/platform';

/** Queue and job names are fixed: producers, workers and dashboards find each other by them. */
export const QUEUE_NAMES = { email: 'email' } as const;
export const EMAIL_JOBS = { send: 'send-email' } as const;

/** A queued email carries only its key: what to send is read from its sent_email row. */
export interface SendEmailJob {
  key: string;
}

export interface QueueSettings {
  redisUrl: string;
  /** BullMQ's key prefix (one per environment or test). */
  prefix: string;
  attempts: number;
  backoffMs: number;
}

const connectionOf = (redisUrl: string): ConnectionOptions => ({ url: redisUrl, maxRetriesPerRequest: null });

/** How long finished jobs stay visible. Failed jobs stay until they are retried. */
const KEEP_COMPLETED = { age: 7 * 24 * 3600, count: 50_000 };

export type EmailQueue = Queue<SendEmailJob>;

/** The email queue: retries with exponential backoff, failed jobs kept; the job id is the email's key, so one key is one job. */
export function createEmailQueue({ redisUrl, prefix, attempts, backoffMs }: QueueSettings): EmailQueue {
  return new Queue<SendEmailJob>(QUEUE_NAMES.email, {
    connection: connectionOf(redisUrl),
    prefix,
    defaultJobOptions: { attempts, backoff: { type: 'exponential', delay: backoffMs }, removeOnComplete: KEEP_COMPLETED, removeOnFail: false },
    // A job carries the trace of the event that asked for the email; its sending continues it.
    telemetry: jobTelemetry(),
  });
}

/** Adds one job per key; a key whose job is still known (waiting, delayed, failed or kept as done) adds nothing. */
export async function enqueueEmails(queue: EmailQueue, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await queue.addBulk(keys.map((key) => ({ name: EMAIL_JOBS.send, data: { key }, opts: { jobId: key } })));
}

export interface EmailWorkerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** Sends the email of a key; throws to have the job tried again. */
  deliver: (key: string) => Promise<unknown>;
  /** Records a failed try; `final` when no try is left and the job is kept as failed. */
  onAttemptFailed: (key: string, error: string, final: boolean) => Promise<void>;
}

/** A worker of the email queue; several processes may run them side by side. */
export function createEmailWorker({ redisUrl, prefix, concurrency, deliver, onAttemptFailed }: EmailWorkerOptions): Worker<SendEmailJob> {
  return new Worker<SendEmailJob>(
    QUEUE_NAMES.email,
    async (job: Job<SendEmailJob>) => {
      try {
        return await deliver(job.data.key);
      } catch (err) {
        const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        await onAttemptFailed(job.data.key, err instanceof Error ? err.message : String(err), final);
        throw err;
      }
    },
    { connection: connectionOf(redisUrl), prefix, concurrency, autorun: false, telemetry: jobTelemetry() },
  );
}
