CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";--> statement-breakpoint
DROP INDEX "payments_order_succeeded_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_customer_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "off_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "saved_method" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_purpose_succeeded_uq" ON "payments" USING btree ("order_id","purpose") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_off_session_due_idx" ON "payments" USING btree ("created_at") WHERE "payments"."off_session" AND "payments"."provider_ref" IS NULL AND "payments"."status" = 'requires_payment';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" IN ('created', 'pay', 'expire', 'balanceUnpaid', 'confirm', 'start', 'markReady', 'deliver', 'confirmSatisfied', 'autoComplete', 'resolveClaim', 'cancel', 'vendorCancel', 'adminCancel'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_check" CHECK (("orders"."deposit_cents" IS NULL) = ("orders"."balance_due_at" IS NULL) AND ("orders"."deposit_cents" IS NULL OR ("orders"."deposit_cents" > 0 AND "orders"."deposit_cents" < "orders"."amount")));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" IN ('full', 'deposit', 'balance'));