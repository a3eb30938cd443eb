ALTER TABLE "order_events" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "photo_thumb_key" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "photo_width" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "photo_height" integer;