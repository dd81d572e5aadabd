// Prints the access token of a new member on the Unlimited plan, paid through the local gateway's own pages
// (the apps run in test mode with PAYMENT_GATEWAY=local): the plan raises the member's usage limits, so that
// schemathesis meets the API's answers rather than the trial's limits.
import { call, describeAnswer, newMember, upgradeToUnlimited } from '../support.ts';

const member = await newMember('schemathesis');
await upgradeToUnlimited(member);
const status = await call('GET', '/api/membership/status', { token: member.token });
if (status.body?.data?.plan?.name !== 'unlimited') throw new Error(`the plan is ${describeAnswer(status)}`);
// The access token names the plan it was issued under: a fresh one carries Unlimited.
const refreshed = await call('POST', '/api/auth/refresh', { body: { refreshToken: member.refreshToken } });
if (refreshed.status !== 200) throw new Error(`refresh answered ${describeAnswer(refreshed)}`);
process.stdout.write(`${refreshed.body.data.tokens.accessToken}\n`);
