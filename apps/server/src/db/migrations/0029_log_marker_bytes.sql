-- The map's binary answer (packages/core/src/map-markers.ts, MARKER_BYTES) is kept with each log,
-- as 0028 keeps its JSON: the route only concatenates 20,000 of them. Big-endian, as PostgreSQL's
-- send functions write: id (16 bytes), lat and lng (float8), the local time in whole minutes since
-- 1970-01-01T00:00 (int4), the type's index in LOG_TYPES (int2), the lake's UTF-8 length (int2, -1
-- for none) and bytes, one byte 1 for a river gauge or 0, and for a gauge its lat and lng (float8)
-- and its station's UTF-8 length (int2, -1 for none) and bytes.
-- PL/pgSQL and IMMUTABLE for the reasons 0028 gives; convert_to is too, as the database is UTF-8.
-- The types' order is LOG_TYPES' own (-1: not one of them); a test compares every type's bytes with
-- its JSON marker.
CREATE FUNCTION "log_marker_text_bytes"("value" text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF "value" IS NULL THEN
    RETURN int2send((-1)::int2);
  END IF;
  RETURN int2send(octet_length("value")::int2) || convert_to("value", 'UTF8');
END $$;--> statement-breakpoint
CREATE FUNCTION "log_marker_bytes"("id" uuid, "lat" float8, "lng" float8, "type" text, "occurred_at" timestamptz, "time_zone" text, "lake_name" text, "waterflow" jsonb, "gauge_station" text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN uuid_send("id") || float8send("lat") || float8send("lng")
    || int4send((extract(epoch FROM date_trunc('minute', "occurred_at" AT TIME ZONE "time_zone")) / 60)::int4)
    || int2send(coalesce(array_position(ARRAY['Bite', 'Catch', 'Cluster', 'Follow', 'Hunch', 'Lost', 'Outing', 'Draft']::text[], "type") - 1, -1)::int2)
    || log_marker_text_bytes("lake_name")
    || CASE WHEN "waterflow" ? 'location'
      THEN '\x01'::bytea || float8send(("waterflow"->'location'->>'lat')::float8) || float8send(("waterflow"->'location'->>'lng')::float8)
        || log_marker_text_bytes("gauge_station")
      ELSE '\x00'::bytea END;
END $$;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "marker_bytes" bytea GENERATED ALWAYS AS (log_marker_bytes(id, lat, lng, type, occurred_at, time_zone, lake_name, waterflow, gauge_station)) STORED NOT NULL;
