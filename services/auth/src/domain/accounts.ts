import { randomUUID } from 'node:crypto';
import {
  CURRENT_PASSWORD_REQUIRED,
  ACCESS_TOKEN_TTL_MS,
  EMAIL_CHANGE_CONFIRM_TTL_MS,
  EMAIL_CHANGE_CONFIRMED,
  EMAIL_CHANGE_UNDONE,
  EMAIL_CHANGE_UNDO_TTL_MS,
  FORGOT_PASSWORD_CONFIRMATION,
  RECENT_SIGN_IN_MS,
  RESET_TOKEN_TTL_MS,
  type EventKey,
  type EventData,
  type Session,
  type User,
  utcDay,
} from '@kicksight/contracts';
import { AppError, enqueueEvents, newEvent, withTransaction, type Clock, type Pool, type PoolClient } from '@kicksight/platform';
import { users, UNIQUE_VIOLATION, type UserRecord } from '../store/users.ts';
import { emailChangeTokens, refreshTokens, resetTokens } from '../store/tokens.ts';
import { membershipTier } from './membership.ts';
import { hashNewPassword, verifyPassword } from './passwords.ts';
import { hashSecret, issueAccessToken, newSecret, type SigningKeys } from './tokens.ts';

export interface AccountsDeps {
  pool: Pool;
  clock: Clock;
  keys: SigningKeys;
  /** Origin of the web app, for links in emails. */
  webUrl: string;
  refreshTokenTtlMs: number;
  /** How long a sign-in lasts at most, from the moment it began, however often it is refreshed. */
  sessionMaxAgeMs: number;
}

/** Context of the request behind a change, carried into its events. */
export interface Context {
  correlationId?: string;
}

/** A Google identity as the provider reported it. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  avatarUrl?: string;
}

export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';
export const EMAIL_EXISTS_MESSAGE = 'An account with this email already exists.';

export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    membershipTier: membershipTier(record.role, record.tier),
    ...(record.avatarUrl ? { avatarUrl: record.avatarUrl } : {}),
    hasPassword: record.passwordHash !== null,
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === UNIQUE_VIOLATION;

/** Accounts and sessions: every use case of sign-up, sign-in, tokens, passwords and profile. */
export function createAccounts({ pool, clock, keys, webUrl, refreshTokenTtlMs, sessionMaxAgeMs }: AccountsDeps) {
  const publish = <K extends EventKey>(client: PoolClient, userId: string, key: K, data: EventData<K>, ctx: Context = {}) =>
    enqueueEvents(client, [{ key: userId, envelope: newEvent(key, data, { clock, correlationId: ctx.correlationId }) }], clock);

  /**
   * Ends the user's sign-ins (all, or all but `keepSessionId`) and tells the edge (`user.signed_out`) of each whose
   * access tokens may still be valid, so that they are refused at once, as after a sign-out.
   */
  async function endSessions(client: PoolClient, userId: string, now: Date, ctx: Context, keepSessionId?: string): Promise<void> {
    const live = await refreshTokens.endSessionsOfUser(client, userId, now, new Date(now.getTime() - ACCESS_TOKEN_TTL_MS), keepSessionId);
    for (const sessionId of live) await publish(client, userId, 'user.signed_out@1', { userId, sessionId }, ctx);
  }

  async function accessTokenFor(user: UserRecord, sessionId: string) {
    return issueAccessToken(keys, { id: user.id, email: user.email, name: user.name, role: user.role, tier: user.tier, sessionId }, clock, ACCESS_TOKEN_TTL_MS);
  }

  /** The first sign-in or refresh of a UTC day publishes `user.active`. */
  async function noteActivity(client: PoolClient, userId: string, ctx: Context) {
    const day = utcDay(clock.now());
    if (await users.markActive(client, userId, day)) await publish(client, userId, 'user.active@1', { userId, day }, ctx);
  }

  /** A refresh token of a sign-in, valid for its time to live but never past the sign-in's absolute end. */
  async function issueRefreshToken(client: PoolClient, userId: string, session: { familyId: string; startedAt: Date }): Promise<string> {
    const secret = newSecret();
    const now = clock.now();
    const expiresAt = new Date(Math.min(now.getTime() + refreshTokenTtlMs, session.startedAt.getTime() + sessionMaxAgeMs));
    await refreshTokens.insert(client, { id: randomUUID(), userId, familyId: session.familyId, sessionStartedAt: session.startedAt, hash: hashSecret(secret), now, expiresAt });
    return secret;
  }

  /** A new session (a new refresh-token family) for a user who just proved who they are. */
  async function startSession(client: PoolClient, user: UserRecord, ctx: Context): Promise<Session> {
    const familyId = randomUUID();
    const refreshToken = await issueRefreshToken(client, user.id, { familyId, startedAt: clock.now() });
    await users.recordSignIn(client, user.id, clock.now());
    await noteActivity(client, user.id, ctx);
    const access = await accessTokenFor(user, familyId);
    return { user: toUser(user), tokens: { accessToken: access.token, refreshToken, expiresAt: access.expiresAt } };
  }

  /**
   * The owner confirms a sensitive change: with the account's password, or, for an account without one
   * (Google), by having signed in within the last 10 minutes.
   */
  async function confirmOwner(user: UserRecord, password: string | undefined, signInAgainMessage: string): Promise<void> {
    if (user.passwordHash) {
      if (!password) throw AppError.badRequest(CURRENT_PASSWORD_REQUIRED);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw AppError.badRequest('Current password is incorrect', 'INVALID_CURRENT_PASSWORD');
      }
    } else if (!user.lastSignInAt || clock.now().getTime() - user.lastSignInAt.getTime() > RECENT_SIGN_IN_MS) {
      throw AppError.forbidden(signInAgainMessage, 'RECENT_SIGN_IN_REQUIRED');
    }
  }

  /** A link to a page of the web app carrying a new single-use secret, stored as its hash. */
  function linkWithSecret(page: string): { url: string; hash: string } {
    const secret = newSecret();
    const url = new URL(page, webUrl);
    url.searchParams.set('token', secret);
    return { url: url.toString(), hash: hashSecret(secret) };
  }

  const invalidEmailChangeLink = () => AppError.badRequest('This link is invalid or has expired.', 'INVALID_EMAIL_CHANGE_TOKEN');
  const withUniqueEmail = (err: unknown) => {
    throw isUniqueViolation(err) ? AppError.conflict(EMAIL_EXISTS_MESSAGE, 'EMAIL_EXISTS') : err;
  };

  async function createUser(client: PoolClient, fields: { email: string; name: string; passwordHash: string | null; googleSub?: string; avatarUrl?: string; role?: 'member' | 'admin' }, ctx: Context) {
    const user = await users.insert(client, { id: randomUUID(), now: clock.now(), ...fields }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? AppError.conflict(EMAIL_EXISTS_MESSAGE, 'EMAIL_EXISTS') : err;
    });
    await publish(client, user.id, 'user.registered@1', { userId: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.toISOString() }, ctx);
    return user;
  }

  async function requireUser(client: Pool | PoolClient, id: string): Promise<UserRecord> {
    const user = await users.byId(client, id);
    if (!user) throw AppError.unauthorized('This account no longer exists', 'ACCOUNT_DELETED');
    return user;
  }

  return {
    async register(input: { name: string; email: string; password: string }, ctx: Context = {}): Promise<Session> {
      const passwordHash = await hashNewPassword(input.password);
      return withTransaction(pool, async (client) => {
        const user = await createUser(client, { email: input.email, name: input.name, passwordHash }, ctx);
        return startSession(client, user, ctx);
      });
    },

    /** Resolves the account when email and password match; undefined otherwise (the caller counts failures). */
    async checkPassword(email: string, password: string): Promise<UserRecord | undefined> {
      const user = await users.byEmail(pool, email);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      return ok ? user : undefined;
    },

    signIn(user: UserRecord, ctx: Context = {}): Promise<Session> {
      return withTransaction(pool, (client) => startSession(client, user, ctx));
    },

    /**
     * Sign-in without a password, for test environments only (the route exists only when enabled).
     * Never for an administrator: an administrator signs in with a password.
     */
    async testLogin(email: string, ctx: Context = {}): Promise<Session> {
      return withTransaction(pool, async (client) => {
        const existing = await users.byEmail(client, email);
        if (existing?.role === 'admin') throw AppError.forbidden('Test sign-in is not available for administrator accounts.', 'TEST_LOGIN_NOT_ALLOWED');
        const user = existing ?? (await createUser(client, { email, name: email.split('@')[0]!, passwordHash: null }, ctx));
        return startSession(client, user, ctx);
      });
    },

    /** Signs in with Google: by the Google id, else by a verified matching email (linking), else a new account. */
    async signInWithGoogle(identity: GoogleIdentity, ctx: Context = {}): Promise<Session> {
      return withTransaction(pool, async (client) => {
        let user = await users.byGoogleSub(client, identity.sub);
        if (!user) {
          const existing = await users.byEmail(client, identity.email);
          if (existing && !identity.emailVerified) throw AppError.conflict('This email belongs to an account; sign in with its password first.', 'EMAIL_NOT_VERIFIED');
          user = existing
            ? await users.linkGoogle(client, existing.id, identity.sub, identity.avatarUrl, clock.now())
            : await createUser(client, { email: identity.email.toLowerCase(), name: identity.name || identity.email, passwordHash: null, googleSub: identity.sub, avatarUrl: identity.avatarUrl }, ctx);
        }
        return startSession(client, user!, ctx);
      });
    },

    /** Rotates a refresh token; an already-used or revoked one revokes its whole family. */
    async refresh(refreshToken: string, ctx: Context = {}): Promise<Session> {
      const rejected = (message: string, code: string) => AppError.unauthorized(message, code);
      const outcome = await withTransaction(pool, async (client) => {
        const now = clock.now();
        const token = await refreshTokens.lockByHash(client, hashSecret(refreshToken));
        if (!token) return { error: rejected('Your session has ended. Please sign in again.', 'INVALID_REFRESH_TOKEN') };
        if (token.usedAt || token.revokedAt) {
          await refreshTokens.revokeFamily(client, token.familyId, now);
          // A used token shown again means two holders: the sign-in's access tokens are refused too (an ended one was told already).
          if (!token.revokedAt) await publish(client, token.userId, 'user.signed_out@1', { userId: token.userId, sessionId: token.familyId }, ctx);
          return { error: rejected('This session was ended for your security. Please sign in again.', 'REFRESH_TOKEN_REUSED') };
        }
        if (token.expiresAt <= now) return { error: rejected('Your session has expired. Please sign in again.', 'INVALID_REFRESH_TOKEN') };
        const user = await requireUser(client, token.userId);
        await refreshTokens.markUsed(client, token.id, now);
        const next = await issueRefreshToken(client, user.id, { familyId: token.familyId, startedAt: token.sessionStartedAt });
        await noteActivity(client, user.id, ctx);
        const access = await accessTokenFor(user, token.familyId);
        return { session: { user: toUser(user), tokens: { accessToken: access.token, refreshToken: next, expiresAt: access.expiresAt } } };
      });
      // The family's revocation commits before the refusal is answered.
      if ('error' in outcome) throw outcome.error;
      return outcome.session;
    },

    /**
     * Ends the sign-in the refresh token belongs to, and tells the edge (`user.signed_out`), which refuses
     * that sign-in's access tokens until they expire.
     */
    async logout(refreshToken: string | undefined, ctx: Context = {}): Promise<void> {
      if (!refreshToken) return;
      await withTransaction(pool, async (client) => {
        const ended = await refreshTokens.endSessionOf(client, hashSecret(refreshToken), clock.now());
        if (ended) await publish(client, ended.userId, 'user.signed_out@1', { userId: ended.userId, sessionId: ended.familyId }, ctx);
      });
    },

    currentUser: (id: string) => requireUser(pool, id),

    /** Always answers the same; an existing account gets a single-use link valid for one hour. */
    async forgotPassword(email: string, ctx: Context = {}): Promise<string> {
      const user = await users.byEmail(pool, email);
      if (user) {
        const now = clock.now();
        const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
        const reset = linkWithSecret('/reset-password');
        await withTransaction(pool, async (client) => {
          await resetTokens.insert(client, { hash: reset.hash, userId: user.id, now, expiresAt });
          await publish(client, user.id, 'user.password_reset_requested@1', { userId: user.id, email: user.email, name: user.name, resetUrl: reset.url, expiresAt: expiresAt.toISOString() }, ctx);
        });
      }
      return FORGOT_PASSWORD_CONFIRMATION;
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      return token !== '' && (await resetTokens.validUser(pool, hashSecret(token), clock.now())) !== undefined;
    },

    /** Sets a new password with a reset token (once), and ends every session of the account. */
    async resetPassword(token: string, password: string, ctx: Context = {}): Promise<void> {
      const passwordHash = await hashNewPassword(password);
      await withTransaction(pool, async (client) => {
        const now = clock.now();
        const userId = await resetTokens.validUser(client, hashSecret(token), now, true);
        if (!userId) throw AppError.badRequest('Invalid or expired link', 'INVALID_RESET_TOKEN');
        await users.setPassword(client, userId, passwordHash, now);
        await resetTokens.consumeAllOfUser(client, userId, now);
        await endSessions(client, userId, now, ctx);
      });
    },

    /**
     * Updates the name at once. A new email takes effect only once the link sent to it is opened
     * (`confirmEmailChange`), and only when the owner confirmed the request (password, or a recent sign-in).
     */
    async updateProfile(id: string, profile: { name: string; email: string; currentPassword?: string }, ctx: Context = {}): Promise<{ user: UserRecord; pendingEmail?: string }> {
      const current = await requireUser(pool, id);
      const changesEmail = profile.email !== current.email;
      if (changesEmail) {
        await confirmOwner(current, profile.currentPassword, 'Please sign in with Google again to confirm changing your email.');
        if (await users.byEmail(pool, profile.email)) throw AppError.conflict(EMAIL_EXISTS_MESSAGE, 'EMAIL_EXISTS');
      }
      return withTransaction(pool, async (client) => {
        const now = clock.now();
        const user = await users.updateProfile(client, id, { name: profile.name, email: current.email }, now);
        if (!user) throw AppError.unauthorized('This account no longer exists', 'ACCOUNT_DELETED');
        if (user.name !== current.name) {
          await publish(client, id, 'user.updated@1', { userId: id, email: user.email, name: user.name, emailNotifications: user.emailNotifications }, ctx);
        }
        if (!changesEmail) return { user };
        await emailChangeTokens.voidAllOfUser(client, id, 'confirm', now);
        const confirm = linkWithSecret('/confirm-email');
        const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_TTL_MS);
        await emailChangeTokens.insert(client, { hash: confirm.hash, userId: id, kind: 'confirm', previousEmail: current.email, newEmail: profile.email, now, expiresAt });
        await publish(client, id, 'user.email_change_requested@1', { userId: id, name: user.name, email: profile.email, currentEmail: current.email, confirmUrl: confirm.url, expiresAt: expiresAt.toISOString() }, ctx);
        return { user, pendingEmail: profile.email };
      });
    },

    /** The new email waiting for its confirmation link, if any. */
    pendingEmail: (id: string): Promise<string | undefined> => emailChangeTokens.pendingEmail(pool, id, clock.now()),

    /** Applies an email change from the link sent to the new address; the previous address is told, with a way to undo it. */
    async confirmEmailChange(token: string, ctx: Context = {}): Promise<string> {
      await withTransaction(pool, async (client) => {
        const now = clock.now();
        const change = await emailChangeTokens.use(client, hashSecret(token), 'confirm', now);
        if (!change) throw invalidEmailChangeLink();
        const user = await requireUser(client, change.userId);
        if (user.email !== change.previousEmail) throw invalidEmailChangeLink();
        const changed = (await users.updateProfile(client, user.id, { name: user.name, email: change.newEmail }, now).catch(withUniqueEmail))!;
        // Reset links went to the previous address.
        await resetTokens.consumeAllOfUser(client, user.id, now);
        const undo = linkWithSecret('/undo-email-change');
        const undoExpiresAt = new Date(now.getTime() + EMAIL_CHANGE_UNDO_TTL_MS);
        await emailChangeTokens.insert(client, { hash: undo.hash, userId: user.id, kind: 'undo', previousEmail: change.previousEmail, newEmail: change.newEmail, now, expiresAt: undoExpiresAt });
        await publish(client, user.id, 'user.updated@1', { userId: user.id, email: changed.email, name: changed.name, emailNotifications: changed.emailNotifications }, ctx);
        await publish(client, user.id, 'user.email_changed@1', { userId: user.id, name: changed.name, previousEmail: change.previousEmail, email: changed.email, undoUrl: undo.url, undoExpiresAt: undoExpiresAt.toISOString() }, ctx);
      });
      return EMAIL_CHANGE_CONFIRMED;
    },

    /**
     * Restores the previous email from the link sent to it, and signs every session out: a change the
     * owner did not make means someone else held the account.
     */
    async undoEmailChange(token: string, ctx: Context = {}): Promise<string> {
      await withTransaction(pool, async (client) => {
        const now = clock.now();
        const change = await emailChangeTokens.use(client, hashSecret(token), 'undo', now);
        if (!change) throw invalidEmailChangeLink();
        const user = await requireUser(client, change.userId);
        const restored = (await users.updateProfile(client, user.id, { name: user.name, email: change.previousEmail }, now).catch(withUniqueEmail))!;
        await emailChangeTokens.voidAllOfUser(client, user.id, 'confirm', now);
        await resetTokens.consumeAllOfUser(client, user.id, now);
        await endSessions(client, user.id, now, ctx);
        await publish(client, user.id, 'user.updated@1', { userId: user.id, email: restored.email, name: restored.name, emailNotifications: restored.emailNotifications }, ctx);
      });
      return EMAIL_CHANGE_UNDONE;
    },

    /**
     * Changes the password and ends every other sign-in of the account: the one that asked
     * (`sessionId`, from its access token) stays signed in; without one, every sign-in ends.
     */
    async changePassword(id: string, input: { currentPassword: string; newPassword: string }, sessionId?: string, ctx: Context = {}): Promise<void> {
      const user = await requireUser(pool, id);
      if (!user.passwordHash) throw AppError.badRequest('Cannot change password for Google OAuth users', 'OAUTH_USER');
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw AppError.badRequest('Current password is incorrect', 'INVALID_CURRENT_PASSWORD');
      }
      const passwordHash = await hashNewPassword(input.newPassword);
      await withTransaction(pool, async (client) => {
        const now = clock.now();
        await users.setPassword(client, id, passwordHash, now);
        await endSessions(client, id, now, ctx, sessionId);
      });
    },

    async setEmailNotifications(id: string, enabled: boolean, ctx: Context = {}): Promise<boolean> {
      return withTransaction(pool, async (client) => {
        const user = await users.setEmailNotifications(client, id, enabled, clock.now());
        if (!user) throw AppError.unauthorized('This account no longer exists', 'ACCOUNT_DELETED');
        await publish(client, id, 'user.updated@1', { userId: id, email: user.email, name: user.name, emailNotifications: enabled }, ctx);
        return user.emailNotifications;
      });
    },

    /** Deletes the account, confirmed by its password or, for Google accounts, a sign-in in the last 10 minutes. */
    async deleteAccount(id: string, password: string | undefined, ctx: Context = {}): Promise<void> {
      const user = await requireUser(pool, id);
      await confirmOwner(user, password, 'Please sign in with Google again to confirm deleting your account.');
      await withTransaction(pool, async (client) => {
        await users.delete(client, id);
        await publish(client, id, 'user.deleted@1', { userId: id }, ctx);
      });
    },

    /** Creates the admin account, or promotes an existing one (seed config and the CLI). */
    async ensureAdmin(input: { email: string; password: string; name: string }): Promise<UserRecord> {
      const passwordHash = await hashNewPassword(input.password);
      return withTransaction(pool, async (client) => {
        const existing = await users.byEmail(client, input.email);
        if (existing) {
          await users.setRole(client, existing.id, 'admin', clock.now());
          if (!existing.passwordHash) await users.setPassword(client, existing.id, passwordHash, clock.now());
          return (await users.byId(client, existing.id))!;
        }
        return createUser(client, { email: input.email.toLowerCase(), name: input.name, passwordHash, role: 'admin' }, {});
      });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
