ALTER TABLE "vendors" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_unfinished_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" IN ('requires_payment', 'requires_action', 'failed');--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("updated_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_stripe_account_id_unique" UNIQUE("stripe_account_id");