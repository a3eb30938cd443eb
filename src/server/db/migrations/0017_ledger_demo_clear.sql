-- The ledger stays append-only, with one exception: the admin's Clear of the demo data (seed
-- service, clearDemoMoney) may delete the postings of demo orders and demo vendors, and only those,
-- inside the transaction that sets frosted.clear_demo.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('frosted.clear_demo', true) = 'on' THEN
    -- Nested: a condition on OLD.order_id is not even planned for a ledger_entries row.
    IF TG_TABLE_NAME = 'ledger_transactions' THEN
      IF OLD.order_id LIKE 'order-%' OR OLD.vendor_id LIKE 'vendor-%' THEN
        RETURN OLD;
      END IF;
    ELSIF EXISTS (
      SELECT 1 FROM ledger_transactions t
      WHERE t.id = OLD.transaction_id AND (t.order_id LIKE 'order-%' OR t.vendor_id LIKE 'vendor-%')
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only (% on %): post a correcting transaction instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
