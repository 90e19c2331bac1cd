ALTER TABLE "event_entries" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_entries_request_key" ON "event_entries" USING btree ("event_id","request_key");