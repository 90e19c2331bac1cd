-- log_tallies gain the logs' local year, so the charts under a year filter (a third of a three-season
-- angler's logs: 150-470 ms counted from the logs) are a read of that year's rows, as the unfiltered
-- ones are of all rows. The triggers now count a statement's rows with one pass of grouping sets over
-- them instead of log_tally_facets' seventeen subqueries a row: importing 20,000 logs spent about half
-- as long in them on PGlite. log_tally_facets stays the definition a recount compares them with (the
-- fill below and the tallies' test); the triggers must count exactly what it lists.
TRUNCATE "log_tallies";--> statement-breakpoint
ALTER TABLE "log_tallies" DROP CONSTRAINT "log_tallies_user_id_facet_value_type_pk";--> statement-breakpoint
ALTER TABLE "log_tallies" ADD COLUMN "year" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "log_tallies" ADD CONSTRAINT "log_tallies_user_id_facet_value_type_year_pk" PRIMARY KEY("user_id","facet","value","type","year");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_tallies_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "new_rows"));
  WITH l AS (
    SELECT r."user_id", r."type", 1 AS d,
      extract(year FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS y, extract(month FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS m,
      r."lake_name", r."state", r."moon_phase", CASE WHEN r."lunar"->>'moonIllum' IS NOT NULL THEN least(9, greatest(0, floor((r."lunar"->>'moonIllum')::real / 10)))::int END AS il,
      w."windDirection" AS wind, w."summary", CASE WHEN w."airTemp" < 0 THEN -1 WHEN w."airTemp" >= 100 THEN 10 ELSE floor(w."airTemp" / 10)::int END AS air,
      r."lure_category", r."lure_color_primary", lower(r."lure_color_primary") AS c1,
      CASE WHEN lower(r."lure_color_secondary") IS DISTINCT FROM lower(r."lure_color_primary") THEN lower(r."lure_color_secondary") END AS c2,
      r."fish_species", floor(r."fish_length")::int AS len, floor(r."water_temp")::int AS wt, r."tags", r."tags_lower"
    FROM "new_rows" r LEFT JOIN LATERAL jsonb_to_record(CASE WHEN jsonb_typeof(r."weather") = 'object' THEN r."weather" END) AS w ("windDirection" real, "summary" text, "airTemp" real) ON true
  ), g AS (
    SELECT "user_id", "type", y,
      CASE WHEN grouping(m) = 0 THEN 'month' WHEN grouping("lake_name") = 0 THEN 'lake' WHEN grouping("state") = 0 THEN 'state'
        WHEN grouping("moon_phase") = 0 THEN 'phase' WHEN grouping(il) = 0 THEN 'illumination' WHEN grouping(wind) = 0 THEN 'wind'
        WHEN grouping("summary") = 0 THEN 'conditions' WHEN grouping(air) = 0 THEN 'airTemp' WHEN grouping("lure_category") = 0 THEN 'lureType'
        WHEN grouping("lure_color_primary") = 0 THEN 'lureColor' WHEN grouping(c1) = 0 OR grouping(c2) = 0 THEN 'lureColorAny'
        WHEN grouping("fish_species") = 0 THEN 'species' WHEN grouping(len) = 0 THEN 'length' WHEN grouping(wt) = 0 THEN 'waterTemp' ELSE 'year' END AS facet,
      CASE WHEN grouping(m) = 0 THEN m::text WHEN grouping("lake_name") = 0 THEN "lake_name" WHEN grouping("state") = 0 THEN "state"
        WHEN grouping("moon_phase") = 0 THEN "moon_phase" WHEN grouping(il) = 0 THEN il::text WHEN grouping(wind) = 0 THEN wind::text
        WHEN grouping("summary") = 0 THEN "summary" WHEN grouping(air) = 0 THEN air::text WHEN grouping("lure_category") = 0 THEN "lure_category"
        WHEN grouping("lure_color_primary") = 0 THEN "lure_color_primary" WHEN grouping(c1) = 0 THEN c1 WHEN grouping(c2) = 0 THEN c2
        WHEN grouping("fish_species") = 0 THEN "fish_species" WHEN grouping(len) = 0 THEN len::text WHEN grouping(wt) = 0 THEN wt::text ELSE y::text END AS value,
      sum(d) AS n
    FROM l
    GROUP BY "user_id", "type", y, GROUPING SETS ((), (m), ("lake_name"), ("state"), ("moon_phase"), (il), (wind), ("summary"), (air), ("lure_category"),
      ("lure_color_primary"), (c1), (c2), ("fish_species"), (len), (wt))
    UNION ALL
    SELECT "user_id", "type", y, 'tag', t, sum(d) FROM l, unnest("tags") AS t WHERE t IS NOT NULL GROUP BY 1, 2, 3, 5
    UNION ALL
    SELECT "user_id", "type", y, 'tagLower', u.t, sum(d) FROM l, unnest("tags_lower") WITH ORDINALITY AS u (t, i)
    WHERE u.t IS NOT NULL AND array_position("tags_lower"[1:u.i - 1], u.t) IS NULL GROUP BY 1, 2, 3, 5
  )
  INSERT INTO "log_tallies" AS c ("user_id", "facet", "type", "value", "year", "n")
  SELECT "user_id", facet, "type", value, y, sum(n)::int FROM g WHERE value IS NOT NULL GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT ("user_id", "facet", "value", "type", "year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_tallies_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "old_rows" UNION SELECT "user_id" FROM "new_rows"));
  WITH l AS (
    SELECT r."user_id", r."type", r.d,
      extract(year FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS y, extract(month FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS m,
      r."lake_name", r."state", r."moon_phase", CASE WHEN r."lunar"->>'moonIllum' IS NOT NULL THEN least(9, greatest(0, floor((r."lunar"->>'moonIllum')::real / 10)))::int END AS il,
      w."windDirection" AS wind, w."summary", CASE WHEN w."airTemp" < 0 THEN -1 WHEN w."airTemp" >= 100 THEN 10 ELSE floor(w."airTemp" / 10)::int END AS air,
      r."lure_category", r."lure_color_primary", lower(r."lure_color_primary") AS c1,
      CASE WHEN lower(r."lure_color_secondary") IS DISTINCT FROM lower(r."lure_color_primary") THEN lower(r."lure_color_secondary") END AS c2,
      r."fish_species", floor(r."fish_length")::int AS len, floor(r."water_temp")::int AS wt, r."tags", r."tags_lower"
    FROM (SELECT -1 AS d, * FROM "old_rows" UNION ALL SELECT 1 AS d, * FROM "new_rows") r
    LEFT JOIN LATERAL jsonb_to_record(CASE WHEN jsonb_typeof(r."weather") = 'object' THEN r."weather" END) AS w ("windDirection" real, "summary" text, "airTemp" real) ON true
  ), g AS (
    SELECT "user_id", "type", y,
      CASE WHEN grouping(m) = 0 THEN 'month' WHEN grouping("lake_name") = 0 THEN 'lake' WHEN grouping("state") = 0 THEN 'state'
        WHEN grouping("moon_phase") = 0 THEN 'phase' WHEN grouping(il) = 0 THEN 'illumination' WHEN grouping(wind) = 0 THEN 'wind'
        WHEN grouping("summary") = 0 THEN 'conditions' WHEN grouping(air) = 0 THEN 'airTemp' WHEN grouping("lure_category") = 0 THEN 'lureType'
        WHEN grouping("lure_color_primary") = 0 THEN 'lureColor' WHEN grouping(c1) = 0 OR grouping(c2) = 0 THEN 'lureColorAny'
        WHEN grouping("fish_species") = 0 THEN 'species' WHEN grouping(len) = 0 THEN 'length' WHEN grouping(wt) = 0 THEN 'waterTemp' ELSE 'year' END AS facet,
      CASE WHEN grouping(m) = 0 THEN m::text WHEN grouping("lake_name") = 0 THEN "lake_name" WHEN grouping("state") = 0 THEN "state"
        WHEN grouping("moon_phase") = 0 THEN "moon_phase" WHEN grouping(il) = 0 THEN il::text WHEN grouping(wind) = 0 THEN wind::text
        WHEN grouping("summary") = 0 THEN "summary" WHEN grouping(air) = 0 THEN air::text WHEN grouping("lure_category") = 0 THEN "lure_category"
        WHEN grouping("lure_color_primary") = 0 THEN "lure_color_primary" WHEN grouping(c1) = 0 THEN c1 WHEN grouping(c2) = 0 THEN c2
        WHEN grouping("fish_species") = 0 THEN "fish_species" WHEN grouping(len) = 0 THEN len::text WHEN grouping(wt) = 0 THEN wt::text ELSE y::text END AS value,
      sum(d) AS n
    FROM l
    GROUP BY "user_id", "type", y, GROUPING SETS ((), (m), ("lake_name"), ("state"), ("moon_phase"), (il), (wind), ("summary"), (air), ("lure_category"),
      ("lure_color_primary"), (c1), (c2), ("fish_species"), (len), (wt))
    UNION ALL
    SELECT "user_id", "type", y, 'tag', t, sum(d) FROM l, unnest("tags") AS t WHERE t IS NOT NULL GROUP BY 1, 2, 3, 5
    UNION ALL
    SELECT "user_id", "type", y, 'tagLower', u.t, sum(d) FROM l, unnest("tags_lower") WITH ORDINALITY AS u (t, i)
    WHERE u.t IS NOT NULL AND array_position("tags_lower"[1:u.i - 1], u.t) IS NULL GROUP BY 1, 2, 3, 5
  )
  INSERT INTO "log_tallies" AS c ("user_id", "facet", "type", "value", "year", "n")
  SELECT "user_id", facet, "type", value, y, sum(n)::int FROM g WHERE value IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0
  ON CONFLICT ("user_id", "facet", "value", "type", "year") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update only, as 0024's: the rows exist since their logs were added, and an angler's deletion may
-- have cascaded to their tallies first.
CREATE OR REPLACE FUNCTION "log_tallies_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "log_tallies_lock"(ARRAY(SELECT "user_id" FROM "old_rows"));
  WITH l AS (
    SELECT r."user_id", r."type", 1 AS d,
      extract(year FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS y, extract(month FROM r."occurred_at" AT TIME ZONE r."time_zone")::int AS m,
      r."lake_name", r."state", r."moon_phase", CASE WHEN r."lunar"->>'moonIllum' IS NOT NULL THEN least(9, greatest(0, floor((r."lunar"->>'moonIllum')::real / 10)))::int END AS il,
      w."windDirection" AS wind, w."summary", CASE WHEN w."airTemp" < 0 THEN -1 WHEN w."airTemp" >= 100 THEN 10 ELSE floor(w."airTemp" / 10)::int END AS air,
      r."lure_category", r."lure_color_primary", lower(r."lure_color_primary") AS c1,
      CASE WHEN lower(r."lure_color_secondary") IS DISTINCT FROM lower(r."lure_color_primary") THEN lower(r."lure_color_secondary") END AS c2,
      r."fish_species", floor(r."fish_length")::int AS len, floor(r."water_temp")::int AS wt, r."tags", r."tags_lower"
    FROM "old_rows" r LEFT JOIN LATERAL jsonb_to_record(CASE WHEN jsonb_typeof(r."weather") = 'object' THEN r."weather" END) AS w ("windDirection" real, "summary" text, "airTemp" real) ON true
  ), g AS (
    SELECT "user_id", "type", y,
      CASE WHEN grouping(m) = 0 THEN 'month' WHEN grouping("lake_name") = 0 THEN 'lake' WHEN grouping("state") = 0 THEN 'state'
        WHEN grouping("moon_phase") = 0 THEN 'phase' WHEN grouping(il) = 0 THEN 'illumination' WHEN grouping(wind) = 0 THEN 'wind'
        WHEN grouping("summary") = 0 THEN 'conditions' WHEN grouping(air) = 0 THEN 'airTemp' WHEN grouping("lure_category") = 0 THEN 'lureType'
        WHEN grouping("lure_color_primary") = 0 THEN 'lureColor' WHEN grouping(c1) = 0 OR grouping(c2) = 0 THEN 'lureColorAny'
        WHEN grouping("fish_species") = 0 THEN 'species' WHEN grouping(len) = 0 THEN 'length' WHEN grouping(wt) = 0 THEN 'waterTemp' ELSE 'year' END AS facet,
      CASE WHEN grouping(m) = 0 THEN m::text WHEN grouping("lake_name") = 0 THEN "lake_name" WHEN grouping("state") = 0 THEN "state"
        WHEN grouping("moon_phase") = 0 THEN "moon_phase" WHEN grouping(il) = 0 THEN il::text WHEN grouping(wind) = 0 THEN wind::text
        WHEN grouping("summary") = 0 THEN "summary" WHEN grouping(air) = 0 THEN air::text WHEN grouping("lure_category") = 0 THEN "lure_category"
        WHEN grouping("lure_color_primary") = 0 THEN "lure_color_primary" WHEN grouping(c1) = 0 THEN c1 WHEN grouping(c2) = 0 THEN c2
        WHEN grouping("fish_species") = 0 THEN "fish_species" WHEN grouping(len) = 0 THEN len::text WHEN grouping(wt) = 0 THEN wt::text ELSE y::text END AS value,
      sum(d) AS n
    FROM l
    GROUP BY "user_id", "type", y, GROUPING SETS ((), (m), ("lake_name"), ("state"), ("moon_phase"), (il), (wind), ("summary"), (air), ("lure_category"),
      ("lure_color_primary"), (c1), (c2), ("fish_species"), (len), (wt))
    UNION ALL
    SELECT "user_id", "type", y, 'tag', t, sum(d) FROM l, unnest("tags") AS t WHERE t IS NOT NULL GROUP BY 1, 2, 3, 5
    UNION ALL
    SELECT "user_id", "type", y, 'tagLower', u.t, sum(d) FROM l, unnest("tags_lower") WITH ORDINALITY AS u (t, i)
    WHERE u.t IS NOT NULL AND array_position("tags_lower"[1:u.i - 1], u.t) IS NULL GROUP BY 1, 2, 3, 5
  )
  UPDATE "log_tallies" c SET "n" = c."n" - d."n"
  FROM (SELECT "user_id", facet, "type", value, y, sum(n)::int AS n FROM g WHERE value IS NOT NULL GROUP BY 1, 2, 3, 4, 5) d
  WHERE c."user_id" = d."user_id" AND c."facet" = d.facet AND c."value" = d.value AND c."type" = d."type" AND c."year" = d.y;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "log_tallies" ("user_id", "facet", "type", "value", "year", "n")
SELECT l."user_id", f."facet", l."type", f."value", extract(year FROM l."occurred_at" AT TIME ZONE l."time_zone")::int, count(*)::int
FROM "logs" l
CROSS JOIN LATERAL "log_tally_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags", l."tags_lower",
  l."lunar", l."weather", l."lure_category", l."lure_color_primary", l."lure_color_secondary", l."fish_species", l."fish_length", l."water_temp") f
GROUP BY 1, 2, 3, 4, 5;
