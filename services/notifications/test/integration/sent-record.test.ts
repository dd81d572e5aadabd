import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createProxy, freePort, uniqueName, waitFor, type Proxy } from '@kicksight/testkit';
import { catcher, registerMember, settle, startNotificationsStack, type NotificationsStack } from './notifications-stack.ts';

const stackUrls = inject('stack');
const SMTP_LATENCY_MS = 3_000;
let stack: NotificationsStack;
let smtp: Proxy;

beforeAll(async () => {
  const port = await freePort();
  smtp = await createProxy(stackUrls.toxiproxy, uniqueName('smtp'), `127.0.0.1:${port}`, `${stackUrls.smtpHost}:${stackUrls.smtpPort}`);
  stack = await startNotificationsStack({ faults: ['postgres'], env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), EMAIL_ATTEMPTS: '6', EMAIL_BACKOFF_MS: '100' } });
});
afterAll(async () => {
  await stack?.service.proxies.postgres?.enable();
  await stack?.close();
  await smtp?.remove();
});

/** The SMTP server's answers arrive late: an email is in the server's hands for a few seconds before its send returns. */
const slowSmtp = () =>
  fetch(`${stackUrls.toxiproxy}/proxies/${smtp.name}/toxics`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'slow', type: 'latency', stream: 'downstream', attributes: { latency: SMTP_LATENCY_MS } }),
  }).then((r) => r.arrayBuffer());

describe('an email sent while the database goes away', () => {
  it('is recorded as sent once the database is back, and not sent a second time', async () => {
    await slowSmtp();
    const member = await registerMember(stack);
    const key = `welcome/${member.id}`;
    await waitFor(async () => (await (await stack.app.queue.getJob(key))?.getState()) === 'active', { timeoutMs: 20_000, intervalMs: 50, message: 'the email being sent' });
    // The database goes away while the SMTP server has the email, and comes back after the send has returned.
    const postgres = stack.service.proxies.postgres!;
    await postgres.disable();
    await new Promise((resolve) => setTimeout(resolve, SMTP_LATENCY_MS * 2));
    await postgres.enable();
    const row = await waitFor(
      async () => {
        const { rows } = await stack.pool.query<{ status: string }>(`SELECT status FROM sent_email WHERE key = $1`, [key]).catch(() => ({ rows: [] as { status: string }[] }));
        return rows[0]?.status === 'sent' ? rows[0] : undefined;
      },
      { timeoutMs: 30_000, message: 'the email to be recorded as sent' },
    );
    expect(row.status).toBe('sent');
    await settle(stack, 'user', member.id);
    expect(await catcher().to(member.email)).toHaveLength(1);
  });
});
