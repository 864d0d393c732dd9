-- Change notifications (issue 18, docs/decisions/110-read-models-and-change-notifications.md): every write to a table
-- that a cached answer is made of tells every server process, through PostgreSQL's NOTIFY on the channel
-- `hibi_changes`, delivered when the writing transaction commits (never for a rollback). Triggers, not application
-- code, so a write from any path (a function, the operator console, the seed, a hand-made fix in psql) is seen.
--   - shared content and events: one notification per statement, the table's name (NOTIFY folds repeats within a
--     transaction); library views per inserted row, as a repeated view of the day inserts nothing;
--   - accounts: `user:<id>` per row, so a process drops only that member's cached sessions (a sign-out, a
--     deactivation, a new nickname or terms version); a sign-in's last_login_at alone tells no one.
CREATE FUNCTION hibi_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hibi_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE FUNCTION hibi_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_login_at') = (to_jsonb(NEW) - 'last_login_at') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('hibi_changes', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('hibi_changes', 'user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'tenants', 'config',
    'sections', 'section_images', 'section_videos', 'section_attachments',
    'announcements', 'announcement_images', 'tags', 'report_articles', 'report_article_images', 'report_article_tags',
    'report_article_relations',
    'events', 'event_images', 'event_sessions', 'event_questions', 'event_reservations', 'event_waiting_list',
    'individual_matches', 'team_matches'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION hibi_notify_table()',
                   t || '_notify_change', t);
  END LOOP;
END $$;

-- Library popularity counts members' views: per row, so a repeated view of the day (ON CONFLICT DO NOTHING) tells no one.
CREATE TRIGGER report_article_views_notify_change AFTER INSERT OR UPDATE OR DELETE ON report_article_views
  FOR EACH ROW EXECUTE FUNCTION hibi_notify_table();

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION hibi_notify_user();
-- A session's last call (touched every minute of use) changes nothing another process caches: only its end does.
CREATE TRIGGER sessions_notify_change AFTER DELETE OR UPDATE OF user_id, token_hash, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION hibi_notify_user();
