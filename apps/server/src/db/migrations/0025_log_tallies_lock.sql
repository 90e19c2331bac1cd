-- Two transactions writing one angler's logs at once (two tabs, drafts from photos undone together)
-- each update a dozen of that angler's log_tallies rows, in whatever order their grouping gives: on
-- PostgreSQL they could deadlock, and one write failed. Each statement's tally change now first takes a
-- transaction-scoped lock per angler written (in id order), so one angler's tally updates queue instead.
-- The bodies are 0024's, after the lock.
CREATE FUNCTION "log_tallies_lock"("users" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  u uuid;
BEGIN
  FOR u IN SELECT DISTINCT x FROM unnest("users") x ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(1819043176, hashtext(u::text));
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_tallies_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "new_rows"));
  INSERT INTO "log_tallies" AS c ("user_id", "facet", "type", "value", "n")
  SELECT l."user_id", f."facet", l."type", f."value", count(*)::int
  FROM "new_rows" l
  CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
    l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("user_id", "facet", "value", "type") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_tallies_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "old_rows" UNION SELECT "user_id" FROM "new_rows"));
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
CREATE OR REPLACE FUNCTION "log_tallies_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "old_rows"));
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
END $$;
