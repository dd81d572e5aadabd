-- Up Migration
-- The people billing knows, from user.registered (erased on user.deleted).
CREATE TABLE accounts (
  user_id    uuid PRIMARY KEY,
  email      text NOT NULL,
  name       text NOT NULL,
  role       text NOT NULL DEFAULT 'member',
  created_at timestamptz NOT NULL
);
CREATE INDEX accounts_created ON accounts (created_at);

-- One subscription per user: the trial, then the paid plan (a plan change updates this row).
CREATE TABLE subscriptions (
  user_id                 uuid PRIMARY KEY,
  tier                    text NOT NULL CHECK (tier IN ('trial', 'premium', 'unlimited')),
  status                  text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired')),
  billing_period          text CHECK (billing_period IN ('monthly', 'yearly')),
  amount_cents            integer NOT NULL DEFAULT 0,
  trial_started_at        timestamptz NOT NULL,
  trial_ends_at           timestamptz NOT NULL,
  -- The anniversary that usage periods of paid plans count from.
  period_anchor           timestamptz,
  current_period_end      timestamptz,
  cancel_at_period_end    boolean NOT NULL DEFAULT false,
  gateway                 text CHECK (gateway IN ('stripe', 'local')),
  customer_id             text,
  gateway_subscription_id text UNIQUE,
  -- Time of the newest gateway event applied, so older ones arriving late change nothing.
  state_at                timestamptz,
  paid_since              timestamptz,
  canceled_at             timestamptz,
  updated_at              timestamptz NOT NULL
);
CREATE INDEX subscriptions_trials_due ON subscriptions (trial_ends_at) WHERE status = 'trialing';
CREATE INDEX subscriptions_period_due ON subscriptions (current_period_end) WHERE status IN ('active', 'past_due');
CREATE UNIQUE INDEX subscriptions_customer ON subscriptions (customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE invoices (
  id                 uuid PRIMARY KEY,
  user_id            uuid,
  gateway_invoice_id text UNIQUE,
  description        text NOT NULL,
  plan               text,
  amount_cents       integer NOT NULL,
  currency           text NOT NULL DEFAULT 'usd',
  status             text NOT NULL CHECK (status IN ('paid', 'failed', 'open')),
  invoice_url        text,
  created_at         timestamptz NOT NULL
);
CREATE INDEX invoices_user ON invoices (user_id, created_at DESC, id DESC);
CREATE INDEX invoices_created ON invoices (created_at);

-- Checkout sessions of the local gateway (opened by signed, expiring links).
CREATE TABLE local_checkouts (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL,
  plan           text NOT NULL,
  billing_period text NOT NULL,
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'canceled')),
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL
);

-- Each gateway event is applied once.
CREATE TABLE gateway_events (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  received_at timestamptz NOT NULL
);

-- The usage ledger: one row per counted unit; a refund marks the row.
CREATE TABLE usage_ledger (
  id          bigserial PRIMARY KEY,
  user_id     uuid NOT NULL,
  action      text NOT NULL,
  period      text NOT NULL,
  usage_key   text NOT NULL,
  plan        text NOT NULL,
  created_at  timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE UNIQUE INDEX usage_ledger_once ON usage_ledger (user_id, action, period, usage_key) WHERE refunded_at IS NULL;
CREATE INDEX usage_ledger_created ON usage_ledger (created_at);

-- Collection sizes, projected from collection events.
CREATE TABLE item_counts (
  user_id    uuid PRIMARY KEY,
  count      integer NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Facts for admin analytics: sign-ups, trials, conversions, plan changes, churn, payments, activity, client events.
CREATE TABLE analytics_facts (
  id           bigserial PRIMARY KEY,
  user_id      uuid,
  kind         text NOT NULL,
  plan         text,
  amount_cents integer,
  detail       text,
  occurred_at  timestamptz NOT NULL
);
CREATE INDEX analytics_facts_kind ON analytics_facts (kind, occurred_at);

-- Down Migration
DROP TABLE analytics_facts;
DROP TABLE item_counts;
DROP TABLE usage_ledger;
DROP TABLE gateway_events;
DROP TABLE local_checkouts;
DROP TABLE invoices;
DROP TABLE subscriptions;
DROP TABLE accounts;
