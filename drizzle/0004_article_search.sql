-- unaccent() is not IMMUTABLE, so generated columns and indexes use this wrapper.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish'::regconfig, f_unaccent(coalesce("title", ''))), 'A') ||
  setweight(to_tsvector('spanish'::regconfig, f_unaccent(coalesce("excerpt", ''))), 'B') ||
  setweight(to_tsvector('spanish'::regconfig, f_unaccent(coalesce("content", ''))), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");
