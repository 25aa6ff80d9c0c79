CREATE TABLE "article_redirects" (
	"from_slug" text PRIMARY KEY NOT NULL,
	"to_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
