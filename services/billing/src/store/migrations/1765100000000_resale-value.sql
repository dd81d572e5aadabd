-- Up Migration
-- Pairs members sold through the product (collection's item_sold, removed again by sale_undone): admin analytics
-- shows the value sold per month.
CREATE TABLE member_sales (
  sale_id      uuid PRIMARY KEY,
  user_id      text NOT NULL,
  sold_at      date NOT NULL,
  platform     text NOT NULL,
  sale_price   integer NOT NULL,
  net_proceeds integer NOT NULL
);
CREATE INDEX member_sales_by_day ON member_sales (sold_at);
CREATE INDEX member_sales_by_member ON member_sales (user_id);

-- Down Migration
DROP TABLE member_sales;
