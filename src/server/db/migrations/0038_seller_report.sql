-- The yearly seller report (issue 26, decision 030): sellers' tax information, with identifiers sealed
-- by the application (AES-256-GCM, key id in each value), and the reports generated per calendar year.
-- The app's role (frosted_app) gets its privileges from migration 0028's default privileges (decision 013).
CREATE TABLE "seller_tax_profiles" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"seller_type" text NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"tin_sealed" text NOT NULL,
	"tin_country" text NOT NULL,
	"tin_region" text DEFAULT '' NOT NULL,
	"birth_date_sealed" text,
	"registration_number_sealed" text,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_tax_profiles_type_check" CHECK ("seller_tax_profiles"."seller_type" IN ('individual', 'entity')),
	CONSTRAINT "seller_tax_profiles_needs_check" CHECK (("seller_tax_profiles"."seller_type" = 'individual' AND "seller_tax_profiles"."birth_date_sealed" IS NOT NULL) OR ("seller_tax_profiles"."seller_type" = 'entity' AND "seller_tax_profiles"."registration_number_sealed" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "seller_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone NOT NULL,
	"generated_at" timestamp with time zone,
	"reported_count" integer DEFAULT 0 NOT NULL,
	"excluded_count" integer DEFAULT 0 NOT NULL,
	"missing_tax_information_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_reports_year_unique" UNIQUE("year"),
	CONSTRAINT "seller_reports_status_check" CHECK ("seller_reports"."status" IN ('queued', 'ready')),
	CONSTRAINT "seller_reports_year_check" CHECK ("seller_reports"."year" BETWEEN 2024 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "seller_report_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"quarters" jsonb NOT NULL,
	"consideration_cents" bigint NOT NULL,
	"activities" integer NOT NULL,
	"account_identifier" text,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_report_rows_report_vendor_unique" UNIQUE("report_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "seller_tax_profiles" ADD CONSTRAINT "seller_tax_profiles_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_reports" ADD CONSTRAINT "seller_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_report_rows" ADD CONSTRAINT "seller_report_rows_report_id_seller_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."seller_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_report_rows" ADD CONSTRAINT "seller_report_rows_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_reports_requested_by_idx" ON "seller_reports" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "seller_report_rows_vendor_idx" ON "seller_report_rows" USING btree ("vendor_id");
