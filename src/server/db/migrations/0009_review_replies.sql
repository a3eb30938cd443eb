ALTER TABLE "reviews" ADD COLUMN "vendor_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "vendor_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_check" CHECK (("reviews"."vendor_reply" IS NULL) = ("reviews"."vendor_replied_at" IS NULL));