import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_CONFIRMATION } from '@kicksight/contracts';
import { client, register, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth();
  api = client(auth.url);
});
afterAll(() => auth?.close());

/** The reset link carried by the newest password_reset_requested event for an email (as written to the outbox). */
async function resetLinkFor(email: string): Promise<string> {
  const { rows } = await auth.infra.pool!.query(
    `SELECT envelope FROM outbox WHERE type = 'user.password_reset_requested@1' AND envelope->'data'->>'email' = $1 ORDER BY seq DESC LIMIT 1`,
    [email],
  );
  return rows[0].envelope.data.resetUrl;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('answers the same confirmation whether or not the account exists', async () => {
    const { email } = await register(api);
    const known = await api.post('/api/auth/forgot-password', { email });
    const unknown = await api.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ data: { message: FORGOT_PASSWORD_CONFIRMATION } });
    expect(unknown.body).toEqual(known.body);
  });

  it('sends a link to the web app that resets the password once', async () => {
    const { email } = await register(api);
    await api.post('/api/auth/forgot-password', { email });
    const link = await resetLinkFor(email);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/reset-password\?token=[\w-]{43}$/);
    const token = tokenOf(link);

    expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: true } });
    const reset = await api.post('/api/auth/reset-password', { token, password: 'new-password-9' });
    expect(reset.status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password: 'new-password-9' })).status).toBe(200);

    const again = await api.post('/api/auth/reset-password', { token, password: 'another-pass-9' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid or expired link', code: 'INVALID_RESET_TOKEN' });
    expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: false } });
  });

  it('expires a link after one hour', async () => {
    const { email } = await register(api);
    await api.post('/api/auth/forgot-password', { email });
    const token = tokenOf(await resetLinkFor(email));
    auth.clock.advance(60 * 60 * 1000 + 1_000);
    try {
      expect((await api.get(`/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ data: { valid: false } });
      expect((await api.post('/api/auth/reset-password', { token, password: 'new-password-9' })).status).toBe(400);
    } finally {
      auth.clock.reset();
    }
  });

  it('ends every session of the account when the password is reset', async () => {
    const { email, tokens } = await register(api);
    await api.post('/api/auth/forgot-password', { email });
    await api.post('/api/auth/reset-password', { token: tokenOf(await resetLinkFor(email)), password: 'new-password-9' });
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
  });

  it('treats a missing or unknown token as invalid, and checks the new password length', async () => {
    expect((await api.get('/api/auth/verify-reset-token')).body).toEqual({ data: { valid: false } });
    expect((await api.get('/api/auth/verify-reset-token?token=nope')).body).toEqual({ data: { valid: false } });
    const short = await api.post('/api/auth/reset-password', { token: 'x', password: 'short' });
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters long', code: 'VALIDATION_ERROR' });
  });
});

describe('settings', () => {
  it('reads and updates the profile, trimming and lowercasing the email', async () => {
    const { tokens, email } = await register(api);
    expect((await api.get('/api/user/profile', tokens.accessToken)).body).toEqual({ data: { name: 'Ana Lima', email, hasPassword: true } });
    const next = uniqueEmail('renamed');
    const updated = await api.put('/api/user/profile', { name: 'Ana Souza', email: `  ${next.toUpperCase()} ` }, tokens.accessToken);
    expect(updated.body).toEqual({ data: { name: 'Ana Souza', email: next } });
    const event = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.updated@1' ORDER BY seq DESC LIMIT 1`);
    expect(event.rows[0].envelope.data).toMatchObject({ email: next, name: 'Ana Souza', emailNotifications: true });
  });

  it("refuses another account's email with EMAIL_EXISTS and checks the fields", async () => {
    const taken = await register(api);
    const { tokens } = await register(api);
    const clash = await api.put('/api/user/profile', { name: 'Ana', email: taken.email }, tokens.accessToken);
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('EMAIL_EXISTS');
    expect((await api.put('/api/user/profile', { name: '', email: 'a@b.co' }, tokens.accessToken)).body.message).toBe('First name is required');
    expect((await api.put('/api/user/profile', { name: 'Ana', email: 'nope' }, tokens.accessToken)).body.message).toBe('Please enter a valid email address');
  });

  it('changes the password only with the current one and a strong new one', async () => {
    const { tokens, email, password } = await register(api);
    const weak = await api.put('/api/user/password', { currentPassword: password, newPassword: 'alllowercase1' }, tokens.accessToken);
    expect(weak.body).toEqual({ message: 'Password must contain uppercase, lowercase, number, and special character', code: 'VALIDATION_ERROR' });
    const wrong = await api.put('/api/user/password', { currentPassword: 'not-it', newPassword: 'Str0ng!pass' }, tokens.accessToken);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' });
    expect((await api.put('/api/user/password', { currentPassword: password, newPassword: 'Str0ng!pass' }, tokens.accessToken)).status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password: 'Str0ng!pass' })).status).toBe(200);
  });

  it('turns email notifications off and publishes it', async () => {
    const { tokens, user } = await register(api);
    const response = await api.put('/api/user/email-preferences', { emailNotifications: false }, tokens.accessToken);
    expect(response.body).toEqual({ data: { emailNotifications: false } });
    const event = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.updated@1' AND message_key = $1`, [user.id]);
    expect(event.rows[0].envelope.data.emailNotifications).toBe(false);
    expect((await api.put('/api/user/email-preferences', { emailNotifications: 'no' }, tokens.accessToken)).status).toBe(400);
  });
});
