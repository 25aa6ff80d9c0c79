-- Ranking reads a small vector (title and excerpt) instead of the whole article's, which is stored
-- out of line (TOAST) and had to be read back for every match: searching 5,000 articles spent
-- most of its time there. Filtering still uses "search" (and its GIN index) over the full text.
ALTER TABLE "articles" ADD COLUMN "search_rank" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish'::regconfig, f_unaccent(coalesce("title", ''))), 'A') ||
  setweight(to_tsvector('spanish'::regconfig, f_unaccent(coalesce("excerpt", ''))), 'B')
) STORED;
