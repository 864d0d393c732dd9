-- Team totals per day, kept up to date as steps arrive (docs/decisions/038): team match ranks read 1 row per team and
-- day instead of every member's steps. Maintained by statement-level triggers on daily_steps (the health domain's
-- table: one aggregated upsert per statement, whatever its size) and on team_match_members.
CREATE TABLE team_match_team_days (
  team_id integer NOT NULL REFERENCES team_match_teams(id) ON DELETE CASCADE,
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  day date NOT NULL,
  total_steps bigint NOT NULL,
  PRIMARY KEY (team_id, day)
);
CREATE INDEX team_match_team_days_match_idx ON team_match_team_days (team_match_id, day);

-- The Asia/Tokyo days a match covers (end_at exclusive).
CREATE FUNCTION team_match_covers(m team_matches, d date) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT d >= (m.start_at AT TIME ZONE 'Asia/Tokyo')::date AND d <= ((m.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date
$$;

CREATE FUNCTION team_match_days_steps_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_match_team_days AS t (team_id, team_match_id, day, total_steps)
  SELECT mm.team_id, mm.team_match_id, n.day, sum(n.steps)
  FROM new_rows n
  JOIN team_match_members mm ON mm.user_id = n.user_id
  JOIN team_matches m ON m.id = mm.team_match_id AND team_match_covers(m, n.day)
  GROUP BY mm.team_id, mm.team_match_id, n.day
  ON CONFLICT (team_id, day) DO UPDATE SET total_steps = t.total_steps + excluded.total_steps;
  RETURN NULL;
END $$;

CREATE FUNCTION team_match_days_steps_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_match_team_days AS t (team_id, team_match_id, day, total_steps)
  SELECT mm.team_id, mm.team_match_id, o.day, -sum(o.steps)
  FROM old_rows o
  JOIN team_match_members mm ON mm.user_id = o.user_id
  JOIN team_matches m ON m.id = mm.team_match_id AND team_match_covers(m, o.day)
  GROUP BY mm.team_id, mm.team_match_id, o.day
  ON CONFLICT (team_id, day) DO UPDATE SET total_steps = t.total_steps + excluded.total_steps;
  RETURN NULL;
END $$;

CREATE FUNCTION team_match_days_steps_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_match_team_days AS t (team_id, team_match_id, day, total_steps)
  SELECT mm.team_id, mm.team_match_id, c.day, sum(c.steps)
  FROM (SELECT user_id, day, steps::bigint AS steps FROM new_rows
        UNION ALL SELECT user_id, day, -steps::bigint FROM old_rows) c
  JOIN team_match_members mm ON mm.user_id = c.user_id
  JOIN team_matches m ON m.id = mm.team_match_id AND team_match_covers(m, c.day)
  GROUP BY mm.team_id, mm.team_match_id, c.day
  ON CONFLICT (team_id, day) DO UPDATE SET total_steps = t.total_steps + excluded.total_steps;
  RETURN NULL;
END $$;

CREATE TRIGGER daily_steps_team_days_ins AFTER INSERT ON daily_steps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_match_days_steps_inserted();
CREATE TRIGGER daily_steps_team_days_del AFTER DELETE ON daily_steps REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_match_days_steps_deleted();
CREATE TRIGGER daily_steps_team_days_upd AFTER UPDATE ON daily_steps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_match_days_steps_updated();

-- A member joining or leaving a team brings or takes their steps of the match's days.
CREATE FUNCTION team_match_days_member_joined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_match_team_days AS t (team_id, team_match_id, day, total_steps)
  SELECT n.team_id, n.team_match_id, d.day, sum(d.steps)
  FROM new_rows n
  JOIN team_matches m ON m.id = n.team_match_id
  JOIN daily_steps d ON d.user_id = n.user_id
   AND d.day BETWEEN (m.start_at AT TIME ZONE 'Asia/Tokyo')::date AND ((m.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date
  GROUP BY n.team_id, n.team_match_id, d.day
  ON CONFLICT (team_id, day) DO UPDATE SET total_steps = t.total_steps + excluded.total_steps;
  RETURN NULL;
END $$;

CREATE FUNCTION team_match_days_member_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_match_team_days AS t (team_id, team_match_id, day, total_steps)
  SELECT o.team_id, o.team_match_id, d.day, -sum(d.steps)
  FROM old_rows o
  JOIN team_matches m ON m.id = o.team_match_id
  JOIN daily_steps d ON d.user_id = o.user_id
   AND d.day BETWEEN (m.start_at AT TIME ZONE 'Asia/Tokyo')::date AND ((m.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date
  WHERE EXISTS (SELECT 1 FROM team_match_teams tt WHERE tt.id = o.team_id)
  GROUP BY o.team_id, o.team_match_id, d.day
  ON CONFLICT (team_id, day) DO UPDATE SET total_steps = t.total_steps + excluded.total_steps;
  RETURN NULL;
END $$;

CREATE TRIGGER team_match_members_days_ins AFTER INSERT ON team_match_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_match_days_member_joined();
CREATE TRIGGER team_match_members_days_del AFTER DELETE ON team_match_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_match_days_member_left();

-- Changing a match's dates rebuilds its days from the source.
CREATE FUNCTION team_match_days_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_match_team_days WHERE team_match_id = NEW.id;
  INSERT INTO team_match_team_days (team_id, team_match_id, day, total_steps)
  SELECT mm.team_id, mm.team_match_id, d.day, sum(d.steps)
  FROM team_match_members mm
  JOIN daily_steps d ON d.user_id = mm.user_id
   AND d.day BETWEEN (NEW.start_at AT TIME ZONE 'Asia/Tokyo')::date AND ((NEW.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date
  WHERE mm.team_match_id = NEW.id
  GROUP BY mm.team_id, mm.team_match_id, d.day;
  RETURN NULL;
END $$;
CREATE TRIGGER team_matches_days_dates AFTER UPDATE OF start_at, end_at ON team_matches
  FOR EACH ROW WHEN (OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.end_at IS DISTINCT FROM NEW.end_at)
  EXECUTE FUNCTION team_match_days_rebuild();

-- Ranking a week among every tenant user (getWalkingProgramRank without filterbyTenant).
CREATE INDEX weekly_steps_week_avg_idx ON weekly_steps (week_start, avg_steps);

-- A user who is deleted leaves their teams first, while their steps still exist, so the totals lose exactly their
-- steps (cascaded deletes would otherwise run both statement triggers after both tables lost the rows).
CREATE FUNCTION team_match_days_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_match_members WHERE user_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER users_leave_teams_before_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION team_match_days_user_deleted();
