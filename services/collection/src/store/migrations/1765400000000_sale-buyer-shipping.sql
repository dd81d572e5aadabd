-- Up Migration
-- Shipping the buyer paid on top of the price: part of what a sale brings in, and of eBay's final value fee base.
ALTER TABLE sale ADD COLUMN buyer_shipping integer NOT NULL DEFAULT 0 CHECK (buyer_shipping >= 0);
ALTER TABLE sale DROP CONSTRAINT sale_check;
ALTER TABLE sale ADD CONSTRAINT sale_costs_within_proceeds CHECK (fees_total + shipping_cost + other_fees <= sale_price + buyer_shipping);

-- Down Migration
ALTER TABLE sale DROP CONSTRAINT sale_costs_within_proceeds;
ALTER TABLE sale ADD CONSTRAINT sale_check CHECK (fees_total + shipping_cost + other_fees <= sale_price);
ALTER TABLE sale DROP COLUMN buyer_shipping;
