ALTER TABLE "vendors" ADD COLUMN "lead_time_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "orders_per_day" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_lead_time_check" CHECK ("vendors"."lead_time_days" BETWEEN 0 AND 60);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_orders_per_day_check" CHECK ("vendors"."orders_per_day" BETWEEN 1 AND 20);