-- Up Migration
-- Links of an email change, stored as hashes: `confirm` goes to the new address and applies the change;
-- `undo` goes to the previous address and restores it.
CREATE TABLE email_change_tokens (
  token_hash      text PRIMARY KEY,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('confirm', 'undo')),
  previous_email  text NOT NULL,
  new_email       text NOT NULL,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz
);
CREATE INDEX email_change_tokens_user ON email_change_tokens (user_id);

-- Down Migration
DROP TABLE email_change_tokens;
