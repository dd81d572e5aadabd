-- Up Migration
-- One row per member with a collection: the item count the collection limit is checked against
-- (locked with FOR UPDATE by every add, so concurrent adds are counted one after the other),
-- and the member's preferences and onboarding state.
CREATE TABLE collector (
  user_id     text PRIMARY KEY,
  item_count  integer NOT NULL DEFAULT 0 CHECK (item_count >= 0),
  preferences jsonb NOT NULL DEFAULT '{}',
  updated_at  timestamptz NOT NULL
);

-- Items. Values are not stored: they are read from the market-price projection when asked;
-- last_value is the value known at the item's last change (the fallback of the valuation rule).
CREATE TABLE item (
  id             uuid PRIMARY KEY,
  user_id        text NOT NULL,
  sneaker_id     text,
  name           text NOT NULL,
  brand          text NOT NULL,
  brand_key      text NOT NULL,
  colorway       text NOT NULL,
  size           double precision NOT NULL,
  image_url      text,
  retail_price   integer,
  purchase_price integer NOT NULL CHECK (purchase_price >= 0),
  purchase_date  date NOT NULL,
  condition      text NOT NULL,
  notes          text NOT NULL DEFAULT '',
  last_value     integer NOT NULL,
  added_at       timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
-- A member's items in the order pages default to, holding what valuing and sorting them needs
-- (read from the index alone once the rows are all-visible).
CREATE INDEX item_user_added ON item (user_id, added_at DESC, id DESC)
  INCLUDE (sneaker_id, size, brand_key, purchase_date, purchase_price, last_value);
CREATE INDEX item_sneaker ON item (sneaker_id) WHERE sneaker_id IS NOT NULL;

-- Items taken out of the collection; with a sold price they count as realised gains.
CREATE TABLE removed_item (
  id             uuid PRIMARY KEY,
  user_id        text NOT NULL,
  sneaker_id     text,
  name           text NOT NULL,
  brand          text NOT NULL,
  size           double precision NOT NULL,
  purchase_price integer NOT NULL,
  sold_price     integer,
  value_at_removal integer NOT NULL,
  removed_at     timestamptz NOT NULL
);
CREATE INDEX removed_item_user ON removed_item (user_id, removed_at DESC);

CREATE TABLE photo (
  id           uuid PRIMARY KEY,
  item_id      uuid NOT NULL REFERENCES item (id) ON DELETE CASCADE,
  user_id      text NOT NULL,
  content_type text NOT NULL,
  byte_size    integer NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX photo_item ON photo (item_id, created_at, id);

-- The market-price projection, fed by price.changed: a row changes only when its seq grows.
CREATE TABLE market_price (
  sneaker_id text NOT NULL,
  size       double precision NOT NULL,
  price      integer NOT NULL,
  seq        bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (sneaker_id, size)
);

-- Per sneaker, from its market_price rows: the average (the valuation's fallback) and the lowest
-- price across sizes (what an alert without a size watches).
CREATE TABLE sneaker_market (
  sneaker_id    text PRIMARY KEY,
  average_price integer,
  lowest_price  integer,
  sizes         integer NOT NULL,
  updated_at    timestamptz NOT NULL
);

-- Catalogue facts of the sneakers members track (items, alerts, watchlist), kept from the first
-- time one was added; the market prices were seeded from the catalogue then.
CREATE TABLE tracked_sneaker (
  sneaker_id   text PRIMARY KEY,
  name         text NOT NULL,
  brand        text NOT NULL,
  colorway     text NOT NULL,
  image_url    text,
  retail_price integer,
  seeded_at    timestamptz NOT NULL
);

-- A price alert remembers which side of its target the watched price was last on.
CREATE TABLE price_alert (
  id                uuid PRIMARY KEY,
  user_id           text NOT NULL,
  sneaker_id        text NOT NULL,
  size              double precision,
  target_price      integer NOT NULL,
  last_side         text CHECK (last_side IN ('above', 'below')),
  last_price        integer,
  trigger_count     integer NOT NULL DEFAULT 0,
  last_triggered_at timestamptz,
  created_at        timestamptz NOT NULL
);
CREATE INDEX price_alert_user ON price_alert (user_id, created_at DESC, id DESC);
CREATE INDEX price_alert_sneaker ON price_alert (sneaker_id);

CREATE TABLE watchlist_entry (
  id         uuid PRIMARY KEY,
  user_id    text NOT NULL,
  sneaker_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, sneaker_id)
);
CREATE INDEX watchlist_entry_user ON watchlist_entry (user_id, created_at DESC, id DESC);

-- The activity feed: each member's newest entries (older ones are pruned as new ones come).
CREATE TABLE activity (
  id          uuid PRIMARY KEY,
  user_id     text NOT NULL,
  type        text NOT NULL,
  title       text NOT NULL,
  description text NOT NULL,
  sneaker_id  text,
  subject_id  uuid,
  amount      integer,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX activity_user ON activity (user_id, occurred_at DESC, id DESC);

-- Daily valuations, written by the snapshot job (runnable for a given day).
CREATE TABLE valuation_snapshot (
  user_id     text NOT NULL,
  day         date NOT NULL,
  total_value bigint NOT NULL,
  total_cost  bigint NOT NULL,
  item_count  integer NOT NULL,
  taken_at    timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- Down Migration
DROP TABLE valuation_snapshot;
DROP TABLE activity;
DROP TABLE watchlist_entry;
DROP TABLE price_alert;
DROP TABLE tracked_sneaker;
DROP TABLE sneaker_market;
DROP TABLE market_price;
DROP TABLE photo;
DROP TABLE removed_item;
DROP TABLE item;
DROP TABLE collector;
