-- Issue 34 item 10: the public texts she edits (Textos de la web) and their versions; public
-- pages read page_texts, so a change raises the content version (the page cache).
CREATE TABLE "page_text_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_text_revisions" ADD CONSTRAINT "page_text_revisions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_text_revisions_key_idx" ON "page_text_revisions" USING btree ("key","created_at");--> statement-breakpoint
CREATE TRIGGER "page_texts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_texts"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
