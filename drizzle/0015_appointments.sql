CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" integer,
	"service_name" text NOT NULL,
	"modality" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text DEFAULT '' NOT NULL,
	"first_visit" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone,
	"confirm_token_hash" text,
	"manage_token_hash" text,
	"change_request" text DEFAULT '' NOT NULL,
	"change_requested_at" timestamp with time zone,
	"cancelled_by" text,
	"series_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('held', 'requested', 'confirmed', 'declined', 'cancelled')),
	CONSTRAINT "appointments_order" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "booking_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_config_single_row" CHECK ("booking_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "booking_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_exceptions_order" CHECK ("booking_exceptions"."ends_on" >= "booking_exceptions"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"modality" text NOT NULL,
	"price_text" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'request' NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_services_duration" CHECK ("booking_services"."duration_minutes" between 5 and 480),
	CONSTRAINT "booking_services_modality" CHECK ("booking_services"."modality" in ('presencial', 'online')),
	CONSTRAINT "booking_services_mode" CHECK ("booking_services"."mode" in ('request', 'direct')),
	CONSTRAINT "booking_services_audience" CHECK ("booking_services"."audience" in ('all', 'new', 'existing'))
);
--> statement-breakpoint
CREATE TABLE "busy_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_email_idx" ON "appointments" USING btree ("client_email");--> statement-breakpoint
CREATE INDEX "appointments_confirm_token_idx" ON "appointments" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "appointments_manage_token_idx" ON "appointments" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "busy_times_starts_idx" ON "busy_times" USING btree ("starts_at");--> statement-breakpoint
-- The privacy policy states how long appointments are kept (booking_config): the page cache
-- must see a change of it, as it sees the settings' (drizzle/0014).
CREATE TRIGGER "booking_config_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_config"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
