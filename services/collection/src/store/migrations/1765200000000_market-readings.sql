-- Up Migration
-- Each size's market as price.changed tells it: the latest market reading (its highest bid and lowest
-- ask, their source and time) and the price its sales set (with the latest sale's source and time), kept
-- apart so a pair is valued by a fresh reading and falls back to its sales once the reading is stale;
-- and the times of the size's latest sales (enough to tell a thin market).
ALTER TABLE market_price
  ADD COLUMN highest_bid    integer,
  ADD COLUMN lowest_ask     integer,
  ADD COLUMN reading_source text,
  ADD COLUMN reading_at     timestamptz,
  ADD COLUMN sale_price     integer,
  ADD COLUMN sale_source    text,
  ADD COLUMN sale_at        timestamptz,
  ADD COLUMN latest_sales   timestamptz[];
-- Prices known before came from sales.
UPDATE market_price SET sale_price = price;

-- Down Migration
ALTER TABLE market_price
  DROP COLUMN highest_bid,
  DROP COLUMN lowest_ask,
  DROP COLUMN reading_source,
  DROP COLUMN reading_at,
  DROP COLUMN sale_price,
  DROP COLUMN sale_source,
  DROP COLUMN sale_at,
  DROP COLUMN latest_sales;
