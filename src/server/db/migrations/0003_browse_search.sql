-- Browse search. Hand-written parts: pg_trgm, the IMMUTABLE function behind the generated
-- search_vector column, vendor_search_words (the dictionary that typo-tolerant search matches by
-- trigram similarity) and vendor_browse_version (see the end), both kept by statement triggers and
-- not in the Drizzle schema because no application code writes them. Specialty labels mirror SPECIALTIES in src/shared/catalog.ts; location labels are the values
-- with spaces. Changing a label needs a new migration (CREATE OR REPLACE and a table rewrite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_specialty_labels(specialties text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE s
    WHEN 'wedding' THEN 'Wedding Cakes'
    WHEN 'birthday' THEN 'Birthday Cakes'
    WHEN 'custom' THEN 'Custom Designs'
    WHEN 'gourmet' THEN 'Gourmet Desserts'
    ELSE s END, ' '), '')
  FROM unnest(specialties) AS s
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_search_vector(business_name text, description text, location text, specialties text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(business_name, '')), 'A')
    || setweight(to_tsvector('english'::regconfig,
         replace(coalesce(location, ''), '-', ' ') || ' ' || vendor_specialty_labels(specialties)), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (vendor_search_vector(business_name, description, location, specialties)) STORED;--> statement-breakpoint
CREATE INDEX "vendors_public_reviews_idx" ON "vendors" USING btree ("review_count" DESC NULLS LAST,"rating" DESC NULLS LAST,"id") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "vendors_public_price_low_idx" ON "vendors" USING btree ("price_tier","rating" DESC NULLS LAST,"id") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "vendors_public_price_high_idx" ON "vendors" USING btree ("price_tier" DESC NULLS LAST,"rating" DESC NULLS LAST,"id") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
-- INCLUDE is hand-written (Drizzle cannot express it): "{N} vendors found" for a location counts from
-- this index alone (index-only scan), whatever the other filters.
CREATE INDEX "vendors_public_location_idx" ON "vendors" USING btree ("location","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id") INCLUDE ("specialties","dietary_options","price_tier","offers_delivery") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "vendors_specialties_idx" ON "vendors" USING gin ("specialties") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "vendors_dietary_options_idx" ON "vendors" USING gin ("dietary_options") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "vendors_search_vector_idx" ON "vendors" USING gin ("search_vector") WHERE "vendors"."status" = 'approved';--> statement-breakpoint
CREATE TABLE "vendor_search_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "vendor_search_words_trgm_idx" ON "vendor_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "vendor_search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "vendors"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Words are only ever added: a word no vendor uses any more just matches nothing.
CREATE OR REPLACE FUNCTION vendor_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vendor_search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(n.search_vector)) FROM new_rows n
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vendors_search_words_insert" AFTER INSERT ON "vendors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_search_words_add();--> statement-breakpoint
CREATE TRIGGER "vendors_search_words_update" AFTER UPDATE ON "vendors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vendor_search_words_add();
--> statement-breakpoint
-- A counter bumped by every statement that changes vendors: the browse service caches each filter's
-- "{N} vendors found" with the counter value it was counted at, and recounts once the counter moves.
CREATE TABLE "vendor_browse_version" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "vendor_browse_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_browse_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendor_browse_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vendors_browse_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_browse_version_bump();--> statement-breakpoint
CREATE TRIGGER "vendors_browse_version_bump_truncate" AFTER TRUNCATE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_browse_version_bump();
