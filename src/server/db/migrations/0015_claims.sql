CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"vendor_response" text,
	"vendor_responded_at" timestamp with time zone,
	"outcome" text,
	"refund_cents" integer,
	"admin_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" IN ('open', 'resolved', 'withdrawn')),
	CONSTRAINT "claims_outcome_check" CHECK ("claims"."outcome" IN ('release', 'refund', 'partial')),
	CONSTRAINT "claims_refund_check" CHECK ("claims"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" IN ('created', 'pay', 'expire', 'confirm', 'start', 'markReady', 'deliver', 'confirmSatisfied', 'autoComplete', 'resolveClaim', 'cancel', 'vendorCancel', 'adminCancel'));