CREATE TABLE "quote_events" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"to_status" text NOT NULL,
	"party" text NOT NULL,
	"actor_id" text,
	"price_cents" integer,
	"delivery_fee_cents" integer,
	"target_price_cents" integer,
	"message" text,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_events_action_check" CHECK ("quote_events"."action" IN ('requested', 'answer', 'revise', 'askChange', 'decline', 'accept', 'close', 'expire')),
	CONSTRAINT "quote_events_party_check" CHECK ("quote_events"."party" IN ('customer', 'vendor', 'system')),
	CONSTRAINT "quote_events_status_check" CHECK ("quote_events"."to_status" IN ('requested', 'quoted', 'change_requested', 'declined', 'accepted', 'closed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"cake_design_id" text,
	"brief" jsonb NOT NULL,
	"event_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" IN ('open', 'accepted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"price_cents" integer,
	"delivery_fee_cents" integer,
	"includes" text,
	"message" text,
	"valid_until" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"first_response_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" IN ('requested', 'quoted', 'change_requested', 'declined', 'accepted', 'closed', 'expired')),
	CONSTRAINT "quotes_money_check" CHECK (coalesce("quotes"."price_cents", 0) >= 0 AND coalesce("quotes"."delivery_fee_cents", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "brief" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "design_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_cake_design_id_cake_designs_id_fk" FOREIGN KEY ("cake_design_id") REFERENCES "public"."cake_designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_events_quote_seq_uq" ON "quote_events" USING btree ("quote_id","seq");--> statement-breakpoint
CREATE INDEX "quote_events_actor_idx" ON "quote_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "quote_requests_customer_created_idx" ON "quote_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quote_requests_design_idx" ON "quote_requests" USING btree ("cake_design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_vendor_uq" ON "quotes" USING btree ("request_id","vendor_id");--> statement-breakpoint
CREATE INDEX "quotes_vendor_created_idx" ON "quotes" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id");--> statement-breakpoint
-- Human order numbers: FR-10001, FR-10002, … (gaps are possible after a rolled-back acceptance).
CREATE SEQUENCE IF NOT EXISTS "order_number_seq" START 10001;
