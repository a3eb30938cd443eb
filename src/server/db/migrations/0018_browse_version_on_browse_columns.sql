-- The browse counts' version moves only when a change can change a count: a vendor added or removed,
-- or an update of a column that Browse Vendors filters or searches on. Completing an order
-- (total_orders), answering a quote (response time), a payout account or a capacity setting no longer
-- clears every cached "{N} vendors found" (modules/vendors/count-cache.ts).
DROP TRIGGER IF EXISTS "vendors_browse_version_bump" ON "vendors";--> statement-breakpoint
CREATE TRIGGER "vendors_browse_version_bump" AFTER INSERT OR DELETE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_browse_version_bump();--> statement-breakpoint
CREATE TRIGGER "vendors_browse_version_bump_update" AFTER UPDATE ON "vendors"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.verified IS DISTINCT FROM NEW.verified
    OR OLD.business_name IS DISTINCT FROM NEW.business_name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.location IS DISTINCT FROM NEW.location
    OR OLD.specialties IS DISTINCT FROM NEW.specialties
    OR OLD.dietary_options IS DISTINCT FROM NEW.dietary_options
    OR OLD.price_tier IS DISTINCT FROM NEW.price_tier
    OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.offers_delivery IS DISTINCT FROM NEW.offers_delivery
  ) EXECUTE FUNCTION vendor_browse_version_bump();
