-- Card disputes (issue 26, decision 031): the processor's disputes and each order's share of them, the
-- sandbox's own disputes, and the ledger's accounts and kinds for disputed money and dispute fees. The
-- kind lists are the union of every kind so far (0037's tax accounts included). Grants come from
-- migration 0028's default privileges (decision 013).
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" text,
	"checkout_group_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"due_by" timestamp with time zone,
	"state_at" timestamp with time zone NOT NULL,
	"evidence" jsonb,
	"evidence_submitting_at" timestamp with time zone,
	"evidence_submitted_at" timestamp with time zone,
	"evidence_error" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" IN ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented')),
	CONSTRAINT "disputes_amount_check" CHECK ("disputes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "dispute_orders" (
	"dispute_id" text NOT NULL,
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"amount" integer NOT NULL,
	"vendor_note" text,
	"vendor_note_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_orders_dispute_id_order_id_pk" PRIMARY KEY("dispute_id","order_id"),
	CONSTRAINT "dispute_orders_amount_check" CHECK ("dispute_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"fee" integer NOT NULL,
	"evidence" jsonb,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_disputes_status_check" CHECK ("sandbox_disputes"."status" IN ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_checkout_group_id_checkout_groups_id_fk" FOREIGN KEY ("checkout_group_id") REFERENCES "public"."checkout_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_orders" ADD CONSTRAINT "dispute_orders_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_orders" ADD CONSTRAINT "dispute_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_orders" ADD CONSTRAINT "dispute_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_disputes" ADD CONSTRAINT "sandbox_disputes_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_ref_uq" ON "disputes" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "disputes_checkout_group_idx" ON "disputes" USING btree ("checkout_group_id");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("due_by") WHERE "disputes"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "dispute_orders_order_idx" ON "dispute_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "dispute_orders_vendor_idx" ON "dispute_orders" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "sandbox_disputes_charge_idx" ON "sandbox_disputes" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" IN ('processor_cash', 'order_held', 'vendor_payable', 'platform_revenue', 'refunds_payable', 'gst_payable', 'pst_payable', 'disputed', 'dispute_fees', 'chargeback_losses'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" IN ('payment', 'release', 'cancellation', 'claim_resolution', 'refund_sent', 'payout', 'dispute_opened', 'dispute_fee', 'dispute_won', 'dispute_lost', 'external_refund'));
--> statement-breakpoint
ALTER TABLE "user_events" DROP CONSTRAINT "user_events_type_check";--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_type_check" CHECK ("user_events"."type" IN ('message.received', 'quote.requested', 'quote.answered', 'quote.declined', 'quote.changeRequested', 'quote.accepted', 'quote.closed', 'quote.expired', 'order.statusChanged', 'payment.captured', 'refund.sent', 'claim.opened', 'claim.answered', 'claim.resolved', 'payout.sent', 'vendor.approved', 'vendor.rejected', 'proof.sent', 'proof.changesRequested', 'proof.approved', 'verification.reviewed', 'verification.expiring', 'verification.expired', 'balance.charged', 'balance.failed', 'dispute.opened', 'dispute.evidenceDue', 'dispute.closed'));
