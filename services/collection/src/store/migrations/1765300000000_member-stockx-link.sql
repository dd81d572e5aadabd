-- Up Migration
-- A member's own StockX account (their order history): the OAuth tokens sealed with the token key (never
-- their text), when it was linked, and the last import of its completed orders.
CREATE TABLE stockx_link (
  user_id        text PRIMARY KEY,
  access_token   text NOT NULL,
  refresh_token  text NOT NULL,
  expires_at     timestamptz NOT NULL,
  scope          text,
  linked_at      timestamptz NOT NULL,
  refreshed_at   timestamptz,
  last_import_at timestamptz
);

-- Down Migration
DROP TABLE stockx_link;
