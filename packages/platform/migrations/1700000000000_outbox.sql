-- Up Migration
-- Events written in the same transaction as the business change; a relay publishes them to Kafka.
CREATE TABLE outbox (
  seq             bigserial PRIMARY KEY,
  id              uuid NOT NULL UNIQUE,
  topic           text NOT NULL,
  message_key     text NOT NULL,
  type            text NOT NULL,
  envelope        jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  created_at      timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  published_at    timestamptz
);
CREATE INDEX outbox_pending ON outbox (seq) WHERE status = 'pending';
CREATE INDEX outbox_published_at ON outbox (published_at) WHERE status = 'published';

-- One row per event a consumer has applied; written in the same transaction as the effect.
CREATE TABLE processed_event (
  consumer     text NOT NULL,
  event_id     uuid NOT NULL,
  processed_at timestamptz NOT NULL,
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP TABLE processed_event;
DROP TABLE outbox;
