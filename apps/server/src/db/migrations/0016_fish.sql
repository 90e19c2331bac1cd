CREATE TABLE "photo_exif" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"taken_at" text,
	"lat" double precision,
	"lng" double precision,
	"make" text,
	"model" text,
	"software" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_exif" ADD CONSTRAINT "photo_exif_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_exif_user_idx" ON "photo_exif" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_fish_measurement_key" ON "event_fish" USING btree ("event_id","photo_measurement") WHERE "event_fish"."photo_measurement" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_fish_angler_key" ON "event_fish" USING btree ("event_id","photo_angler") WHERE "event_fish"."photo_angler" is not null;