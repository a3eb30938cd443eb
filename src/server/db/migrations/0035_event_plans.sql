-- Event plans (issue 25): a customer's event, the kinds of vendor wanted, and the quote requests made
-- from it. Briefs now say what they are for: every brief stored so far is a cake's.
CREATE TABLE "event_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"event_date" date NOT NULL,
	"start_time" text NOT NULL,
	"venue_address" text NOT NULL,
	"guests" integer NOT NULL,
	"budget_cents" integer NOT NULL,
	"categories" text[] NOT NULL,
	"cake_design_id" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_plans_type_check" CHECK ("event_plans"."type" IN ('wedding', 'birthday', 'anniversary', 'baby-shower', 'corporate', 'other')),
	CONSTRAINT "event_plans_categories_check" CHECK ("event_plans"."categories" <@ ARRAY['cakes', 'flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals']::text[] AND cardinality("event_plans"."categories") >= 1),
	CONSTRAINT "event_plans_guests_check" CHECK ("event_plans"."guests" BETWEEN 1 AND 2000),
	CONSTRAINT "event_plans_budget_check" CHECK ("event_plans"."budget_cents" >= 0),
	CONSTRAINT "event_plans_start_time_check" CHECK ("event_plans"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "event_plans" ADD CONSTRAINT "event_plans_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_plans" ADD CONSTRAINT "event_plans_cake_design_id_cake_designs_id_fk" FOREIGN KEY ("cake_design_id") REFERENCES "public"."cake_designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_plans_customer_idx" ON "event_plans" USING btree ("customer_id","event_date");--> statement-breakpoint
CREATE INDEX "event_plans_design_idx" ON "event_plans" USING btree ("cake_design_id");--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "event_plan_id" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "category" text DEFAULT 'cakes' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_event_plan_id_event_plans_id_fk" FOREIGN KEY ("event_plan_id") REFERENCES "public"."event_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_plan_idx" ON "quote_requests" USING btree ("event_plan_id");--> statement-breakpoint
UPDATE "quote_requests" SET "brief" = "brief" || '{"kind":"cake"}'::jsonb WHERE NOT ("brief" ? 'kind');--> statement-breakpoint
UPDATE "orders" SET "brief" = "brief" || '{"kind":"cake"}'::jsonb WHERE "brief" IS NOT NULL AND NOT ("brief" ? 'kind');
