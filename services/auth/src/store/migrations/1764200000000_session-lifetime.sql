-- Up Migration
-- A sign-in's refresh tokens carry the moment it began, so that it ends at an absolute time however often it is refreshed.
ALTER TABLE refresh_tokens ADD COLUMN session_started_at timestamptz;
UPDATE refresh_tokens t SET session_started_at = f.started_at
  FROM (SELECT family_id, min(created_at) AS started_at FROM refresh_tokens GROUP BY family_id) f
  WHERE t.family_id = f.family_id;
ALTER TABLE refresh_tokens ALTER COLUMN session_started_at SET NOT NULL;

-- Down Migration
ALTER TABLE refresh_tokens DROP COLUMN session_started_at;
