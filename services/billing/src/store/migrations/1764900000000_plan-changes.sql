-- Up Migration
-- Credit left over from a plan change, used by the next bills.
ALTER TABLE subscriptions ADD COLUMN credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0);
-- An invoice's lines when it has several (a plan change: the credit for unused time and the new plan).
ALTER TABLE invoices ADD COLUMN lines jsonb NOT NULL DEFAULT '[]';

-- Down Migration
ALTER TABLE invoices DROP COLUMN lines;
ALTER TABLE subscriptions DROP COLUMN credit_cents;
