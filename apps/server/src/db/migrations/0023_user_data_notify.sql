-- Every change to what a member's kept answers are made of (their logs and user row; their Inner
-- Circle and its members' names; see AnswerCache) is announced on the `user_data` channel with the member's id, at commit,
-- to every server on this database: each forgets its cached answers for that member. Triggers, so no
-- write path (requests, imports, the background weather and lake pass, manual SQL) can skip it;
-- statement-level with transition tables, so a 100,000-row import sends one message per member, not
-- one per row (PostgreSQL also folds identical messages of one transaction into one).
CREATE FUNCTION "user_data_changed_logs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT DISTINCT user_id AS u FROM changed_new) s;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT DISTINCT user_id AS u FROM changed_old) s;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "logs_user_data_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_logs"();--> statement-breakpoint
CREATE TRIGGER "logs_user_data_update" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_logs"();--> statement-breakpoint
CREATE TRIGGER "logs_user_data_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_logs"();--> statement-breakpoint
CREATE FUNCTION "user_data_changed_circle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT owner_id AS u FROM changed_new UNION SELECT member_id FROM changed_new) s;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT owner_id AS u FROM changed_old UNION SELECT member_id FROM changed_old) s;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "circle_members_user_data_insert" AFTER INSERT ON "circle_members" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_circle"();--> statement-breakpoint
CREATE TRIGGER "circle_members_user_data_update" AFTER UPDATE ON "circle_members" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_circle"();--> statement-breakpoint
CREATE TRIGGER "circle_members_user_data_delete" AFTER DELETE ON "circle_members" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_circle"();--> statement-breakpoint
-- A member's own row (name, address, picture) is in their answers; their name is also in the Inner
-- Circle of everyone they share one with, so a rename reaches those members too.
CREATE FUNCTION "user_data_changed_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_data', u::text) FROM (
    SELECT n.id AS u FROM changed_new n
    UNION SELECT cm.member_id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN circle_members cm ON cm.owner_id = n.id WHERE n.username IS DISTINCT FROM o.username
    UNION SELECT cm.owner_id FROM changed_new n JOIN changed_old o ON o.id = n.id JOIN circle_members cm ON cm.member_id = n.id WHERE n.username IS DISTINCT FROM o.username
  ) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_user_data_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_users"();
