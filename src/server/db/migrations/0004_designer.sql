CREATE TABLE "design_generations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"vendor_id" text,
	"variations" integer NOT NULL,
	"form" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"quota_key" text NOT NULL,
	"quota_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "design_generations_status_check" CHECK ("design_generations"."status" IN ('running', 'succeeded', 'failed')),
	CONSTRAINT "design_generations_variations_check" CHECK ("design_generations"."variations" IN (1, 3))
);
--> statement-breakpoint
CREATE TABLE "design_images" (
	"id" text PRIMARY KEY NOT NULL,
	"generation_id" text NOT NULL,
	"position" integer NOT NULL,
	"style" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"image_key" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"size" text NOT NULL,
	"prompt" text NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"error_kind" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_images_status_check" CHECK ("design_images"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "design_images_cost_check" CHECK ("design_images"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "design_quotas" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "design_quotas_key_day_pk" PRIMARY KEY("key","day"),
	CONSTRAINT "design_quotas_used_check" CHECK ("design_quotas"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cake_designs" ADD COLUMN "design_image_id" text;--> statement-breakpoint
ALTER TABLE "design_generations" ADD CONSTRAINT "design_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_generations" ADD CONSTRAINT "design_generations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_images" ADD CONSTRAINT "design_images_generation_id_design_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."design_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_generations_user_created_idx" ON "design_generations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "design_images_generation_idx" ON "design_images" USING btree ("generation_id","position");--> statement-breakpoint
ALTER TABLE "cake_designs" ADD CONSTRAINT "cake_designs_design_image_id_design_images_id_fk" FOREIGN KEY ("design_image_id") REFERENCES "public"."design_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cake_designs_customer_image_uq" ON "cake_designs" USING btree ("customer_id","design_image_id");