// MailDev from its image (scripts/images.sh stores) through the test kit's containers: the pinned version catches an
// email sent over SMTP and shows it through its API.
import nodemailer from 'nodemailer';
import { smtpCatcher, waitFor } from '@kicksight/testkit';
import { storeContainers, type StoreContainer } from '@kicksight/testkit/containers';
import { pinnedVersions } from '@kicksight/testkit/images';
import { afterAll, beforeAll, expect, it } from 'vitest';

let maildev: StoreContainer<{ smtpHost: string; smtpPort: number; api: string }>;
beforeAll(async () => {
  maildev = await storeContainers.maildev();
});
afterAll(() => maildev?.stop());

it('runs the pinned MailDev and catches an email', async () => {
  const version = await maildev.container.exec(['node', '-p', "require('/opt/maildev/node_modules/maildev/package.json').version"]);
  expect(version.output.trim()).toBe(pinnedVersions().MAILDEV_VERSION);
  const transport = nodemailer.createTransport({ host: maildev.address.smtpHost, port: maildev.address.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'hello@kicksight.app', to: 'member@example.com', subject: 'Your pairs today', text: 'Up 4%' });
  const caught = smtpCatcher(maildev.address.api);
  await waitFor(async () => (await caught.to('member@example.com')).length === 1, { timeoutMs: 10_000, intervalMs: 200, message: 'the email caught' });
  expect((await caught.to('member@example.com'))[0]!.subject).toBe('Your pairs today');
});
