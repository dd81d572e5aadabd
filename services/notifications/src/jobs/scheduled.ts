import { DAY_MS, daysBefore, utcDay } from '@kicksight/contracts';
import type { Clock, Logger, Pool, ScheduledJob } from '@kicksight/platform';
import type { MarketData } from '../clients/market-data.ts';
import type { Digests } from '../domain/digests.ts';
import { emailKey, type Emails } from '../domain/emails.ts';
import { EVENTS_CONSUMER } from '../domain/event-reactions.ts';
import { digestRecipients, inactiveSince } from '../store/recipients.ts';
import { purgeProcessedEvents } from '../store/processed-events.ts';
import { trialsEndingBetween } from '../store/trials.ts';

/** Job names are fixed: the command line and the scheduler's leases use them. */
export const JOB_NAMES = {
  trialWarnings: 'trial-warnings',
  reengagement: 'reengagement',
  dailyDigest: 'daily-digest',
  resellingMonth: 'reselling-month',
  requeueStalledEmails: 'requeue-stalled-emails',
  retryFailedEmails: 'retry-failed-emails',
  purgeProcessedEvents: 'purge-processed-events',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export const TRIAL_WARNING_BEFORE_MS = DAY_MS;
export const REENGAGEMENT_AFTER_DAYS = 7;
const BATCH = 500;
/** Dedupe rows outlive the topics' retention (Kafka's default is 7 days), so no event comes back after its row is gone. */
export const PROCESSED_EVENT_RETENTION_MS = 14 * DAY_MS;

export interface JobDeps {
  pool: Pool;
  clock: Clock;
  emails: Emails;
  digests: Digests;
  market: Pick<MarketData, 'monthlySales'>;
  logger: Logger;
  digestHourUtc: number;
}


/** Trials ending within a day get their warning (one per trial end). */
async function queueTrialWarnings({ pool, clock, emails }: JobDeps): Promise<number> {
  const now = clock.now();
  const trials = await trialsEndingBetween(pool, now, new Date(now.getTime() + TRIAL_WARNING_BEFORE_MS));
  const keys = await emails.request(
    trials.map(({ userId, trialEndsAt }) => ({
      userId,
      template: 'trial-expiration-warning' as const,
      key: emailKey('trial-expiration-warning', userId, trialEndsAt.toISOString()),
      payload: { trialEndsAt: trialEndsAt.toISOString() },
    })),
  );
  return keys.length;
}

/** Members last active 7 days ago or earlier get one re-engagement email per inactive stretch. */
async function queueReengagement({ pool, clock, emails }: JobDeps): Promise<number> {
  const cutoff = utcDay(daysBefore(clock.now(), REENGAGEMENT_AFTER_DAYS));
  let queued = 0;
  for (;;) {
    const inactive = await inactiveSince(pool, cutoff, BATCH);
    if (inactive.length === 0) return queued;
    const keys = await emails.request(
      inactive.map(({ userId, lastActiveDay }) => ({
        userId,
        template: 'reengagement-7days' as const,
        key: emailKey('reengagement-7days', userId, lastActiveDay!),
        payload: { lastActiveDay },
      })),
    );
    queued += keys.length;
    if (keys.length === 0) return queued;
  }
}

/** From the digest hour on, each member who wants emails gets the day's digest once. */
async function queueDailyDigests({ pool, clock, emails, digests, logger, digestHourUtc }: JobDeps): Promise<number> {
  const now = clock.now();
  if (now.getUTCHours() < digestHourUtc) return 0;
  const day = utcDay(now);
  const movers = await digests.marketMovers();
  let queued = 0;
  let after = '';
  for (;;) {
    const members = await digestRecipients(pool, day, after, BATCH);
    if (members.length === 0) return queued;
    after = members.at(-1)!.userId;
    for (const { userId } of members) {
      try {
        const digest = await digests.forMember(userId, movers);
        queued += (await emails.request([{ userId, template: 'daily-digest', key: emailKey('daily-digest', userId, day), payload: { ...digest } }])).length;
      } catch (err) {
        logger.warn({ err, userId }, 'daily digest not built; the next run tries again');
      }
    }
  }
}

/** The calendar month before `now`'s (YYYY-MM), and its name ("October 2026"). */
export function previousMonth(now: Date): { month: string; label: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { month: start.toISOString().slice(0, 7), label: start.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }) };
}

/**
 * From the digest hour on, each member with sales last month gets "your reselling month" once for that
 * month (its key names the member and the month): sales, net proceeds and realised gain. Collection leaves
 * out the members who turned it off in their ledger settings.
 */
async function queueResellingMonths({ clock, emails, market, digestHourUtc }: JobDeps): Promise<number> {
  const now = clock.now();
  if (now.getUTCHours() < digestHourUtc) return 0;
  const { month, label } = previousMonth(now);
  let queued = 0;
  let after = '';
  for (;;) {
    const { members } = await market.monthlySales(month, after, BATCH);
    if (members.length === 0) return queued;
    after = members.at(-1)!.userId;
    const keys = await emails.request(
      members.map(({ userId, ...figures }) => ({ userId, template: 'reselling-month' as const, key: emailKey('reselling-month', userId, month), payload: { month, monthLabel: label, ...figures } })),
    );
    queued += keys.length;
  }
}

/** The scheduled jobs, runnable by the scheduler or from the command line. */
export function scheduledJobs(deps: JobDeps): Record<JobName, ScheduledJob> {
  return {
    [JOB_NAMES.trialWarnings]: { name: JOB_NAMES.trialWarnings, run: () => queueTrialWarnings(deps) },
    [JOB_NAMES.reengagement]: { name: JOB_NAMES.reengagement, run: () => queueReengagement(deps) },
    [JOB_NAMES.dailyDigest]: { name: JOB_NAMES.dailyDigest, run: () => queueDailyDigests(deps) },
    [JOB_NAMES.resellingMonth]: { name: JOB_NAMES.resellingMonth, run: () => queueResellingMonths(deps) },
    [JOB_NAMES.requeueStalledEmails]: { name: JOB_NAMES.requeueStalledEmails, run: () => deps.emails.requeueStalled() },
    [JOB_NAMES.retryFailedEmails]: { name: JOB_NAMES.retryFailedEmails, run: async () => (await deps.emails.retryFailed()).length },
    [JOB_NAMES.purgeProcessedEvents]: {
      name: JOB_NAMES.purgeProcessedEvents,
      run: () => purgeProcessedEvents(deps.pool, EVENTS_CONSUMER, new Date(deps.clock.now().getTime() - PROCESSED_EVENT_RETENTION_MS)),
    },
  };
}

/** What the scheduler runs every interval (failed emails are retried by hand, not on a timer). */
export const SCHEDULED: JobName[] = [JOB_NAMES.trialWarnings, JOB_NAMES.reengagement, JOB_NAMES.dailyDigest, JOB_NAMES.resellingMonth, JOB_NAMES.requeueStalledEmails, JOB_NAMES.purgeProcessedEvents];
