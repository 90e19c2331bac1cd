CREATE TABLE "event_points_overrides" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"points" real NOT NULL,
	"fish_points" real NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_points_overrides" ADD CONSTRAINT "event_points_overrides_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_points_overrides" ADD CONSTRAINT "event_points_overrides_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_points_overrides_set_by_idx" ON "event_points_overrides" USING btree ("set_by");