-- The map's markers are kept with the logs: the markers route aggregates 20,000 stored markers
-- instead of writing each one (converting the time to the log's zone, formatting it, a dozen
-- concatenations a row), which cost about three times reading them on PGlite and on PostgreSQL.
-- PL/pgSQL because a SQL function that calls stable functions (to_char, to_json, text || number)
-- is not inlined, and the SQL function executor costs about three times as much a row.
-- IMMUTABLE is true of these bodies as Tightlines runs them: `AT TIME ZONE` with a zone name is
-- immutable, these to_char patterns do not read the locale, and to_json of text is plain JSON escaping;
-- float8's text depends on extra_float_digits, which Tightlines never sets (query-time markers did too).
CREATE FUNCTION "log_local_minute"("occurred_at" timestamptz, "time_zone" text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN to_char("occurred_at" AT TIME ZONE "time_zone", 'YYYY-MM-DD"T"HH24:MI');
END $$;--> statement-breakpoint
-- The marker is what serializing the seed's MapMarker gives ({"_id","lat","lng","type","date","lake","gauge"}):
-- the gauge is the river gauge's place and station where the waterflow reading has a location.
CREATE FUNCTION "log_marker"("id" uuid, "lat" float8, "lng" float8, "type" text, "occurred_at" timestamptz, "time_zone" text, "lake_name" text, "waterflow" jsonb, "gauge_station" text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN '{"_id":"' || "id" || '","lat":' || "lat" || ',"lng":' || "lng" || ',"type":' || to_json("type")::text
    || ',"date":"' || log_local_minute("occurred_at", "time_zone") || '","lake":' || coalesce(to_json("lake_name")::text, 'null')
    || ',"gauge":' || coalesce(CASE WHEN "waterflow" ? 'location' THEN '{"lat":' || ("waterflow"->'location'->>'lat')::float8
      || ',"lng":' || ("waterflow"->'location'->>'lng')::float8 || ',"station":' || coalesce(to_json("gauge_station")::text, 'null') || '}' END, 'null')
    || '}';
END $$;--> statement-breakpoint
-- One statement, so the table is rewritten once.
ALTER TABLE "logs" ADD COLUMN "local_minute" text GENERATED ALWAYS AS (log_local_minute(occurred_at, time_zone)) STORED NOT NULL,
  ADD COLUMN "marker" text GENERATED ALWAYS AS (log_marker(id, lat, lng, type, occurred_at, time_zone, lake_name, waterflow, gauge_station)) STORED NOT NULL;
