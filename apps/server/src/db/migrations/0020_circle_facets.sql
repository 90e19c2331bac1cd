CREATE TABLE "circle_facet_counts" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "circle_facet_counts_member_id_facet_value_owner_id_pk" PRIMARY KEY("member_id","facet","value","owner_id")
);
--> statement-breakpoint
ALTER TABLE "circle_facet_counts" ADD CONSTRAINT "circle_facet_counts_owner_id_member_id_circle_members_owner_id_member_id_fk" FOREIGN KEY ("owner_id","member_id") REFERENCES "public"."circle_members"("owner_id","member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_user_year_idx" ON "logs" USING btree ("user_id",extract(year from ("occurred_at" at time zone "time_zone")),"occurred_at","id");--> statement-breakpoint
-- The planner's idea of how many logs a local year holds: without it, an equality on the expression
-- is guessed at 0.5 % of the rows, and PostgreSQL then reads each friend's whole year and sorts it
-- rather than the index range newest first until the page is full. Built by ANALYZE of the listed
-- columns (db/client.ts LOGS_PLANNED_COLUMNS holds occurred_at and time_zone), which skips index expressions.
CREATE STATISTICS "logs_local_year_stats" ON (extract(year from ("occurred_at" at time zone "time_zone"))) FROM "logs";--> statement-breakpoint
-- circle_facet_counts: the feed's total under one filter (type, year, lake, state, moon phase, tag)
-- without a pass over the logs. The visibility rule is the one of db/circle-visibility.ts
-- (friendMaySee) and of 0014_speed's counters; change them together (test/circle-counts.test.ts
-- compares them). The values are those the filters compare (query-repo.ts facetOf).
CREATE FUNCTION "circle_log_facets"("type" text, "occurred_at" timestamptz, "time_zone" text, "lake_name" text, "state" text, "moon_phase" text, "tags_lower" text[])
RETURNS TABLE ("facet" text, "value" text) LANGUAGE sql STABLE AS $$
  SELECT 'type', "type"
  UNION ALL SELECT 'year', extract(year FROM "occurred_at" AT TIME ZONE "time_zone")::int::text
  UNION ALL SELECT 'lake', lower("lake_name") WHERE "lake_name" IS NOT NULL
  UNION ALL SELECT 'state', upper("state") WHERE "state" IS NOT NULL
  UNION ALL SELECT 'moonPhase', "moon_phase" WHERE "moon_phase" IS NOT NULL
  UNION ALL SELECT DISTINCT 'tag', t FROM unnest("tags_lower") AS t
$$;--> statement-breakpoint
-- One relation counted from scratch (one angler's logs, by index).
CREATE FUNCTION "circle_facets_recount"("owner" uuid, "member" uuid, "hidden" text[], "allowed" text[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM "circle_facet_counts" WHERE "owner_id" = "owner" AND "member_id" = "member";
  INSERT INTO "circle_facet_counts" ("owner_id", "member_id", "facet", "value", "n")
  SELECT "owner", "member", f."facet", f."value", count(*)::int
  FROM "logs" l
  CROSS JOIN LATERAL "circle_log_facets"(l."type", l."occurred_at", l."time_zone", l."lake_name", l."state", l."moon_phase", l."tags_lower") f
  WHERE l."user_id" = "owner" AND l."privacy" IN ('public', 'protected')
    AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL("hidden"))
    AND NOT EXISTS (SELECT 1 FROM unnest(l."tags_lower") AS t WHERE t <> ALL("allowed"))
  GROUP BY 3, 4;
$$;--> statement-breakpoint
CREATE FUNCTION "circle_members_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "circle_facets_recount"(NEW."owner_id", NEW."member_id", NEW."hidden_lakes", NEW."allowed_tags");
  RETURN NULL;
END $$;--> statement-breakpoint
-- After the row exists (the counts reference it); a removed relation takes its counts along (cascade).
CREATE TRIGGER "circle_members_facets" AFTER INSERT OR UPDATE OF "hidden_lakes", "allowed_tags" ON "circle_members"
FOR EACH ROW EXECUTE FUNCTION "circle_members_facets"();--> statement-breakpoint
-- Logs written: once per statement, the rows that stopped showing count -1 and those that show now
-- +1, per member of their owners and facet value; an update that changes nothing a facet sees
-- (the weather filled in later) nets to zero and writes nothing. Dynamic SQL, because a trigger
-- on INSERT has no old rows to name and one on DELETE no new ones.
CREATE FUNCTION "circle_facets_log_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS d, * FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT -1 AS d, * FROM "old_rows"'
    ELSE 'SELECT -1 AS d, * FROM "old_rows" UNION ALL SELECT 1 AS d, * FROM "new_rows"' END;
BEGIN
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
END $$;--> statement-breakpoint
CREATE TRIGGER "logs_circle_facets_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_facets_log_delta"();--> statement-breakpoint
CREATE TRIGGER "logs_circle_facets_update" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_facets_log_delta"();--> statement-breakpoint
CREATE TRIGGER "logs_circle_facets_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_facets_log_delta"();--> statement-breakpoint
SELECT "circle_facets_recount"("owner_id", "member_id", "hidden_lakes", "allowed_tags") FROM "circle_members";
