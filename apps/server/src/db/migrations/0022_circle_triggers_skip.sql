-- The circle counters' statement triggers on logs (0014_speed, 0020_circle_facets) join the written
-- rows to circle_members. Most anglers have no circle, and then that work finds nothing to count,
-- yet it cost about 1 ms of a single log's save on PGlite (the facets' dynamic SQL is parsed and
-- planned on every statement). Each now first asks whether an owner of the written rows has a
-- circle member at all; the counting itself is that of 0014 and 0020, unchanged (the transition
-- tables are only visible inside the trigger function, hence the check in each).
CREATE OR REPLACE FUNCTION "circle_members_log_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "new_rows")) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "old_rows")) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "new_rows")) AND NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "old_rows")) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "circle_members" cm SET "visible_logs" = cm."visible_logs" - d.n
    FROM (SELECT m."owner_id", m."member_id", count(*)::int AS n
          FROM "old_rows" l JOIN "circle_members" m ON m."owner_id" = l."user_id"
          WHERE l."privacy" IN ('public', 'protected')
            AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL(m."hidden_lakes"))
            AND NOT EXISTS (SELECT 1 FROM unnest(l."tags") AS t WHERE lower(t) <> ALL(m."allowed_tags"))
          GROUP BY 1, 2) d
    WHERE cm."owner_id" = d."owner_id" AND cm."member_id" = d."member_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "circle_members" cm SET "visible_logs" = cm."visible_logs" + d.n
    FROM (SELECT m."owner_id", m."member_id", count(*)::int AS n
          FROM "new_rows" l JOIN "circle_members" m ON m."owner_id" = l."user_id"
          WHERE l."privacy" IN ('public', 'protected')
            AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL(m."hidden_lakes"))
            AND NOT EXISTS (SELECT 1 FROM unnest(l."tags") AS t WHERE lower(t) <> ALL(m."allowed_tags"))
          GROUP BY 1, 2) d
    WHERE cm."owner_id" = d."owner_id" AND cm."member_id" = d."member_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "circle_facets_log_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS d, * FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT -1 AS d, * FROM "old_rows"'
    ELSE 'SELECT -1 AS d, * FROM "old_rows" UNION ALL SELECT 1 AS d, * FROM "new_rows"' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "new_rows")) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "old_rows")) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "new_rows")) AND NOT EXISTS (SELECT 1 FROM "circle_members" WHERE "owner_id" IN (SELECT "user_id" FROM "old_rows")) THEN
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO "circle_facet_counts" AS c ("owner_id", "member_id", "facet", "value", "n")
    SELECT m."owner_id", m."member_id", f."facet", f."value", sum(l.d)::int
    FROM (%s) l
    JOIN "circle_members" m ON m."owner_id" = l."user_id"
    CROSS JOIN LATERAL "circle_log_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags_lower") f
    WHERE l."privacy" IN ('public', 'protected')
      AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL(m."hidden_lakes"))
      AND NOT EXISTS (SELECT 1 FROM unnest(l."tags_lower") AS t WHERE t <> ALL(m."allowed_tags"))
    GROUP BY 1, 2, 3, 4
    HAVING sum(l.d) <> 0
    ON CONFLICT ("member_id", "facet", "value", "owner_id") DO UPDATE SET "n" = c."n" + excluded."n"
  $q$, changed);
  RETURN NULL;
END $$;
