-- Up Migration
-- What notifications knows of each member, projected from the user topic: where to write, whether
-- they want emails beyond the transactional ones, and when they were last active. An erased member
-- keeps a row without address or name, so late events for them send nothing.
CREATE TABLE recipient (
  user_id             text PRIMARY KEY,
  email               text,
  name                text,
  email_notifications boolean NOT NULL DEFAULT true,
  last_active_day     date,
  erased              boolean NOT NULL DEFAULT false,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX recipient_last_active ON recipient (last_active_day) WHERE NOT erased;

-- Trials under way, from subscription.trial_started; gone once the member pays or the trial expires.
CREATE TABLE trial (
  user_id        text PRIMARY KEY,
  trial_ends_at  timestamptz NOT NULL
);
CREATE INDEX trial_ends ON trial (trial_ends_at);

-- Every email, logged before it is queued: the unique key makes a redelivered event or a second run
-- of a job send nothing twice. `payload` holds what the template shows; `to_address` is set when the
-- trigger names the address (a password reset), else the member's current address is used.
CREATE TABLE sent_email (
  id          uuid PRIMARY KEY,
  user_id     text NOT NULL,
  template    text NOT NULL,
  key         text NOT NULL UNIQUE,
  payload     jsonb NOT NULL DEFAULT '{}',
  to_address  text,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'skipped', 'failed')),
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  message_id  text,
  created_at  timestamptz NOT NULL,
  sent_at     timestamptz
);
CREATE INDEX sent_email_user ON sent_email (user_id, created_at DESC);
CREATE INDEX sent_email_queued ON sent_email (created_at) WHERE status = 'queued';

-- In-app notifications.
CREATE TABLE notification (
  id          uuid PRIMARY KEY,
  user_id     text NOT NULL,
  type        text NOT NULL,
  title       text NOT NULL,
  message     text NOT NULL,
  link        text,
  -- The sneaker a notification is about (a price alert), for the app to open it.
  sneaker_id  text,
  read_at     timestamptz,
  created_at  timestamptz NOT NULL
);
CREATE INDEX notification_user ON notification (user_id, created_at DESC, id DESC);
CREATE INDEX notification_unread ON notification (user_id) WHERE read_at IS NULL;

-- Feedback from anyone; user_id is set when the sender was signed in (cleared when they are erased).
CREATE TABLE feedback (
  id          uuid PRIMARY KEY,
  user_id     text,
  email       text,
  message     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX feedback_user ON feedback (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;

-- Down Migration
DROP TABLE feedback;
DROP TABLE notification;
DROP TABLE sent_email;
DROP TABLE trial;
DROP TABLE recipient;
