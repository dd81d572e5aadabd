-- Up Migration
-- A paused alert keeps following its price (its side stays current) but does not fire.
ALTER TABLE price_alert ADD COLUMN paused_at timestamptz;

-- Down Migration
ALTER TABLE price_alert DROP COLUMN paused_at;
