CREATE TABLE "event_form_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"paypal_mode" text DEFAULT 'sandbox' NOT NULL,
	"muskie" jsonb,
	"next_tournament_id" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_parking" (
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_parking_event_id_name_pk" PRIMARY KEY("event_id","name")
);
--> statement-breakpoint
CREATE TABLE "event_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"capture_id" text,
	"entry_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_tournament_ids" (
	"event_id" uuid NOT NULL,
	"tournament_id" text NOT NULL,
	"entry_id" uuid NOT NULL,
	CONSTRAINT "event_tournament_ids_event_id_tournament_id_pk" PRIMARY KEY("event_id","tournament_id")
);
--> statement-breakpoint
ALTER TABLE "event_form_settings" ADD CONSTRAINT "event_form_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_parking" ADD CONSTRAINT "event_parking_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tournament_ids" ADD CONSTRAINT "event_tournament_ids_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tournament_ids" ADD CONSTRAINT "event_tournament_ids_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_payments_reference_key" ON "event_payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "event_payments_event_idx" ON "event_payments" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_tournament_ids_entry_idx" ON "event_tournament_ids" USING btree ("entry_id");