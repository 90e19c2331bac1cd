DROP INDEX "logs_user_occurred_idx";--> statement-breakpoint
ALTER TABLE "circle_members" ADD COLUMN "visible_logs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "logs_user_occurred_idx" ON "logs" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
-- circle_members.visible_logs: how many of the owner's logs the member may see. The rule is the one
-- of db/circle-visibility.ts (friendMaySee); the rows themselves are always read through that SQL,
-- these counts only size the feed and the circle lists.
CREATE FUNCTION "circle_visible_count"("owner" uuid, "hidden" text[], "allowed" text[]) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "logs" l
  WHERE l."user_id" = "owner" AND l."privacy" IN ('public', 'protected')
    AND (l."lake_name" IS NULL OR lower(l."lake_name") <> ALL("hidden"))
    AND NOT EXISTS (SELECT 1 FROM unnest(l."tags") AS t WHERE lower(t) <> ALL("allowed"))
$$;--> statement-breakpoint
-- A member added, or their lakes and tags changed: count again (one angler's logs, by index).
CREATE FUNCTION "circle_members_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."visible_logs" := "circle_visible_count"(NEW."owner_id", NEW."hidden_lakes", NEW."allowed_tags");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "circle_members_recount" BEFORE INSERT OR UPDATE OF "owner_id", "hidden_lakes", "allowed_tags" ON "circle_members"
FOR EACH ROW EXECUTE FUNCTION "circle_members_recount"();--> statement-breakpoint
-- Logs written: once per statement (an import of thousands of rows is one update per relation),
-- subtract what the old rows showed and add what the new rows show, per member of their owners.
CREATE FUNCTION "circle_members_log_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "logs_circle_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_members_log_delta"();--> statement-breakpoint
CREATE TRIGGER "logs_circle_update" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_members_log_delta"();--> statement-breakpoint
CREATE TRIGGER "logs_circle_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "circle_members_log_delta"();--> statement-breakpoint
UPDATE "circle_members" SET "visible_logs" = "circle_visible_count"("owner_id", "hidden_lakes", "allowed_tags");--> statement-breakpoint
DROP INDEX "events_list_idx";--> statement-breakpoint
CREATE INDEX "events_list_upcoming_idx" ON "events" USING btree ("date_start","date_end" DESC NULLS FIRST,"id") WHERE "events"."status" = 'Active' and "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_list_ended_idx" ON "events" USING btree ("date_end" DESC NULLS FIRST,"id") WHERE "events"."status" = 'Active' and "events"."is_public";