-- Monthly missions and the stamp card (issue 58, docs/requirements/points.md#points-missions, decision 188). A mission
-- is one checker (kind) over data the product already has, with a target for the month; a completion is a stamp (one
-- per member and mission) and is written in the transaction of its `mission` ledger entry. The mission queue names
-- the members who did something a checker counts: statement-level triggers on the source tables fill it (one cheap
-- INSERT .. ON CONFLICT DO NOTHING per statement), the minute run drains it and evaluates only those members.
CREATE TABLE missions (
  id serial PRIMARY KEY,
  -- YYYY-MM (Tokyo).
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  title_ja text NOT NULL,
  title_en text,
  description_ja text,
  description_en text,
  kind text NOT NULL CHECK (kind IN ('steps', 'weightLog', 'lifestyleLog', 'articlesRead', 'eventAttended', 'surveyAnswered', 'quizAnswered', 'programEntered')),
  target integer NOT NULL CHECK (target BETWEEN 1 AND 31),
  -- `steps` only: the day's minimum.
  min_steps integer CHECK ((kind = 'steps') = (min_steps IS NOT NULL) AND (min_steps IS NULL OR min_steps BETWEEN 1 AND 100000)),
  points integer NOT NULL CHECK (points BETWEEN 1 AND 100000),
  published boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX missions_month_idx ON missions (month, id);

-- A stamp: the member completed the mission (the `mission` entry with key mission:<missionID>:<userId> is written in
-- the same transaction). Stamps = count of a member's completions; each full card of 10 gives a `stampCard` entry.
CREATE TABLE mission_completions (
  mission_id integer NOT NULL REFERENCES missions(id),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL,
  PRIMARY KEY (mission_id, user_id)
);
CREATE INDEX mission_completions_user_idx ON mission_completions (user_id);

-- Members to evaluate at the next minute run. queued_at orders the drain only (the database's clock is fine here:
-- nothing the member sees depends on it).
CREATE TABLE mission_queue (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX mission_queue_queued_idx ON mission_queue (queued_at);

CREATE FUNCTION mission_queue_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mission_queue (user_id)
  SELECT DISTINCT n.user_id FROM new_rows n WHERE n.user_id IS NOT NULL
  ORDER BY 1
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;

-- Two triggers per source (a trigger with transition tables takes one event).
CREATE TRIGGER daily_steps_mission_ins AFTER INSERT ON daily_steps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER daily_steps_mission_upd AFTER UPDATE ON daily_steps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER health_logs_mission_ins AFTER INSERT ON health_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER health_logs_mission_upd AFTER UPDATE ON health_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER report_article_views_mission_ins AFTER INSERT ON report_article_views REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER event_reservations_mission_ins AFTER INSERT ON event_reservations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER event_reservations_mission_upd AFTER UPDATE ON event_reservations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER questionnaire_answers_mission_ins AFTER INSERT ON questionnaire_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER questionnaire_answers_mission_upd AFTER UPDATE ON questionnaire_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER quiz_answers_mission_ins AFTER INSERT ON quiz_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER team_match_entries_mission_ins AFTER INSERT ON team_match_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();
CREATE TRIGGER individual_match_entries_mission_ins AFTER INSERT ON individual_match_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mission_queue_touch();

-- The nightly check's claim: one run per Tokyo night (the row of the night is written first, under its unique day).
ALTER TABLE point_checks ADD COLUMN night date;
CREATE UNIQUE INDEX point_checks_night_idx ON point_checks (night);
