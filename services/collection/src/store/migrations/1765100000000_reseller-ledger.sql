-- Up Migration
-- The reseller ledger: an item's whole cost basis, its status (owned, listed on a platform at an ask, sold),
-- and its sale. Existing items are owned, with no shipping or tax paid.
ALTER TABLE item
  ADD COLUMN sku               text,
  ADD COLUMN purchased_from    text,
  ADD COLUMN purchase_shipping integer NOT NULL DEFAULT 0 CHECK (purchase_shipping >= 0),
  ADD COLUMN purchase_tax      integer NOT NULL DEFAULT 0 CHECK (purchase_tax >= 0),
  ADD COLUMN cost_known        boolean NOT NULL DEFAULT true,
  ADD COLUMN status            text NOT NULL DEFAULT 'owned' CHECK (status IN ('owned', 'listed', 'sold')),
  ADD COLUMN listing_platform  text,
  ADD COLUMN ask_price         integer CHECK (ask_price > 0),
  ADD CONSTRAINT item_listing CHECK ((status = 'listed') = (listing_platform IS NOT NULL AND ask_price IS NOT NULL));

-- A pair's sale: one per item. Fees are kept line by line as they were computed or entered that day.
CREATE TABLE sale (
  id            uuid PRIMARY KEY,
  user_id       text NOT NULL,
  item_id       uuid NOT NULL UNIQUE REFERENCES item (id) ON DELETE CASCADE,
  sold_at       date NOT NULL,
  platform      text NOT NULL CHECK (platform IN ('stockx', 'goat', 'ebay', 'other')),
  sale_price    integer NOT NULL CHECK (sale_price > 0),
  fees          jsonb NOT NULL,
  fees_total    integer NOT NULL CHECK (fees_total >= 0),
  fee_schedule  text,
  fee_source    text,
  shipping_cost integer NOT NULL DEFAULT 0 CHECK (shipping_cost >= 0),
  other_fees    integer NOT NULL DEFAULT 0 CHECK (other_fees >= 0),
  source        text NOT NULL CHECK (source IN ('manual', 'csv', 'stockx')),
  -- The marketplace's own order number, for an imported sale (a second import finds it).
  external_id   text,
  created_at    timestamptz NOT NULL,
  CHECK (fees_total + shipping_cost + other_fees <= sale_price)
);
CREATE INDEX sale_by_member ON sale (user_id, sold_at DESC, id);
CREATE UNIQUE INDEX sale_external ON sale (user_id, source, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX item_by_member_status ON item (user_id, status);

-- Ledger settings (the seller level and rating the fees use, the monthly email), and a version of the member's
-- sales moved by every change of them (a tax export is kept until it moves).
ALTER TABLE collector
  ADD COLUMN ledger_settings jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN ledger_version  bigint NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE collector DROP COLUMN ledger_version, DROP COLUMN ledger_settings;
DROP INDEX item_by_member_status;
DROP TABLE sale;
ALTER TABLE item
  DROP CONSTRAINT item_listing,
  DROP COLUMN ask_price,
  DROP COLUMN listing_platform,
  DROP COLUMN status,
  DROP COLUMN cost_known,
  DROP COLUMN purchase_tax,
  DROP COLUMN purchase_shipping,
  DROP COLUMN purchased_from,
  DROP COLUMN sku;
