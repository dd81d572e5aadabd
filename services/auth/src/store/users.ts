import type { Queryable } from '@kicksight/platform';
import type { MembershipStatus, Role, Tier } from '../domain/membership.ts';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub: string | null;
  avatarUrl: string | null;
  role: Role;
  tier: Tier;
  membershipStatus: MembershipStatus;
  emailNotifications: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `id, email, name, password_hash, google_sub, avatar_url, role, tier, membership_status,
  email_notifications, last_sign_in_at, created_at`;

type Row = {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  google_sub: string | null;
  avatar_url: string | null;
  role: Role;
  tier: Tier;
  membership_status: MembershipStatus;
  email_notifications: boolean;
  last_sign_in_at: Date | null;
  created_at: Date;
};

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  googleSub: r.google_sub,
  avatarUrl: r.avatar_url,
  role: r.role,
  tier: r.tier,
  membershipStatus: r.membership_status,
  emailNotifications: r.email_notifications,
  lastSignInAt: r.last_sign_in_at,
  createdAt: r.created_at,
});

async function one(db: Queryable, sql: string, params: unknown[]): Promise<UserRecord | undefined> {
  const { rows } = await db.query<Row>(sql, params);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Postgres' unique-violation code, raised by a second account with the same email. */
export const UNIQUE_VIOLATION = '23505';

export const users = {
  byId: (db: Queryable, id: string) => one(db, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]),
  byEmail: (db: Queryable, email: string) => one(db, `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]),
  byGoogleSub: (db: Queryable, sub: string) => one(db, `SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]),

  insert: (
    db: Queryable,
    user: { id: string; email: string; name: string; passwordHash: string | null; googleSub?: string; avatarUrl?: string; role?: Role; now: Date },
  ) =>
    one(
      db,
      `INSERT INTO users (id, email, name, password_hash, google_sub, avatar_url, role, last_sign_in_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8) RETURNING ${COLUMNS}`,
      [user.id, user.email, user.name, user.passwordHash, user.googleSub ?? null, user.avatarUrl ?? null, user.role ?? 'member', user.now],
    ) as Promise<UserRecord>,

  updateProfile: (db: Queryable, id: string, profile: { name: string; email: string }, now: Date) =>
    one(db, `UPDATE users SET name = $2, email = $3, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`, [id, profile.name, profile.email, now]),

  setPassword: (db: Queryable, id: string, passwordHash: string, now: Date) =>
    db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, now]),

  setRole: (db: Queryable, id: string, role: Role, now: Date) => db.query('UPDATE users SET role = $2, updated_at = $3 WHERE id = $1', [id, role, now]),

  linkGoogle: (db: Queryable, id: string, googleSub: string, avatarUrl: string | undefined, now: Date) =>
    one(
      db,
      `UPDATE users SET google_sub = $2, avatar_url = COALESCE(avatar_url, $3), updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, googleSub, avatarUrl ?? null, now],
    ),

  setEmailNotifications: (db: Queryable, id: string, enabled: boolean, now: Date) =>
    one(db, `UPDATE users SET email_notifications = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`, [id, enabled, now]),

  recordSignIn: (db: Queryable, id: string, now: Date) => db.query('UPDATE users SET last_sign_in_at = $2 WHERE id = $1', [id, now]),

  /** Marks the user active on a UTC day; true only the first time that day. */
  async markActive(db: Queryable, id: string, day: string): Promise<boolean> {
    const { rowCount } = await db.query('UPDATE users SET last_active_day = $2 WHERE id = $1 AND last_active_day IS DISTINCT FROM $2::date', [id, day]);
    return rowCount === 1;
  },

  /** Applies billing's view of the membership unless a later one was already applied. */
  async applyMembership(db: Queryable, id: string, change: { tier?: Tier; status: MembershipStatus }, at: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE users SET tier = COALESCE($2, tier), membership_status = $3, membership_updated_at = $4, updated_at = $4
        WHERE id = $1 AND (membership_updated_at IS NULL OR membership_updated_at <= $4)`,
      [id, change.tier ?? null, change.status, at],
    );
    return rowCount === 1;
  },

  delete: (db: Queryable, id: string) => db.query('DELETE FROM users WHERE id = $1', [id]),

  newest: async (db: Queryable, limit: number) => {
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM users ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
    return rows.map(toRecord);
  },
};
