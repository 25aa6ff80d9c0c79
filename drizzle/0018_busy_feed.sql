ALTER TABLE "booking_config" ADD COLUMN "busy_feed_url" text;--> statement-breakpoint
ALTER TABLE "booking_config" ADD COLUMN "busy_feed_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_config" ADD COLUMN "busy_feed_count" integer;--> statement-breakpoint
ALTER TABLE "booking_config" ADD COLUMN "busy_feed_error" text;