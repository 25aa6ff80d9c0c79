-- Issue 37: informed consent and intake. Documents by frozen version, the questionnaire, requests
-- and their signers; answers, signatures and PDFs are sealed (docs/decisions/021) before they are stored.
CREATE TABLE "consent_document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sha256" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_document_versions_kind" CHECK ("consent_document_versions"."kind" in ('general', 'online', 'minors', 'data'))
);
--> statement-breakpoint
CREATE TABLE "consent_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"appointment_id" text,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"subject" text NOT NULL,
	"documents" jsonb NOT NULL,
	"intake" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"exception_sealed" text,
	"exception_at" timestamp with time zone,
	"exception_by" text,
	"completed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_requests_subject" CHECK ("consent_requests"."subject" in ('adult', 'minor', 'teen')),
	CONSTRAINT "consent_requests_status" CHECK ("consent_requests"."status" in ('pending', 'complete', 'withdrawn', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "consent_signers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"answers_intake" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"waived_at" timestamp with time zone,
	"copy_token_hash" text,
	"record_sealed" text,
	"pdf_sealed" text,
	"pdf_sha256" text,
	CONSTRAINT "consent_signers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "consent_signers_copy_token_hash_unique" UNIQUE("copy_token_hash"),
	CONSTRAINT "consent_signers_role" CHECK ("consent_signers"."role" in ('client', 'parent'))
);
--> statement-breakpoint
CREATE TABLE "intake_form" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_document_versions" ADD CONSTRAINT "consent_document_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_signers" ADD CONSTRAINT "consent_signers_request_id_consent_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."consent_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_document_versions_kind_idx" ON "consent_document_versions" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "consent_requests_appointment_idx" ON "consent_requests" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "consent_requests_email_idx" ON "consent_requests" USING btree ("client_email");--> statement-breakpoint
CREATE INDEX "consent_signers_request_idx" ON "consent_signers" USING btree ("request_id","position");