-- Articles get an 'Autor' field in the editor. NULL means "the professional named in Ajustes":
-- the public page, its JSON-LD and the RSS feed print that name, and follow it when it changes.
-- Until now nobody chose an author: a new article was stamped with the name of the staff account
-- that created it (an administrator's login name, not the article's author). Those stamps go back
-- to the professional; seeded articles never had one.
UPDATE "articles" SET "author" = NULL WHERE "author" IS NOT NULL;
