import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@kicksight/platform';
import { createProxy, freePort, uniqueName, waitFor, type Proxy } from '@kicksight/testkit';
import { SERVICE_TOKEN, catcher, mailTo, registerMember, settle, startNotificationsStack, type NotificationsStack } from './notifications-stack.ts';

const stackUrls = inject('stack');
let stack: NotificationsStack;
let smtp: Proxy;

beforeAll(async () => {
  const port = await freePort();
  smtp = await createProxy(stackUrls.toxiproxy, uniqueName('smtp'), `127.0.0.1:${port}`, `${stackUrls.smtpHost}:${stackUrls.smtpPort}`);
  stack = await startNotificationsStack({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), EMAIL_ATTEMPTS: '3', EMAIL_BACKOFF_MS: '600' } });
});
afterAll(async () => {
  await stack?.close();
  await smtp?.remove();
});

const logged = async (userId: string) =>
  (await stack.pool.query<{ status: string; attempts: number; last_error: string | null }>(`SELECT status, attempts, last_error FROM sent_email WHERE user_id = $1 AND template = 'welcome'`, [userId])).rows[0];

describe('when the SMTP server cannot be reached', () => {
  it('retries with backoff, keeps the job as failed after its last try, and sends the email once when it is retried', async () => {
    await smtp.disable();
    const member = await registerMember(stack);
    const failed = await waitFor(async () => {
      const row = await logged(member.id);
      return row?.status === 'failed' ? row : undefined;
    }, { timeoutMs: 30_000, message: 'the email to fail after its tries' });
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toBeTruthy();
    const job = await stack.app.queue.getJob(`welcome/${member.id}`);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(3);
    expect((await stack.app.queue.getFailed()).map((j) => j.id)).toContain(`welcome/${member.id}`);
    expect(await catcher().to(member.email)).toHaveLength(0);
    const listed = await fetch(`${stack.service.internalUrl}/internal/emails/failed`, { headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN } });
    const { data } = (await listed.json()) as { data: { failed: { key: string; attempts: number; error: string }[] } };
    expect(data.failed.find((f) => f.key === `welcome/${member.id}`)).toMatchObject({ attempts: 3, error: expect.any(String) });

    await smtp.enable();
    const answer = await fetch(`${stack.service.internalUrl}/internal/emails/retry-failed`, { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { retried: string[] } }).data.retried).toContain(`welcome/${member.id}`);
    const [mail] = await mailTo(member.email);
    expect(mail!.subject).toBe('Welcome to Kicksight, Ana Collector');
    await waitFor(async () => (await logged(member.id))?.status === 'sent', { message: 'the email to be logged as sent' });
    await settle(stack, 'user', member.id);
    expect(await catcher().to(member.email)).toHaveLength(1);
  });

  it('delivers on a later try when the server comes back before the tries run out', async () => {
    await smtp.disable();
    const member = await registerMember(stack);
    await waitFor(async () => ((await logged(member.id))?.attempts ?? 0) >= 1, { timeoutMs: 20_000, message: 'a first failed try' });
    await smtp.enable();
    const [mail] = await mailTo(member.email);
    expect(mail!.to[0]!.address).toBe(member.email);
    const row = await waitFor(async () => {
      const r = await logged(member.id);
      return r?.status === 'sent' ? r : undefined;
    }, { message: 'the email to be logged as sent' });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    await settle(stack, 'user', member.id);
    expect(await catcher().to(member.email)).toHaveLength(1);
  });

  it('refuses the retry call without the service token', async () => {
    const answer = await fetch(`${stack.service.internalUrl}/internal/emails/retry-failed`, { method: 'POST' });
    expect(answer.status).toBe(401);
  });
});
