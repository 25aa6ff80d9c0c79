-- The page cache's content version (server/page-cache.ts). Every change that can alter what an
-- anonymous visitor sees bumps it in the same transaction, from triggers, so no write path (the
-- admin area, the seed, the CLI, a restore, a manual UPDATE) can forget. Bumping an UPDATE'd row
-- (not a sequence) makes the new version visible exactly when the change is: never before commit.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Each new version is also announced (NOTIFY, delivered at commit): the embedded database, which
-- only this process can open, then needs no read per request (server/page-cache.ts).
CREATE OR REPLACE FUNCTION "notify_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('content_version', NEW."version"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "content_version_notify" AFTER UPDATE ON "content_version"
	FOR EACH ROW EXECUTE FUNCTION "notify_content_version"();
--> statement-breakpoint
-- Articles, their old addresses and the settings: any statement that writes them.
CREATE TRIGGER "articles_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "articles"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "article_redirects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_redirects"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
-- Reviews: only rows that are (or were) published are public. A visitor's new review waits
-- unpublished and changes no public page.
CREATE TRIGGER "reviews_insert_content_version" AFTER INSERT ON "reviews"
	FOR EACH ROW WHEN (NEW."is_published") EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "reviews_update_content_version" AFTER UPDATE ON "reviews"
	FOR EACH ROW WHEN (OLD."is_published" OR NEW."is_published") EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "reviews_delete_content_version" AFTER DELETE ON "reviews"
	FOR EACH ROW WHEN (OLD."is_published") EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "reviews_truncate_content_version" AFTER TRUNCATE ON "reviews"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
