// Prints the access token of a new member on the Unlimited plan, paid through the local gateway's own pages
// (the apps run in test mode with PAYMENT_GATEWAY=local): the plan raises the member's usage limits, so that
// schemathesis meets the API's answers rather than the trial's limits.
import { call, newMember, WEB } from '../support.ts';

const member = await newMember('schemathesis');
const checkout = await call('POST', '/api/membership/checkout', { token: member.token, body: { planName: 'unlimited', billingPeriod: 'monthly' } });
if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}: ${JSON.stringify(checkout.body)}`);
// The payment page's links point at the configured web origin; ask for them at the one under test.
const onWeb = (url: string) => {
  const { pathname, search } = new URL(url.replaceAll('&amp;', '&'));
  return `${WEB}${pathname}${search}`;
};
const page = await fetch(onWeb(checkout.body.data.url));
const pay = /<form method="post" action="([^"]+\/pay\?[^"]+)"/.exec(await page.text())?.[1];
if (!pay) throw new Error(`no pay button on the local checkout page (${page.status})`);
const paid = await fetch(onWeb(pay), { method: 'POST', redirect: 'manual' });
if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
const status = await call('GET', '/api/membership/status', { token: member.token });
if (status.body?.data?.plan?.name !== 'unlimited') throw new Error(`the plan is ${JSON.stringify(status.body)}`);
// The access token names the plan it was issued under: a fresh one carries Unlimited.
const refreshed = await call('POST', '/api/auth/refresh', { body: { refreshToken: member.refreshToken } });
if (refreshed.status !== 200) throw new Error(`refresh answered ${refreshed.status}`);
process.stdout.write(`${refreshed.body.data.tokens.accessToken}\n`);
