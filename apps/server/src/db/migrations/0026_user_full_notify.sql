-- The full user (GET /api/user/full) is kept per member as the data page's answers are (AnswerCache),
-- so every other table it is made of announces a change on 0023's `user_data` channel too: the
-- member's subscriptions, billing account, e-mail changes, saved forecast searches and event entries;
-- their newsletter entry, found by user or by address (a visitor's sign-up or its confirmation link
-- can change a member's answer); an event's name, dates or status, which every entrant's answer shows;
-- and the user row going away. Statement-level with transition tables where a statement may write many
-- rows; row-level with a column list where most updates touch none of what the answer shows (entries'
-- points during a tournament, every other column of an event).
CREATE FUNCTION "user_data_changed_owned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT DISTINCT user_id AS u FROM changed_new WHERE user_id IS NOT NULL) s;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (SELECT DISTINCT user_id AS u FROM changed_old WHERE user_id IS NOT NULL) s;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_user_data_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_user_data_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_user_data_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "billing_accounts_user_data_insert" AFTER INSERT ON "billing_accounts" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "billing_accounts_user_data_update" AFTER UPDATE ON "billing_accounts" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "billing_accounts_user_data_delete" AFTER DELETE ON "billing_accounts" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "email_changes_user_data_insert" AFTER INSERT ON "email_changes" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "email_changes_user_data_update" AFTER UPDATE ON "email_changes" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "email_changes_user_data_delete" AFTER DELETE ON "email_changes" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "forecast_searches_user_data_insert" AFTER INSERT ON "forecast_searches" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "forecast_searches_user_data_update" AFTER UPDATE ON "forecast_searches" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "forecast_searches_user_data_delete" AFTER DELETE ON "forecast_searches" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "event_entries_user_data_insert" AFTER INSERT ON "event_entries" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE TRIGGER "event_entries_user_data_delete" AFTER DELETE ON "event_entries" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_owned"();--> statement-breakpoint
CREATE FUNCTION "user_data_changed_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN PERFORM pg_notify('user_data', NEW.user_id::text); END IF;
  IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('user_data', OLD.user_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_entries_user_data_update" AFTER UPDATE OF "user_id", "event_id" ON "event_entries" FOR EACH ROW EXECUTE FUNCTION "user_data_changed_entry"();--> statement-breakpoint
CREATE FUNCTION "user_data_changed_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_data', u::text) FROM (SELECT DISTINCT user_id AS u FROM event_entries WHERE event_id = NEW.id AND user_id IS NOT NULL) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_user_data_update" AFTER UPDATE OF "name", "date_start", "date_end", "status" ON "events" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.date_start IS DISTINCT FROM NEW.date_start OR OLD.date_end IS DISTINCT FROM NEW.date_end OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "user_data_changed_event"();--> statement-breakpoint
-- A member's newsletter state is the entry with their id, else the entry with their address.
CREATE FUNCTION "user_data_changed_newsletter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (
      SELECT user_id AS u FROM changed_new WHERE user_id IS NOT NULL
      UNION SELECT us.id FROM changed_new n JOIN users us ON lower(us.email) = lower(n.email)
    ) s;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_notify('user_data', u::text) FROM (
      SELECT user_id AS u FROM changed_old WHERE user_id IS NOT NULL
      UNION SELECT us.id FROM changed_old o JOIN users us ON lower(us.email) = lower(o.email)
    ) s;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "newsletter_subscribers_user_data_insert" AFTER INSERT ON "newsletter_subscribers" REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_newsletter"();--> statement-breakpoint
CREATE TRIGGER "newsletter_subscribers_user_data_update" AFTER UPDATE ON "newsletter_subscribers" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_newsletter"();--> statement-breakpoint
CREATE TRIGGER "newsletter_subscribers_user_data_delete" AFTER DELETE ON "newsletter_subscribers" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_changed_newsletter"();--> statement-breakpoint
CREATE FUNCTION "user_data_removed_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_data', id::text) FROM changed_old;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_user_data_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "user_data_removed_users"();
