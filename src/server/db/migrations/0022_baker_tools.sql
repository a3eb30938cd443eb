CREATE TABLE "order_proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"round" integer NOT NULL,
	"note" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"response" text,
	"response_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responded_at" timestamp with time zone,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proofs_status_check" CHECK ("order_proofs"."status" IN ('sent', 'approved', 'changes_requested')),
	CONSTRAINT "order_proofs_round_check" CHECK ("order_proofs"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vendor_blackout_dates" (
	"vendor_id" text NOT NULL,
	"day" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_blackout_dates_vendor_id_day_pk" PRIMARY KEY("vendor_id","day")
);
--> statement-breakpoint
CREATE TABLE "vendor_verification_items" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"document_key" text NOT NULL,
	"document_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_bytes" integer NOT NULL,
	"note" text,
	"expires_on" date,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"expiry_notice_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_verification_items_kind_check" CHECK ("vendor_verification_items"."kind" IN ('food_premises', 'foodsafe', 'insurance', 'identity')),
	CONSTRAINT "vendor_verification_items_status_check" CHECK ("vendor_verification_items"."status" IN ('submitted', 'verified', 'rejected')),
	CONSTRAINT "vendor_verification_items_bytes_check" CHECK ("vendor_verification_items"."document_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_events" DROP CONSTRAINT "user_events_type_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "deposit_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "balance_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "change_cutoff_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_blackout_dates" ADD CONSTRAINT "vendor_blackout_dates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_verification_items" ADD CONSTRAINT "vendor_verification_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_verification_items" ADD CONSTRAINT "vendor_verification_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_proofs_order_round_uq" ON "order_proofs" USING btree ("order_id","round");--> statement-breakpoint
CREATE INDEX "order_proofs_sent_by_idx" ON "order_proofs" USING btree ("sent_by");--> statement-breakpoint
CREATE INDEX "vendor_blackout_dates_day_idx" ON "vendor_blackout_dates" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_verification_items_vendor_kind_uq" ON "vendor_verification_items" USING btree ("vendor_id","kind");--> statement-breakpoint
CREATE INDEX "vendor_verification_items_reviewed_by_idx" ON "vendor_verification_items" USING btree ("reviewed_by");--> statement-breakpoint
CREATE INDEX "vendor_verification_items_submitted_idx" ON "vendor_verification_items" USING btree ("submitted_at") WHERE "vendor_verification_items"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "vendor_verification_items_expiry_idx" ON "vendor_verification_items" USING btree ("expires_on") WHERE "vendor_verification_items"."status" = 'verified' AND "vendor_verification_items"."expires_on" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_deposit_percent_check" CHECK ("vendors"."deposit_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_balance_due_days_check" CHECK ("vendors"."balance_due_days" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_change_cutoff_check" CHECK ("vendors"."change_cutoff_hours" BETWEEN 0 AND 720);--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_type_check" CHECK ("user_events"."type" IN ('message.received', 'quote.requested', 'quote.answered', 'quote.declined', 'quote.changeRequested', 'quote.accepted', 'quote.closed', 'quote.expired', 'order.statusChanged', 'payment.captured', 'refund.sent', 'claim.opened', 'claim.answered', 'claim.resolved', 'payout.sent', 'vendor.approved', 'vendor.rejected', 'proof.sent', 'proof.changesRequested', 'proof.approved', 'verification.reviewed', 'verification.expiring', 'verification.expired', 'balance.charged', 'balance.failed'));