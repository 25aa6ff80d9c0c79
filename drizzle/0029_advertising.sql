-- Issue 38 part 3: each public text's advertising authorisation, with the authorised text and its
-- fingerprint; public pages show the number, so a change raises the content version.
CREATE TABLE "advertising_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"number" text NOT NULL,
	"authorised_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"authorised_text" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertising_authorisations_target_unique" UNIQUE("target")
);
--> statement-breakpoint
CREATE TRIGGER "advertising_authorisations_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "advertising_authorisations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
