CREATE TABLE "message_images" (
	"message_id" text NOT NULL,
	"position" integer NOT NULL,
	"image_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "message_images_pkey" PRIMARY KEY("message_id","position"),
	CONSTRAINT "message_images_position_check" CHECK ("message_images"."position" BETWEEN 0 AND 4),
	CONSTRAINT "message_images_size_check" CHECK ("message_images"."width" > 0 AND "message_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_body_check";--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_check" CHECK (length("messages"."body") BETWEEN 0 AND 4000);