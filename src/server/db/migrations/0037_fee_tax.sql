-- Decision 029: GST (and PST, when configured) on the service fee. Orders keep the rates they were made
-- with; orders made before this migration get 0, so their money never changes.
ALTER TABLE "orders" ADD COLUMN "gst_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pst_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_tax_check" CHECK ("orders"."gst_bps" BETWEEN 0 AND 2500 AND "orders"."pst_bps" BETWEEN 0 AND 2500);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "gst_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_gst_number_check" CHECK ("vendors"."gst_number" ~ '^[0-9]{9}RT[0-9]{4}$');--> statement-breakpoint
-- The tax's own ledger accounts. The list is every kind the schema knows (other migrations may add theirs).
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" IN ('processor_cash', 'order_held', 'vendor_payable', 'platform_revenue', 'refunds_payable', 'gst_payable', 'pst_payable'));--> statement-breakpoint
CREATE TABLE "fee_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"payout_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"vendor_name" text NOT NULL,
	"vendor_address" text,
	"vendor_gst_number" text,
	"platform_gst_number" text,
	"fee_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"pst_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "fee_invoices_payout_id_unique" UNIQUE("payout_id"),
	CONSTRAINT "fee_invoices_amounts_check" CHECK ("fee_invoices"."fee_cents" >= 0 AND "fee_invoices"."gst_cents" >= 0 AND "fee_invoices"."pst_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "fee_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"ledger_transaction_id" text NOT NULL,
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"pst_cents" integer NOT NULL,
	"invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_charges_ledger_transaction_id_unique" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "fee_charges_amounts_check" CHECK ("fee_charges"."fee_cents" >= 0 AND "fee_charges"."gst_cents" >= 0 AND "fee_charges"."pst_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "fee_invoice_sequences" (
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "fee_invoice_sequences_year_pk" PRIMARY KEY("year")
);--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_year_sequence_uq" ON "fee_invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "fee_invoices_vendor_idx" ON "fee_invoices" USING btree ("vendor_id","issued_at");--> statement-breakpoint
CREATE INDEX "fee_charges_uninvoiced_idx" ON "fee_charges" USING btree ("vendor_id") WHERE "fee_charges"."invoice_id" IS NULL;--> statement-breakpoint
CREATE INDEX "fee_charges_invoice_idx" ON "fee_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_charges_order_idx" ON "fee_charges" USING btree ("order_id");
