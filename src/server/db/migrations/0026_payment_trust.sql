-- Issue 22 (trust). A payment that succeeded at the processor for an order and purpose already paid
-- (a second tab, a delayed success after a decline) is "duplicate": collected and refunded in full.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('requires_payment', 'requires_action', 'succeeded', 'failed', 'duplicate'));--> statement-breakpoint
-- When a card (or a confirmation) went to the processor and its answer is not recorded yet: the
-- outcome is unknown, and the processor is asked at once on start-up and when the customer looks.
ALTER TABLE "payments" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_submitted_idx" ON "payments" USING btree ("submitted_at") WHERE "payments"."submitted_at" IS NOT NULL;--> statement-breakpoint
-- At most one open checkout payment per order, purpose and processor. Older open duplicates (made by
-- two tabs before this rule) are closed first, newest kept; a success the processor still reports for
-- one of them is applied as a duplicate and refunded in full.
UPDATE "payments" p SET "status" = 'failed', "failure_message" = 'Replaced by a newer attempt.'
  WHERE NOT p."off_session" AND p."status" IN ('requires_payment', 'requires_action')
  AND EXISTS (SELECT 1 FROM "payments" q WHERE q."order_id" = p."order_id" AND q."purpose" = p."purpose"
    AND q."provider" = p."provider" AND NOT q."off_session" AND q."status" IN ('requires_payment', 'requires_action')
    AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_purpose_open_uq" ON "payments" USING btree ("order_id","purpose","provider") WHERE NOT "payments"."off_session" AND "payments"."status" IN ('requires_payment', 'requires_action');--> statement-breakpoint
-- A processor event that failed to apply is retried on its own schedule, and one whose amount or
-- currency is not the payment's is flagged for an admin and never applied as payment.
ALTER TABLE "processor_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processor_events" ADD COLUMN "flagged_at" timestamp with time zone;
