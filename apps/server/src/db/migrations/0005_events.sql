CREATE TABLE "event_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"week_id" uuid,
	"date" timestamp with time zone NOT NULL,
	"key" text,
	"lat" double precision,
	"lng" double precision,
	"tz" text
);
--> statement-breakpoint
CREATE TABLE "event_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"parent_id" uuid,
	"tournament_id" text,
	"name" text NOT NULL,
	"username" text,
	"email" text NOT NULL,
	"linked" boolean DEFAULT false NOT NULL,
	"division" text,
	"points" real DEFAULT 0 NOT NULL,
	"team_name" text,
	"team_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_fish" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"group_member_id" uuid,
	"lake_id" uuid,
	"lake_name" text,
	"date" timestamp with time zone NOT NULL,
	"size" real NOT NULL,
	"points" real NOT NULL,
	"species" text,
	"lure" text,
	"key" text,
	"flag" boolean DEFAULT false NOT NULL,
	"photo_measurement" text,
	"photo_angler" text,
	"lat" double precision,
	"lng" double precision,
	"tz" text,
	"entered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "event_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"gender" text,
	"junior" boolean DEFAULT false NOT NULL,
	"junior13" boolean DEFAULT false NOT NULL,
	"senior" boolean DEFAULT false NOT NULL,
	"division" text
);
--> statement-breakpoint
CREATE TABLE "event_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_lakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"outline" jsonb,
	"area_acres" real
);
--> statement-breakpoint
CREATE TABLE "event_owners" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_owners_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_point_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"species" text NOT NULL,
	"starting_value" real NOT NULL,
	"starting_point_value" real NOT NULL,
	"custom" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_week_lakes" (
	"week_id" uuid NOT NULL,
	"lake_id" uuid NOT NULL,
	CONSTRAINT "event_week_lakes_week_id_lake_id_pk" PRIMARY KEY("week_id","lake_id")
);
--> statement-breakpoint
CREATE TABLE "event_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"cost_cents" integer,
	"registration_available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"name" text,
	"type" text,
	"subtype" text,
	"format" text,
	"size" text,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"bag_size" integer,
	"description" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"image" text,
	"rules_url" text,
	"registration_link" text,
	"state" text,
	"species" text[] DEFAULT '{}'::text[] NOT NULL,
	"key_type" text,
	"all_water" boolean DEFAULT false NOT NULL,
	"divisions" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"tz" text DEFAULT 'America/Chicago' NOT NULL,
	"hours_in_day" integer,
	"timespan_hours" integer DEFAULT 18 NOT NULL,
	"team_size" integer,
	"series_quantity" integer,
	"payment_processor" text,
	"payment_processor_key" text,
	"payment_processor_secret" text,
	"fee_cents" integer,
	"coupon" text,
	"charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_checkins" ADD CONSTRAINT "event_checkins_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_checkins" ADD CONSTRAINT "event_checkins_week_id_event_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."event_weeks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fish" ADD CONSTRAINT "event_fish_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fish" ADD CONSTRAINT "event_fish_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fish" ADD CONSTRAINT "event_fish_group_member_id_event_group_members_id_fk" FOREIGN KEY ("group_member_id") REFERENCES "public"."event_group_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fish" ADD CONSTRAINT "event_fish_lake_id_event_lakes_id_fk" FOREIGN KEY ("lake_id") REFERENCES "public"."event_lakes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fish" ADD CONSTRAINT "event_fish_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_group_members" ADD CONSTRAINT "event_group_members_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invites" ADD CONSTRAINT "event_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invites" ADD CONSTRAINT "event_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_lakes" ADD CONSTRAINT "event_lakes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_owners" ADD CONSTRAINT "event_owners_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_owners" ADD CONSTRAINT "event_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_point_rules" ADD CONSTRAINT "event_point_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_week_lakes" ADD CONSTRAINT "event_week_lakes_week_id_event_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."event_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_week_lakes" ADD CONSTRAINT "event_week_lakes_lake_id_event_lakes_id_fk" FOREIGN KEY ("lake_id") REFERENCES "public"."event_lakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_weeks" ADD CONSTRAINT "event_weeks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_checkins_entry_idx" ON "event_checkins" USING btree ("entry_id","date");--> statement-breakpoint
CREATE INDEX "event_entries_event_idx" ON "event_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_entries_user_key" ON "event_entries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_entries_user_idx" ON "event_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_fish_event_idx" ON "event_fish" USING btree ("event_id","entry_id");--> statement-breakpoint
CREATE INDEX "event_fish_entry_idx" ON "event_fish" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "event_group_members_entry_idx" ON "event_group_members" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "event_invites_event_idx" ON "event_invites" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_invites_user_idx" ON "event_invites" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_lakes_name_key" ON "event_lakes" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "event_owners_user_idx" ON "event_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_point_rules_event_idx" ON "event_point_rules" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_weeks_number_key" ON "event_weeks" USING btree ("event_id","number");--> statement-breakpoint
CREATE INDEX "events_list_idx" ON "events" USING btree ("date_start") WHERE "events"."status" = 'Active' and "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "events_charge_key" ON "events" USING btree ("charge_id");