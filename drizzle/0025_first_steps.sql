CREATE TABLE "first_steps" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"test_mail_id" integer,
	"test_mail_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_steps_single_row" CHECK ("first_steps"."id" = 1)
);
