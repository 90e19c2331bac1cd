-- Tags compared case-blind as whole arrays: logs.tags_lower is kept by the database, so the tag
-- filter is `tags_lower @> array[lower(tag)]` (by the GIN index) and the Inner Circle's tag rule
-- is `tags_lower <@ allowed_tags` (circle_members keeps its tags in lower case), where both needed
-- a subquery over unnest(tags) on every row. The log keeps its tags as the angler typed them.
CREATE FUNCTION "lower_tags"("tags" text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array(SELECT lower(t) FROM unnest("tags") AS t) $$;--> statement-breakpoint
DROP INDEX "logs_tags_idx";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "tags_lower" text[] GENERATED ALWAYS AS (lower_tags(tags)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "logs_tags_lower_idx" ON "logs" USING gin ("tags_lower");--> statement-breakpoint
-- The counters' copies of the rule (0014_speed) on the same column.
CREATE OR REPLACE FUNCTION "circle_visible_count"("owner" uuid, "hidden" text[], "allowed" text[]) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "logs" l
  WHERE l."user_id" = "owner" AND l."privacy" IN ('public', 'protected')
    AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL("hidden"))
    AND l."tags_lower" <@ "allowed"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "circle_members_log_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "circle_members" cm SET "visible_logs" = cm."visible_logs" - d.n
    FROM (SELECT m."owner_id", m."member_id", count(*)::int AS n
          FROM "old_rows" l JOIN "circle_members" m ON m."owner_id" = l."user_id"
          WHERE l."privacy" IN ('public', 'protected')
            AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL(m."hidden_lakes"))
            AND l."tags_lower" <@ m."allowed_tags"
          GROUP BY 1, 2) d
    WHERE cm."owner_id" = d."owner_id" AND cm."member_id" = d."member_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "circle_members" cm SET "visible_logs" = cm."visible_logs" + d.n
    FROM (SELECT m."owner_id", m."member_id", count(*)::int AS n
          FROM "new_rows" l JOIN "circle_members" m ON m."owner_id" = l."user_id"
          WHERE l."privacy" IN ('public', 'protected')
            AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL(m."hidden_lakes"))
            AND l."tags_lower" <@ m."allowed_tags"
          GROUP BY 1, 2) d
    WHERE cm."owner_id" = d."owner_id" AND cm."member_id" = d."member_id";
  END IF;
  RETURN NULL;
END $$;
