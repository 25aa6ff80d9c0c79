ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source" CHECK ("reviews"."source" in ('form', 'staff', 'seed'));--> statement-breakpoint
-- Reviews without the author's consent were written by staff or are a new install's examples;
-- the examples are recognised by their text at start (modules/reviews/reviews.server.ts).
UPDATE "reviews" SET "source" = 'staff' WHERE "consent_at" IS NULL;
