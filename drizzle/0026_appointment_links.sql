-- Issue 34: every link an appointment's e-mails carried keeps opening it (appointment_links, kept
-- by the trigger below, backfilled from the current links), and the sender's display name of an
-- e-mail (mail_outbox.from_name: the professional's name on the e-mails to clients).
CREATE TABLE "appointment_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_links_kind" CHECK ("appointment_links"."kind" in ('manage', 'confirm'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_links_appointment_idx" ON "appointment_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "remember_appointment_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.manage_token_hash IS NOT NULL THEN
		INSERT INTO "appointment_links" ("token_hash", "appointment_id", "kind")
		VALUES (NEW.manage_token_hash, NEW.id, 'manage') ON CONFLICT DO NOTHING;
	END IF;
	IF NEW.confirm_token_hash IS NOT NULL THEN
		INSERT INTO "appointment_links" ("token_hash", "appointment_id", "kind")
		VALUES (NEW.confirm_token_hash, NEW.id, 'confirm') ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_remember_links" AFTER INSERT OR UPDATE OF "manage_token_hash", "confirm_token_hash" ON "appointments"
	FOR EACH ROW EXECUTE FUNCTION "remember_appointment_links"();--> statement-breakpoint
INSERT INTO "appointment_links" ("token_hash", "appointment_id", "kind", "created_at")
	SELECT "manage_token_hash", "id", 'manage', "updated_at" FROM "appointments" WHERE "manage_token_hash" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "appointment_links" ("token_hash", "appointment_id", "kind", "created_at")
	SELECT "confirm_token_hash", "id", 'confirm', "updated_at" FROM "appointments" WHERE "confirm_token_hash" IS NOT NULL
	ON CONFLICT DO NOTHING;