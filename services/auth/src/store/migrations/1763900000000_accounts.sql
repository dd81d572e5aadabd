-- Up Migration
CREATE TABLE users (
  id                    uuid PRIMARY KEY,
  email                 text NOT NULL,
  name                  text NOT NULL,
  password_hash         text,
  google_sub            text UNIQUE,
  avatar_url            text,
  role                  text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  -- Projection of billing's subscription events: the tier and the membership status.
  tier                  text NOT NULL DEFAULT 'trial' CHECK (tier IN ('trial', 'premium', 'unlimited')),
  membership_status     text NOT NULL DEFAULT 'trial' CHECK (membership_status IN ('trial', 'active', 'cancelled', 'expired')),
  membership_updated_at timestamptz,
  email_notifications   boolean NOT NULL DEFAULT true,
  last_sign_in_at       timestamptz,
  last_active_day       date,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE INDEX users_newest ON users (created_at DESC, id DESC);

-- Refresh tokens rotate on every use; a family is one sign-in. Only hashes are stored.
CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id   uuid NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE password_reset_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

CREATE TABLE api_keys (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL,
  prefix       text NOT NULL,
  key_hash     text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at DESC);

-- Down Migration
DROP TABLE api_keys;
DROP TABLE password_reset_tokens;
DROP TABLE refresh_tokens;
DROP TABLE users;
