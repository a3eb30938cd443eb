-- Decision 013: the ledger stays append-only whoever connects. Demo rows are marked by a column (not
-- by their ids), TRUNCATE is refused by a trigger, the demo clear's deletions go through one function
-- owned by the migrating role, and the app's role (frosted_app, when it exists) gets only the
-- privileges it needs: INSERT and SELECT on the ledger.
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cake_designs" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_favorites" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The last time demo rows are told by their ids: the seeder's prefixes, which ids the app generates
-- (UUIDs, Better Auth's ids) never have. From here on the seeder sets the column.
UPDATE "users" SET "is_demo" = true WHERE "id" LIKE 'user-demo-%';--> statement-breakpoint
UPDATE "vendors" SET "is_demo" = true WHERE "id" LIKE 'vendor-%';--> statement-breakpoint
UPDATE "cake_designs" SET "is_demo" = true WHERE "id" LIKE 'cake-%';--> statement-breakpoint
UPDATE "orders" SET "is_demo" = true WHERE "id" LIKE 'order-%';--> statement-breakpoint
UPDATE "customer_favorites" SET "is_demo" = true WHERE "id" LIKE 'fav-%';--> statement-breakpoint
UPDATE "reviews" SET "is_demo" = true WHERE "id" LIKE 'review-%';--> statement-breakpoint
-- A posting is demo money when its order is a demo order; a posting without an order (a payout) when
-- its vendor is a demo vendor no real order has used: then everything it paid out was demo money.
-- Decided by the database when the posting is written, and never changed after (the table is
-- append-only), so marking an order as demo later cannot make its postings deletable.
CREATE OR REPLACE FUNCTION ledger_is_demo_posting(posting_order_id text, posting_vendor_id text)
  RETURNS boolean LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT CASE
    WHEN posting_order_id IS NOT NULL THEN
      COALESCE((SELECT o.is_demo FROM orders o WHERE o.id = posting_order_id), false)
    WHEN posting_vendor_id IS NOT NULL THEN EXISTS (
      SELECT 1 FROM vendors v
      WHERE v.id = posting_vendor_id AND v.is_demo
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.vendor_id = v.id AND NOT o.is_demo))
    ELSE false
  END
$$;--> statement-breakpoint
ALTER TABLE "ledger_transactions" DISABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
UPDATE "ledger_transactions" SET "is_demo" = true WHERE ledger_is_demo_posting("order_id", "vendor_id");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transaction_demo() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp AS $$
BEGIN
  -- Whatever the insert said: the flag is the database's to decide.
  NEW.is_demo := ledger_is_demo_posting(NEW.order_id, NEW.vendor_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_demo" BEFORE INSERT ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_demo();--> statement-breakpoint
-- Append-only, with one exception (0017): the demo clear deletes demo postings, now told by the
-- column, so a real order placed with a demo vendor keeps its postings.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('frosted.clear_demo', true) = 'on' THEN
    -- Nested: a condition on OLD.is_demo is not even planned for a ledger_entries row.
    IF TG_TABLE_NAME = 'ledger_transactions' THEN
      IF OLD.is_demo THEN
        RETURN OLD;
      END IF;
    ELSIF EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = OLD.transaction_id AND t.is_demo) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only (% on %): post a correcting transaction instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
-- Row triggers do not see TRUNCATE; this one holds for every role, the owner and superusers included.
CREATE OR REPLACE FUNCTION ledger_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only (TRUNCATE on %): post a correcting transaction instead', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();--> statement-breakpoint
-- The demo clear's only way into the ledger: the app's role may not delete ledger rows at all, so it
-- calls this function, which runs as its owner and deletes demo postings and nothing else. The SET
-- clause makes the flag (and the search path) last only while it runs.
CREATE OR REPLACE FUNCTION ledger_delete_demo_postings() RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET frosted.clear_demo = 'on' AS $$
BEGIN
  DELETE FROM ledger_entries e USING ledger_transactions t WHERE t.id = e.transaction_id AND t.is_demo;
  DELETE FROM ledger_transactions WHERE is_demo;
  DELETE FROM ledger_accounts a
  WHERE (a.order_id IN (SELECT id FROM orders WHERE is_demo) OR a.vendor_id IN (SELECT id FROM vendors WHERE is_demo))
    AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id);
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION ledger_delete_demo_postings() FROM PUBLIC;--> statement-breakpoint
-- What the app's role may do: read and write the tables, only read and append to the ledger, and read
-- which migrations ran (so it can start on a database the owner migrated). Run by this migration when
-- the role exists, and by scripts/db-roles.sql when the role is created later. Tables created by
-- later migrations get the same privileges by default; an append-only one revokes its own.
CREATE OR REPLACE FUNCTION frosted_grant_app_role(app_role name) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner name := (SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'ledger_entries');
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_roles
    WHERE rolname = app_role AND (rolsuper OR rolbypassrls OR pg_has_role(app_role, owner, 'MEMBER'))
  ) THEN
    RAISE EXCEPTION 'the app role % must not be a superuser nor own the tables (owner: %)', app_role, owner;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON ledger_accounts, ledger_transactions, ledger_entries FROM %I', app_role);
  EXECUTE format('GRANT EXECUTE ON FUNCTION ledger_delete_demo_postings() TO %I', app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', owner, app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', owner, app_role);
  IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
    EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', app_role);
    EXECUTE format('GRANT SELECT ON drizzle.__drizzle_migrations TO %I', app_role);
  END IF;
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION frosted_grant_app_role(name) FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  -- Absent on PGlite and wherever the app connects as the owner: nothing to grant.
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'frosted_app') THEN
    PERFORM frosted_grant_app_role('frosted_app');
  END IF;
END $$;
