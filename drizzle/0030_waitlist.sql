-- Issue 38 part 1: the waitlist (entries, freed hours, offers, its rules). docs/decisions/024.
CREATE TABLE "waitlist_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hold_minutes" integer DEFAULT 120 NOT NULL,
	"existing_first" boolean DEFAULT true NOT NULL,
	"approve_first" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_config_single_row" CHECK ("waitlist_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"existing_client" boolean DEFAULT false NOT NULL,
	"asap" boolean DEFAULT true NOT NULL,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"manage_token_hash" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('pendiente', 'activa', 'ofrecida', 'reservada', 'baja'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"entry_id" text NOT NULL,
	"appointment_id" text,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waitlist_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_slot_id_waitlist_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."waitlist_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_slots" ADD CONSTRAINT "waitlist_slots_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_email_idx" ON "waitlist_entries" USING btree ("client_email");--> statement-breakpoint
CREATE INDEX "waitlist_entries_confirm_idx" ON "waitlist_entries" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_entries_manage_idx" ON "waitlist_entries" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_live_idx" ON "waitlist_offers" USING btree ("slot_id") WHERE "waitlist_offers"."status" in ('por-aprobar', 'enviada');--> statement-breakpoint
CREATE INDEX "waitlist_offers_token_idx" ON "waitlist_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_slots_status_idx" ON "waitlist_slots" USING btree ("status","starts_at");