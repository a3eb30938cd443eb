-- Privacy rights the Terms promise (issue 26, decision 028): the age confirmation, last activity and
-- closure on the user; one row per closed account for the purge 7 years later; vendors a closure took
-- out of public view; and the one way the retention purge may delete ledger rows.
-- Rows written outside sign-up (the demo seed, the bootstrap admin, the CLI) are confirmed by whoever
-- wrote them; sign-up always writes the column itself (null for a first Google sign-in).
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Everyone so far signed up under a box that read "I am at least 18"; nobody's 2 years start before today.
UPDATE "users" SET "age_confirmed_at" = "created_at", "last_active_at" = now();--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at") WHERE "closed_at" IS NULL;--> statement-breakpoint
CREATE TABLE "account_closures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"purge_at" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone,
	"purge_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "account_closures_reason_check" CHECK ("account_closures"."reason" IN ('requested', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_purge_idx" ON "account_closures" USING btree ("purge_at") WHERE "purged_at" IS NULL;--> statement-breakpoint
ALTER TABLE "vendors" DROP CONSTRAINT "vendors_status_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_status_check" CHECK ("vendors"."status" IN ('pending', 'approved', 'rejected', 'closed'));--> statement-breakpoint
-- Append-only, with two exceptions: the demo clear (0028) and the retention purge below, each told by
-- a setting only its SECURITY DEFINER function sets.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('frosted.purge_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('frosted.clear_demo', true) = 'on' THEN
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
-- The retention purge's only way into the ledger: whole transactions of orders both of whose parties
-- closed their accounts at least 7 years before `as_of`, and the payouts of a vendor closed that long
-- with no order left; then the accounts nothing posts to any more. Every transaction deleted sums to
-- zero, so what remains still balances. Executable by the app's role (as PUBLIC): the function, not
-- its caller, decides what may go.
CREATE OR REPLACE FUNCTION ledger_purge_retained_postings(p_order_ids text[], p_vendor_id text, as_of timestamptz)
  RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET frosted.purge_retention = 'on' AS $$
DECLARE
  limit_at timestamptz := as_of - interval '7 years';
  deleted integer := 0;
  txs text[];
BEGIN
  SELECT coalesce(array_agg(t.id), '{}') INTO txs
  FROM ledger_transactions t
  JOIN orders o ON o.id = t.order_id
  JOIN vendors v ON v.id = o.vendor_id
  WHERE t.order_id = ANY(p_order_ids)
    AND EXISTS (SELECT 1 FROM account_closures c WHERE c.user_id = o.customer_id AND c.closed_at <= limit_at)
    AND EXISTS (SELECT 1 FROM account_closures c WHERE c.user_id = v.user_id AND c.closed_at <= limit_at);
  IF p_vendor_id IS NOT NULL THEN
    SELECT txs || coalesce(array_agg(t.id), '{}') INTO txs
    FROM ledger_transactions t JOIN vendors v ON v.id = t.vendor_id
    WHERE t.vendor_id = p_vendor_id AND t.order_id IS NULL
      AND EXISTS (SELECT 1 FROM account_closures c WHERE c.user_id = v.user_id AND c.closed_at <= limit_at)
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.vendor_id = p_vendor_id AND NOT (o.id = ANY(p_order_ids)));
  END IF;
  DELETE FROM ledger_entries WHERE transaction_id = ANY(txs);
  DELETE FROM ledger_transactions WHERE id = ANY(txs);
  GET DIAGNOSTICS deleted = ROW_COUNT;
  DELETE FROM ledger_accounts a
  WHERE (a.order_id = ANY(p_order_ids) OR (p_vendor_id IS NOT NULL AND a.vendor_id = p_vendor_id))
    AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id)
    AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.order_id = a.order_id OR t.vendor_id = a.vendor_id);
  RETURN deleted;
END $$;
