CREATE INDEX "cake_designs_design_image_idx" ON "cake_designs" USING btree ("design_image_id");--> statement-breakpoint
CREATE INDEX "customer_favorites_vendor_idx" ON "customer_favorites" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "customer_favorites_design_idx" ON "customer_favorites" USING btree ("cake_design_id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_cake_design_idx" ON "orders" USING btree ("cake_design_id");--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "design_generations_vendor_idx" ON "design_generations" USING btree ("vendor_id");