-- One checkout for several orders (issue 25): a checkout group owns the customer and the single payment
-- the processor sees; each order's share is its payment row (checkout_group_id). Payouts from a group's
-- money are sent as transfers carrying its transfer_group and charge (payout_transfers). The sandbox keeps
-- the same facts in its own tables. Grants come from migration 0028's default privileges (decision 013).
CREATE TABLE "checkout_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"charge_ref" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"transfer_group" text NOT NULL,
	"failure_message" text,
	"submitted_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_groups_status_check" CHECK ("checkout_groups"."status" IN ('requires_payment', 'requires_action', 'succeeded', 'failed', 'replaced')),
	CONSTRAINT "checkout_groups_amount_check" CHECK ("checkout_groups"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"checkout_group_id" text,
	"amount" integer NOT NULL,
	"transfer_group" text NOT NULL,
	"source_ref" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_amount_check" CHECK ("payout_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_group_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "transfer_group" text;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN "transfer_group" text;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN "source_charge_id" text;--> statement-breakpoint
ALTER TABLE "checkout_groups" ADD CONSTRAINT "checkout_groups_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_checkout_group_id_checkout_groups_id_fk" FOREIGN KEY ("checkout_group_id") REFERENCES "public"."checkout_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_group_id_checkout_groups_id_fk" FOREIGN KEY ("checkout_group_id") REFERENCES "public"."checkout_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_source_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("source_charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_groups_provider_ref_uq" ON "checkout_groups" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "checkout_groups_customer_idx" ON "checkout_groups" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "checkout_groups_unfinished_idx" ON "checkout_groups" USING btree ("created_at") WHERE "checkout_groups"."status" IN ('requires_payment', 'requires_action', 'failed');--> statement-breakpoint
CREATE INDEX "payout_transfers_payout_idx" ON "payout_transfers" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_group_idx" ON "payout_transfers" USING btree ("checkout_group_id","vendor_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_vendor_idx" ON "payout_transfers" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_source_charge_idx" ON "sandbox_transfers" USING btree ("source_charge_id");--> statement-breakpoint
CREATE INDEX "payments_checkout_group_idx" ON "payments" USING btree ("checkout_group_id");
