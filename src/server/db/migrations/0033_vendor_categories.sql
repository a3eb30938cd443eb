-- Event vendors (issue 25): a vendor's primary category and the others it sells in, its packages with
-- a starting price, and the lowest of those prices on the vendor row (Browse's "From $X" without a join).
-- Existing vendors are cake makers: category 'cakes', categories '{cakes}'. Hand-written parts: the
-- search vector's function (category labels and the words people search for them), the location
-- index's INCLUDE, the new words of vendor_search_words and the browse version trigger (0003, 0018).
-- The app's role gets its grants on vendor_packages from migration 0028's default privileges.
ALTER TABLE "vendors" ADD COLUMN "category" text DEFAULT 'cakes' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "categories" text[] DEFAULT '{cakes}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "from_price_cents" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_category_check" CHECK ("vendors"."category" IN ('cakes', 'flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals'));--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_categories_check" CHECK ("vendors"."categories" @> ARRAY["vendors"."category"] AND "vendors"."categories" <@ ARRAY['cakes', 'flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals']);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_specialty_check" CHECK (CASE WHEN "vendors"."category" = 'cakes' THEN "vendors"."specialty" IN ('wedding', 'birthday', 'custom', 'gourmet') ELSE "vendors"."specialty" = "vendors"."category" END);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_from_price_check" CHECK ("vendors"."from_price_cents" IS NULL OR "vendors"."from_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "vendor_verification_items" DROP CONSTRAINT "vendor_verification_items_kind_check";--> statement-breakpoint
ALTER TABLE "vendor_verification_items" ADD CONSTRAINT "vendor_verification_items_kind_check" CHECK ("vendor_verification_items"."kind" IN ('food_premises', 'foodsafe', 'business_licence', 'insurance', 'identity'));--> statement-breakpoint
CREATE TABLE "vendor_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"position" integer NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_packages_price_check" CHECK ("vendor_packages"."price_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "vendor_packages_name_check" CHECK (length("vendor_packages"."name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "vendor_packages" ADD CONSTRAINT "vendor_packages_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_packages_vendor_position_idx" ON "vendor_packages" USING btree ("vendor_id","position","id");--> statement-breakpoint
-- Category labels mirror VENDOR_CATEGORIES in src/shared/catalog.ts, with the words people search
-- for them ("florist", "photographer", "dj"). Changing them needs a new migration, as in 0003.
CREATE OR REPLACE FUNCTION vendor_category_labels(categories text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE c
    WHEN 'cakes' THEN 'Cakes Desserts'
    WHEN 'flowers' THEN 'Flowers Florist'
    WHEN 'decor' THEN 'Decor Balloons Decorator'
    WHEN 'catering' THEN 'Catering Caterer'
    WHEN 'photography' THEN 'Photography Photographer Video Videographer'
    WHEN 'entertainment' THEN 'Music Entertainment Entertainer DJ Band'
    WHEN 'rentals' THEN 'Rentals Rental'
    ELSE c END, ' '), '')
  FROM unnest(categories) AS c
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_search_vector(business_name text, description text, location text, specialties text[], categories text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(business_name, '')), 'A')
    || setweight(to_tsvector('english'::regconfig,
         replace(coalesce(location, ''), '-', ' ') || ' ' || vendor_specialty_labels(specialties)
           || ' ' || vendor_category_labels(categories)), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;--> statement-breakpoint
ALTER TABLE "vendors" DROP COLUMN "search_vector";--> statement-breakpoint
DROP FUNCTION IF EXISTS vendor_search_vector(text, text, text, text[]);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (vendor_search_vector(business_name, description, location, specialties, categories)) STORED;--> statement-breakpoint
CREATE INDEX "vendors_search_vector_idx" ON "vendors" USING gin ("search_vector") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
-- Adding the column fires no trigger: the category words join the typo-tolerant dictionary here.
INSERT INTO "vendor_search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "vendors"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "vendor_search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig,
    vendor_category_labels(ARRAY['cakes', 'flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals']))))
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "vendors_categories_idx" ON "vendors" USING gin ("categories") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
-- "{N} vendors found" for a location and a category still counts from this index alone.
DROP INDEX IF EXISTS "vendors_public_location_idx";--> statement-breakpoint
CREATE INDEX "vendors_public_location_idx" ON "vendors" USING btree ("location","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") INCLUDE ("specialties","dietary_options","price_tier","offers_delivery","categories") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
-- A change of category changes counts: the browse version moves (0018's trigger, with the categories).
DROP TRIGGER IF EXISTS "vendors_browse_version_bump_update" ON "vendors";--> statement-breakpoint
CREATE TRIGGER "vendors_browse_version_bump_update" AFTER UPDATE ON "vendors"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.verified IS DISTINCT FROM NEW.verified
    OR OLD.business_name IS DISTINCT FROM NEW.business_name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.location IS DISTINCT FROM NEW.location
    OR OLD.specialties IS DISTINCT FROM NEW.specialties
    OR OLD.categories IS DISTINCT FROM NEW.categories
    OR OLD.dietary_options IS DISTINCT FROM NEW.dietary_options
    OR OLD.price_tier IS DISTINCT FROM NEW.price_tier
    OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.offers_delivery IS DISTINCT FROM NEW.offers_delivery
  ) EXECUTE FUNCTION vendor_browse_version_bump();
