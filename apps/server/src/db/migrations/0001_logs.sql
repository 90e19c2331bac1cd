CREATE TABLE "circle_members" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "lakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"state" text,
	"outline" jsonb,
	"area_acres" real,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"notes" text,
	"photo" text,
	"cluster_count" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"privacy" text DEFAULT 'private' NOT NULL,
	"outing_id" uuid,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"lake_name" text,
	"state" text,
	"zone" text,
	"location_structure" text,
	"fish_species" text,
	"fish_length" real,
	"fish_girth" real,
	"fish_weight" real,
	"lure_category" text,
	"lure_color_primary" text,
	"lure_color_secondary" text,
	"lure_length" real,
	"lure_note" text,
	"water_temp" real,
	"water_visibility" real,
	"lake_structure" text,
	"lake_depth" real,
	"lure_depth" real,
	"waterflow" jsonb,
	"gauge_station" text,
	"gauge_site_code" text,
	"gauge_agency" text,
	"weather" jsonb,
	"lunar" jsonb,
	"moon_phase" text,
	"pending" text[] DEFAULT '{}'::text[] NOT NULL,
	"enrich_attempts" integer DEFAULT 0 NOT NULL,
	"enrich_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lakes" ADD CONSTRAINT "lakes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_members_member_idx" ON "circle_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "lakes_lat_lng_idx" ON "lakes" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "lakes_name_idx" ON "lakes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "logs_user_occurred_idx" ON "logs" USING btree ("user_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_user_created_idx" ON "logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_user_type_idx" ON "logs" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "logs_user_state_lake_idx" ON "logs" USING btree ("user_id","state","lake_name");--> statement-breakpoint
CREATE INDEX "logs_tags_idx" ON "logs" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "logs_pending_idx" ON "logs" USING btree ("enrich_after") WHERE cardinality("logs"."pending") > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "user_tags_user_name_key" ON "user_tags" USING btree ("user_id",lower("name"));