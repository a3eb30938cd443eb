ALTER TABLE "vendors" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Vendors with reviews: the sum from their reviews, and the average and the completed-order count
-- recomputed from the rows, as the services now keep them.
UPDATE "vendors" v SET
  "rating_sum" = r.total,
  "review_count" = r.n,
  "rating" = round(r.total::numeric / r.n, 2)
FROM (SELECT "vendor_id", sum("rating")::int AS total, count(*)::int AS n FROM "reviews" GROUP BY "vendor_id") r
WHERE r."vendor_id" = v."id";--> statement-breakpoint
UPDATE "vendors" v SET "total_orders" = o.n
FROM (SELECT "vendor_id", count(*)::int AS n FROM "orders" WHERE "status" = 'completed' GROUP BY "vendor_id") o
WHERE o."vendor_id" = v."id";
