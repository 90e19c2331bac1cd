DROP INDEX "logs_user_type_idx";--> statement-breakpoint
CREATE INDEX "logs_user_lake_lower_idx" ON "logs" USING btree ("user_id",lower("lake_name"),"occurred_at","id");--> statement-breakpoint
CREATE INDEX "logs_user_fish_length_idx" ON "logs" USING btree ("user_id","fish_length");--> statement-breakpoint
CREATE INDEX "logs_user_type_idx" ON "logs" USING btree ("user_id","type","occurred_at","id");