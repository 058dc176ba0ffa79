-- Issue 53: the seller's inbox. Its items are read from the lasting records (the audit trail's decisions, the
-- ledger's payouts: server/modules/inbox/sources.ts); what is kept here is only how far each seller has read, so the
-- unread count is the same on every device. An item is unread while it is newer than read_through.
CREATE TABLE seller_inbox_reads (
  seller_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  read_through timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
