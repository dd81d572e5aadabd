import type { Queryable } from '@kicksight/platform';

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  /** When the sign-in this token continues began (the family's first token). */
  sessionStartedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** Refresh tokens (rotating, in families) and password reset tokens; both stored as hashes. */
export const refreshTokens = {
  insert: (db: Queryable, t: { id: string; userId: string; familyId: string; sessionStartedAt: Date; hash: string; now: Date; expiresAt: Date }) =>
    db.query('INSERT INTO refresh_tokens (id, user_id, family_id, session_started_at, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      t.id,
      t.userId,
      t.familyId,
      t.sessionStartedAt,
      t.hash,
      t.now,
      t.expiresAt,
    ]),

  /** Locks the token's row so two refreshes with one token cannot both rotate it. */
  async lockByHash(db: Queryable, hash: string): Promise<RefreshTokenRecord | undefined> {
    const { rows } = await db.query<{ id: string; user_id: string; family_id: string; session_started_at: Date; expires_at: Date; used_at: Date | null; revoked_at: Date | null }>(
      'SELECT id, user_id, family_id, session_started_at, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
      [hash],
    );
    const r = rows[0];
    return r && { id: r.id, userId: r.user_id, familyId: r.family_id, sessionStartedAt: r.session_started_at, expiresAt: r.expires_at, usedAt: r.used_at, revokedAt: r.revoked_at };
  },

  markUsed: (db: Queryable, id: string, now: Date) => db.query('UPDATE refresh_tokens SET used_at = $2 WHERE id = $1', [id, now]),

  revokeFamily: (db: Queryable, familyId: string, now: Date) =>
    db.query('UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE family_id = $1', [familyId, now]),

  revokeByHash: (db: Queryable, hash: string, now: Date) =>
    db.query('UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE token_hash = $1', [hash, now]),

  /** Ends the sign-in a refresh token belongs to (its whole family); the user and the family, if the token was ours. */
  async endSessionOf(db: Queryable, hash: string, now: Date): Promise<{ userId: string; familyId: string } | undefined> {
    const { rows } = await db.query<{ user_id: string; family_id: string }>(
      `UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, $2)
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)
       RETURNING user_id, family_id`,
      [hash, now],
    );
    const r = rows[0];
    return r && { userId: r.user_id, familyId: r.family_id };
  },

  /**
   * Ends every sign-in of the user, or every one but `keepFamilyId` (the sign-in that asked), and answers the
   * sign-ins whose access tokens may still be valid: those with a token issued since `issuedSince` (an access
   * token is issued with each refresh token).
   */
  async endSessionsOfUser(db: Queryable, userId: string, now: Date, issuedSince: Date, keepFamilyId?: string): Promise<string[]> {
    const { rows } = await db.query<{ family_id: string }>(
      `WITH ended AS (
         UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, $2)
          WHERE user_id = $1 AND family_id IS DISTINCT FROM $3::uuid
         RETURNING family_id, created_at)
       SELECT DISTINCT family_id FROM ended WHERE created_at > $4`,
      [userId, now, keepFamilyId ?? null, issuedSince],
    );
    return rows.map((r) => r.family_id);
  },
};

export const resetTokens = {
  insert: (db: Queryable, t: { hash: string; userId: string; now: Date; expiresAt: Date }) =>
    db.query('INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [t.hash, t.userId, t.now, t.expiresAt]),

  /** The user a reset token belongs to while it is unused and unexpired. */
  async validUser(db: Queryable, hash: string, now: Date, lock = false): Promise<string | undefined> {
    const { rows } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2${lock ? ' FOR UPDATE' : ''}`,
      [hash, now],
    );
    return rows[0]?.user_id;
  },

  /** Uses the token, and every other outstanding token of the user with it. */
  consumeAllOfUser: (db: Queryable, userId: string, now: Date) =>
    db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]),
};

export interface EmailChangeToken {
  userId: string;
  previousEmail: string;
  newEmail: string;
}

/** The links of an email change: `confirm` (sent to the new address) and `undo` (sent to the previous one). */
export const emailChangeTokens = {
  insert: (db: Queryable, t: { hash: string; userId: string; kind: 'confirm' | 'undo'; previousEmail: string; newEmail: string; now: Date; expiresAt: Date }) =>
    db.query('INSERT INTO email_change_tokens (token_hash, user_id, kind, previous_email, new_email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      t.hash,
      t.userId,
      t.kind,
      t.previousEmail,
      t.newEmail,
      t.now,
      t.expiresAt,
    ]),

  /** Uses a valid token of that kind (unused, unexpired) and returns what it was for; undefined otherwise. */
  async use(db: Queryable, hash: string, kind: 'confirm' | 'undo', now: Date): Promise<EmailChangeToken | undefined> {
    const { rows } = await db.query<{ user_id: string; previous_email: string; new_email: string }>(
      `UPDATE email_change_tokens SET used_at = $3 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
       RETURNING user_id, previous_email, new_email`,
      [hash, kind, now],
    );
    const r = rows[0];
    return r && { userId: r.user_id, previousEmail: r.previous_email, newEmail: r.new_email };
  },

  /** The new address an unused, unexpired confirmation link of the user is waiting for, if any. */
  async pendingEmail(db: Queryable, userId: string, now: Date): Promise<string | undefined> {
    const { rows } = await db.query<{ new_email: string }>(
      `SELECT new_email FROM email_change_tokens WHERE user_id = $1 AND kind = 'confirm' AND used_at IS NULL AND expires_at > $2 ORDER BY created_at DESC LIMIT 1`,
      [userId, now],
    );
    return rows[0]?.new_email;
  },

  /** Voids the user's outstanding links of that kind (a newer request replaces them). */
  voidAllOfUser: (db: Queryable, userId: string, kind: 'confirm' | 'undo', now: Date) =>
    db.query('UPDATE email_change_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind, now]),
};
