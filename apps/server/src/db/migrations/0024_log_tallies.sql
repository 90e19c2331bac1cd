CREATE TABLE "log_tallies" (
	"user_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "log_tallies_user_id_facet_value_type_pk" PRIMARY KEY("user_id","facet","value","type")
);
--> statement-breakpoint
ALTER TABLE "log_tallies" ADD CONSTRAINT "log_tallies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- log_tallies' facets of one log: each value a log shows, once (the charts' keys as chartTallies'
-- grouping sets compute them, and the values the single filters compare, folded as query-repo.ts
-- filtersOnly folds them where a log may show two spellings of one value; lake and state as written,
-- as the filter bar lists them). Numbers are whole: a bucket (illumination, air temperature: tens) or
-- floor() (fish length, water temperature), so a filter's bucket is a range of values.
CREATE FUNCTION "log_tally_facets"("type" text, "occurred_at" timestamptz, "time_zone" text, "lake_name" text, "state" text,
  "moon_phase" text, "tags" text[], "tags_lower" text[], "lunar" jsonb, "weather" jsonb, "lure_category" text,
  "lure_color_primary" text, "lure_color_secondary" text, "fish_species" text, "fish_length" real, "water_temp" real)
RETURNS TABLE ("facet" text, "value" text) LANGUAGE sql STABLE AS $$
  SELECT 'year', extract(year FROM "occurred_at" AT TIME ZONE "time_zone")::int::text
  UNION ALL SELECT 'month', extract(month FROM "occurred_at" AT TIME ZONE "time_zone")::int::text
  UNION ALL SELECT 'lake', "lake_name" WHERE "lake_name" IS NOT NULL
  UNION ALL SELECT 'state', "state" WHERE "state" IS NOT NULL
  UNION ALL SELECT 'phase', "moon_phase" WHERE "moon_phase" IS NOT NULL
  UNION ALL SELECT 'tag', t FROM unnest("tags") AS t WHERE t IS NOT NULL
  UNION ALL SELECT DISTINCT 'tagLower', t FROM unnest("tags_lower") AS t WHERE t IS NOT NULL
  UNION ALL SELECT 'illumination', least(9, greatest(0, floor(("lunar"->>'moonIllum')::real / 10)))::int::text WHERE "lunar"->>'moonIllum' IS NOT NULL
  UNION ALL SELECT 'wind', ("weather"->>'windDirection')::real::text WHERE "weather"->>'windDirection' IS NOT NULL
  UNION ALL SELECT 'conditions', "weather"->>'summary' WHERE "weather"->>'summary' IS NOT NULL
  UNION ALL SELECT 'airTemp', (CASE WHEN ("weather"->>'airTemp')::real < 0 THEN -1 WHEN ("weather"->>'airTemp')::real >= 100 THEN 10
      ELSE floor(("weather"->>'airTemp')::real / 10)::int END)::text WHERE "weather"->>'airTemp' IS NOT NULL
  UNION ALL SELECT 'lureType', "lure_category" WHERE "lure_category" IS NOT NULL
  UNION ALL SELECT 'lureColor', "lure_color_primary" WHERE "lure_color_primary" IS NOT NULL
  UNION ALL SELECT DISTINCT 'lureColorAny', c FROM (VALUES (lower("lure_color_primary")), (lower("lure_color_secondary"))) AS v (c) WHERE c IS NOT NULL
  UNION ALL SELECT 'species', "fish_species" WHERE "fish_species" IS NOT NULL
  UNION ALL SELECT 'length', floor("fish_length")::int::text WHERE "fish_length" IS NOT NULL
  UNION ALL SELECT 'waterTemp', floor("water_temp")::int::text WHERE "water_temp" IS NOT NULL
$$;--> statement-breakpoint
-- Logs written: once per statement, the facet values of the rows added count +1 and of those removed
-- -1, per angler and log type. One function per event with static SQL (its plan is kept across calls,
-- where the circle's dynamic SQL is planned each time), as creating a log is a hot path. An update
-- that changes no facet (the gauge, the notes) nets to zero and writes nothing.
CREATE FUNCTION "log_tallies_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_tallies" AS c ("user_id", "facet", "type", "value", "n")
  SELECT l."user_id", f."facet", l."type", f."value", count(*)::int
  FROM "new_rows" l
  CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
    l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("user_id", "facet", "value", "type") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "log_tallies_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_tallies" AS c ("user_id", "facet", "type", "value", "n")
  SELECT l."user_id", f."facet", l."type", f."value", sum(l.d)::int
  FROM (SELECT -1 AS d, * FROM "old_rows" UNION ALL SELECT 1 AS d, * FROM "new_rows") l
  CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
    l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
  GROUP BY 1, 2, 3, 4
  HAVING sum(l.d) <> 0
  ON CONFLICT ("user_id", "facet", "value", "type") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update only: the rows exist since their logs were added, and when an angler is deleted the
-- cascade may have taken their tallies first (an insert would then break the foreign key).
CREATE FUNCTION "log_tallies_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "log_tallies" c SET "n" = c."n" - d."n"
  FROM (
    SELECT l."user_id", f."facet", l."type", f."value", count(*)::int AS "n"
    FROM "old_rows" l
    CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
      l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
    GROUP BY 1, 2, 3, 4
  ) d
  WHERE c."user_id" = d."user_id" AND c."facet" = d."facet" AND c."value" = d."value" AND c."type" = d."type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "logs_tallies_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "log_tallies_insert"();--> statement-breakpoint
CREATE TRIGGER "logs_tallies_update" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "log_tallies_update"();--> statement-breakpoint
CREATE TRIGGER "logs_tallies_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "log_tallies_delete"();--> statement-breakpoint
INSERT INTO "log_tallies" ("user_id", "facet", "type", "value", "n")
SELECT l."user_id", f."facet", l."type", f."value", count(*)::int
FROM "logs" l
CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
  l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
GROUP BY 1, 2, 3, 4;
