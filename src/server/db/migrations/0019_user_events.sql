CREATE TABLE "user_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "user_events_type_check" CHECK ("user_events"."type" IN ('message.received', 'quote.requested', 'quote.answered', 'quote.declined', 'quote.changeRequested', 'quote.accepted', 'quote.closed', 'quote.expired', 'order.statusChanged', 'payment.captured', 'refund.sent', 'claim.opened', 'claim.answered', 'claim.resolved', 'payout.sent', 'vendor.approved', 'vendor.rejected'))
);
--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_events_user_id_idx" ON "user_events" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_events_unread_idx" ON "user_events" USING btree ("user_id") WHERE "user_events"."read_at" IS NULL;
