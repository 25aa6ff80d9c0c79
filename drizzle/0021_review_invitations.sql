CREATE TABLE "review_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "review_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_source";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "withdraw_token_hash" text;--> statement-breakpoint
CREATE INDEX "review_invitations_email_idx" ON "review_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reviews_withdraw_token_idx" ON "reviews" USING btree ("withdraw_token_hash");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source" CHECK ("reviews"."source" in ('form', 'staff', 'seed', 'invitation'));