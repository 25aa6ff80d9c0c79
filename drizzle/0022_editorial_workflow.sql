-- Editorial workflow (docs/product.md#estados-de-un-artículo): states and scheduled publishing,
-- revisions, autosaved copies, preview links, reading time.
CREATE TABLE "article_autosaves" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"article_id" integer,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_autosaves_owner" UNIQUE NULLS NOT DISTINCT("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "article_preview_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "article_preview_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "status" text DEFAULT 'publicado' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- Articles written before states existed: public ones are published, the others private.
UPDATE "articles" SET "status" = CASE WHEN "is_public" THEN 'publicado' ELSE 'privado' END;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reading_minutes" integer GENERATED ALWAYS AS (greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(content), '[[:space:]]+'), 1), 0) / 200.0))::integer) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "article_autosaves" ADD CONSTRAINT "article_autosaves_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_autosaves" ADD CONSTRAINT "article_autosaves_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_preview_links" ADD CONSTRAINT "article_preview_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_preview_links_article_idx" ON "article_preview_links" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","created_at");--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("publish_at") WHERE "articles"."status" = 'programado';--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status_valid" CHECK ("articles"."status" in ('borrador', 'programado', 'publicado', 'privado'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_public_is_published" CHECK ("articles"."is_public" = ("articles"."status" = 'publicado'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_scheduled_has_time" CHECK ("articles"."status" <> 'programado' or "articles"."publish_at" is not null);