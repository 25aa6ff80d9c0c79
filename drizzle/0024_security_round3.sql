-- Security round 3 (issue 32): the last accepted TOTP step per person (a code works once) and the
-- source of each e-mail (RGPD erase and export find the practice's notices by it).
ALTER TABLE "mail_outbox" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" integer;--> statement-breakpoint
CREATE INDEX "mail_outbox_source_idx" ON "mail_outbox" USING btree ("source_kind","source_id");