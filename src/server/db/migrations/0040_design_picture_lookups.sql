-- Whether an order or a saved design still shows a design's picture, by its URL (decision 028): the
-- privacy purge and an account's closing keep a picture a friend's order or saved list shows.
CREATE INDEX "cake_designs_image_url_idx" ON "cake_designs" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "orders_design_image_url_idx" ON "orders" USING btree (("design_snapshot" ->> 'imageUrl')) WHERE ("orders"."design_snapshot" ->> 'imageUrl') IS NOT NULL;