ALTER TABLE "vendors" DROP CONSTRAINT "vendors_balance_due_days_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "change_cutoff_hours" integer;--> statement-breakpoint
UPDATE "vendors" SET "balance_due_days" = 3 WHERE "balance_due_days" < 3;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_balance_due_days_check" CHECK ("vendors"."balance_due_days" BETWEEN 3 AND 90);