CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"party" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" IN ('created', 'pay', 'confirm', 'start', 'markReady', 'deliver', 'confirmSatisfied', 'autoComplete', 'cancel', 'vendorCancel', 'adminCancel')),
	CONSTRAINT "order_events_party_check" CHECK ("order_events"."party" IN ('customer', 'vendor', 'admin', 'system')),
	CONSTRAINT "order_events_to_check" CHECK ("order_events"."to_status" IN ('pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered', 'completed', 'cancelled')),
	CONSTRAINT "order_events_from_check" CHECK ("order_events"."from_status" IS NULL OR "order_events"."from_status" IN ('pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" IN ('pending', 'done', 'failed', 'cancelled')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_seq_uq" ON "order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_events_actor_idx" ON "order_events" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_key_uq" ON "jobs" USING btree ("key") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered', 'completed', 'cancelled'));--> statement-breakpoint
-- Orders made before the event log start their timeline with one row: created, in the status they had.
INSERT INTO "order_events" ("id", "order_id", "seq", "action", "from_status", "to_status", "party", "actor_id", "created_at")
SELECT gen_random_uuid()::text, "id", 1, 'created', NULL, "status", 'customer', "customer_id", "created_at" FROM "orders";
