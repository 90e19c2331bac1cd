-- Tags compared case-blind as whole arrays: logs.tags_lower is kept by the database, so the tag
-- filter is `tags_lower @> array[lower(tag)]` (by the GIN index) where it needed a subquery over
-- unnest(tags) on every row, and the Inner Circle's tag rule compares without lower() per tag.
-- The log keeps its tags as the angler typed them.
CREATE FUNCTION "lower_tags"("tags" text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array(SELECT lower(t) FROM unnest("tags") AS t) $$;--> statement-breakpoint
DROP INDEX "logs_tags_idx";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "tags_lower" text[] GENERATED ALWAYS AS (lower_tags(tags)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "logs_tags_lower_idx" ON "logs" USING gin ("tags_lower");
