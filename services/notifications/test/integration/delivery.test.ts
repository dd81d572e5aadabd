import { afterAll, describe, expect, inject, it } from 'vitest';
import { Queue, QueueEvents, Worker } from 'bullmq';
import nodemailer from 'nodemailer';
import { createRedis } from '@kicksight/platform';
import { smtpCatcher, uniqueName, waitFor } from '@kicksight/testkit';

const stack = inject('stack');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('Redis and BullMQ', () => {
  it('stores and reads a value', async () => {
    const redis = createRedis(stack.redis);
    cleanups.push(() => redis.quit());
    const key = uniqueName('key');
    await redis.set(key, 'deadstock', 'EX', 60);
    expect(await redis.get(key)).toBe('deadstock');
  });

  it('processes a queued job in a worker, once per job id', async () => {
    const connection = { url: stack.redis, maxRetriesPerRequest: null };
    const name = uniqueName('emails');
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    const processed: string[] = [];
    const worker = new Worker(name, async (job) => {
      processed.push(job.data.to);
      return `sent to ${job.data.to}`;
    }, { connection });
    cleanups.push(() => queue.obliterate({ force: true }).then(() => queue.close()), () => events.close(), () => worker.close());
    await events.waitUntilReady();

    const job = await queue.add('welcome', { to: 'ana@example.com' }, { jobId: 'welcome-user-1' });
    await queue.add('welcome', { to: 'ana@example.com' }, { jobId: 'welcome-user-1' });
    expect(await job.waitUntilFinished(events, 15_000)).toBe('sent to ana@example.com');
    expect(processed).toEqual(['ana@example.com']);
  });
});

describe('SMTP through nodemailer', () => {
  it('delivers a message that the SMTP catcher returns', async () => {
    const transport = nodemailer.createTransport({ host: stack.smtpHost, port: stack.smtpPort, secure: false, ignoreTLS: true });
    cleanups.push(async () => transport.close());
    const to = `${uniqueName('member')}@example.com`;
    await transport.sendMail({ from: 'Kicksight <hello@kicksight.app>', to, subject: 'Welcome to Kicksight', text: 'Your collection awaits.', html: '<p>Your collection awaits.</p>' });
    const [mail] = await waitFor(async () => {
      const found = await smtpCatcher(stack.smtpApi).to(to);
      return found.length > 0 ? found : undefined;
    }, { message: 'the caught email' });
    expect(mail?.subject).toBe('Welcome to Kicksight');
    expect(mail?.text?.trim()).toBe('Your collection awaits.');
  });
});
