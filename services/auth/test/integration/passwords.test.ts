import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_CONFIRMATION } from '@kicksight/contracts';
import { client, register, sidOf, signedOut, startAuth, uniqueEmail, type AuthApp } from './auth-app.ts';

let auth: AuthApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  auth = await startAuth();
  api = client(auth.url);
});
afterAll(() => auth?.close());

/** The data of the newest event of a type for a user, as written to the outbox. */
async function lastEvent(userId: string, type: string) {
  const { rows } = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = $1 AND message_key = $2 ORDER BY seq DESC LIMIT 1`, [type, userId]);
  return rows[0]?.envelope.data;
}

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

  it('ends every session of the account when the password is reset, and tells the edge of each so that their access tokens are refused', async () => {
    const { email, password, tokens, user } = await register(api);
    const other = (await api.post('/api/auth/login', { email, password })).body.data.tokens;
    await api.post('/api/auth/forgot-password', { email });
    await api.post('/api/auth/reset-password', { token: tokenOf(await resetLinkFor(email)), password: 'new-password-9' });
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await api.post('/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await signedOut(auth, user.id)).sort()).toEqual([sidOf(tokens.accessToken), sidOf(other.accessToken)].sort());
  });

  it('tells the edge of no sign-in whose access tokens have all expired', async () => {
    const { email, user } = await register(api);
    try {
      auth.clock.advance(2 * 60 * 60 * 1000);
      await api.post('/api/auth/forgot-password', { email });
      await api.post('/api/auth/reset-password', { token: tokenOf(await resetLinkFor(email)), password: 'new-password-9' });
      expect(await signedOut(auth, user.id)).toEqual([]);
    } finally {
      auth.clock.reset();
    }
  });

  it('treats a missing or unknown token as invalid, and checks the new password length', async () => {
    expect((await api.get('/api/auth/verify-reset-token')).body).toEqual({ data: { valid: false } });
    expect((await api.get('/api/auth/verify-reset-token?token=nope')).body).toEqual({ data: { valid: false } });
    const short = await api.post('/api/auth/reset-password', { token: 'x', password: 'short' });
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters long', code: 'VALIDATION_ERROR' });
  });
});

describe('settings', () => {
  it('updates the name at once, and the email only once the link sent to the new address is opened', async () => {
    const { tokens, email, password, user } = await register(api);
    expect((await api.get('/api/user/profile', tokens.accessToken)).body).toEqual({ data: { name: 'Ana Lima', email, hasPassword: true, emailNotifications: true } });
    const renamed = await api.put('/api/user/profile', { name: 'Ana Souza', email }, tokens.accessToken);
    expect(renamed.body).toEqual({ data: { name: 'Ana Souza', email } });
    const renameEvent = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.updated@1' AND message_key = $1 ORDER BY seq DESC LIMIT 1`, [user.id]);
    expect(renameEvent.rows[0].envelope.data).toMatchObject({ email, name: 'Ana Souza', emailNotifications: true });

    const next = uniqueEmail('renamed');
    const asked = await api.put('/api/user/profile', { name: 'Ana Souza', email: `  ${next.toUpperCase()} `, currentPassword: password }, tokens.accessToken);
    expect(asked.body).toEqual({ data: { name: 'Ana Souza', email, pendingEmail: next } });
    expect((await api.get('/api/user/profile', tokens.accessToken)).body.data).toEqual({ name: 'Ana Souza', email, hasPassword: true, emailNotifications: true, pendingEmail: next });
    const request = await lastEvent(user.id, 'user.email_change_requested@1');
    expect(request).toMatchObject({ userId: user.id, email: next, currentEmail: email, name: 'Ana Souza' });
    const confirmToken = new URL(request.confirmUrl).searchParams.get('token')!;
    expect(new URL(request.confirmUrl).pathname).toBe('/confirm-email');

    const confirmed = await api.post('/api/auth/confirm-email-change', { token: confirmToken });
    expect(confirmed.body).toEqual({ data: { message: 'Your email address is changed.' } });
    expect((await api.get('/api/user/profile', tokens.accessToken)).body.data.email).toBe(next);
    expect(await lastEvent(user.id, 'user.updated@1')).toMatchObject({ email: next });
    expect(await lastEvent(user.id, 'user.email_changed@1')).toMatchObject({ previousEmail: email, email: next, undoUrl: expect.stringContaining('/undo-email-change?token=') });
    expect((await api.post('/api/auth/login', { email: next, password })).status).toBe(200);
    const again = await api.post('/api/auth/confirm-email-change', { token: confirmToken });
    expect(again.body).toEqual({ message: 'This link is invalid or has expired.', code: 'INVALID_EMAIL_CHANGE_TOKEN' });
  });

  it('changes no email with the access token alone: the current password is asked for', async () => {
    const { tokens, email, user } = await register(api);
    const withoutPassword = await api.put('/api/user/profile', { name: 'Ana Lima', email: uniqueEmail('attacker') }, tokens.accessToken);
    expect(withoutPassword.body).toEqual({ message: 'Current password is required', code: 'VALIDATION_ERROR' });
    const wrongPassword = await api.put('/api/user/profile', { name: 'Ana Lima', email: uniqueEmail('attacker'), currentPassword: 'guess-1234' }, tokens.accessToken);
    expect(wrongPassword.status).toBe(400);
    expect((await api.get('/api/user/profile', tokens.accessToken)).body.data.email).toBe(email);
    expect(await lastEvent(user.id, 'user.email_change_requested@1')).toBeUndefined();
  });

  it('lets the previous address undo a change, and signs every session out', async () => {
    const { tokens, email, password, user } = await register(api);
    const next = uniqueEmail('taken-over');
    await api.put('/api/user/profile', { name: 'Ana Lima', email: next, currentPassword: password }, tokens.accessToken);
    const confirmUrl = (await lastEvent(user.id, 'user.email_change_requested@1')).confirmUrl;
    await api.post('/api/auth/confirm-email-change', { token: new URL(confirmUrl).searchParams.get('token') });
    const undoToken = new URL((await lastEvent(user.id, 'user.email_changed@1')).undoUrl).searchParams.get('token')!;
    const undone = await api.post('/api/auth/undo-email-change', { token: undoToken });
    expect(undone.body).toEqual({ data: { message: 'Your previous email address is restored and every session is signed out. Choose a new password if you did not make the change.' } });
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect(await signedOut(auth, user.id)).toEqual([sidOf(tokens.accessToken)]);
    expect((await api.post('/api/auth/login', { email, password })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email: next, password })).status).toBe(401);
    expect((await api.post('/api/auth/undo-email-change', { token: undoToken })).status).toBe(400);
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

  it('turns email notifications off, shows it in the profile and publishes it', async () => {
    const { tokens, user } = await register(api);
    const response = await api.put('/api/user/email-preferences', { emailNotifications: false }, tokens.accessToken);
    expect(response.body).toEqual({ data: { emailNotifications: false } });
    expect((await api.get('/api/user/profile', tokens.accessToken)).body.data.emailNotifications).toBe(false);
    const event = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.updated@1' AND message_key = $1`, [user.id]);
    expect(event.rows[0].envelope.data.emailNotifications).toBe(false);
    expect((await api.put('/api/user/email-preferences', { emailNotifications: 'no' }, tokens.accessToken)).status).toBe(400);
  });
});
