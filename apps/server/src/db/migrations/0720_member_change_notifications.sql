-- Members' own rows tell whose they are (issue 18, docs/decisions/138-kept-member-answers.md). Migration 0700 told
-- every process that a table was written; a member's kept answer (their profile, their health data, their marks on
-- shared lists) only needs to be renewed when *their* rows change. So the tables a member's answers are read from
-- notify `<table>@<user id>` per row (NOTIFY folds repeats within a transaction, so a week of steps in one statement
-- is one notification). A process counts such a notice as a write to the table too: answers shared by everyone that
-- are made of the table renew as before.
--   - a row that belongs to no one (a guest's view) notifies `<table>@-`: a write to the table, no member's rows;
--   - TRUNCATE names no one: it notifies the table, which every process counts as a write to everyone's rows.
--   - users: `users@<id>` replaces `user:<id>` (kept sessions drop on it as before); the sessions' trigger keeps
--     `user:<id>` (a session's end is not a change of the account's rows).
--   - tables a member's answer reads that change for many members at once (rankings, teams, friendships) notify the
--     table per statement.
CREATE FUNCTION hibi_notify_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('hibi_changes', TG_TABLE_NAME || '@' || coalesce(OLD.user_id::text, '-'));
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('hibi_changes', TG_TABLE_NAME || '@' || coalesce(NEW.user_id::text, '-'));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION hibi_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_login_at') = (to_jsonb(NEW) - 'last_login_at') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('hibi_changes', 'users@' || OLD.id);
  ELSE
    PERFORM pg_notify('hibi_changes', 'user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;

-- Two tables told per statement until now: per row from here on, with the member named.
DROP TRIGGER event_reservations_notify_change ON event_reservations;
DROP TRIGGER event_waiting_list_notify_change ON event_waiting_list;
DROP TRIGGER report_article_views_notify_change ON report_article_views;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'event_reservations', 'event_waiting_list', 'event_favorites', 'announcement_reads', 'report_article_views',
    'daily_steps', 'weekly_steps', 'health_logs', 'target_weights', 'team_match_members', 'individual_match_entries'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION hibi_notify_owner()',
                   t || '_notify_owner', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION hibi_notify_table()',
                   t || '_notify_truncate', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY[
    'friendships', 'team_match_teams', 'team_match_team_days', 'team_match_day_ranks', 'team_match_rank_state'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION hibi_notify_table()',
                   t || '_notify_change', t);
  END LOOP;
END $$;
