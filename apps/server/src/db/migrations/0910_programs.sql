-- Programs: Team Walk and individual challenges run from the console (issue 57; owner: programs;
-- docs/requirements/programs.md, docs/decisions/187-program-counting-and-draw.md).
--
-- The counting rule (programs-counting): a program holds, per member and Tokyo day, the figure uploaded for that day
-- (program_days), written by the app in the same transaction as the health write while the day's grace window is open
-- by the app's clock, and never after. The trigger-kept raw sums of 0351 (team_match_team_days) are replaced by it.

DROP TRIGGER IF EXISTS daily_steps_team_days_ins ON daily_steps;
DROP TRIGGER IF EXISTS daily_steps_team_days_del ON daily_steps;
DROP TRIGGER IF EXISTS daily_steps_team_days_upd ON daily_steps;
DROP TRIGGER IF EXISTS team_match_members_days_ins ON team_match_members;
DROP TRIGGER IF EXISTS team_match_members_days_del ON team_match_members;
DROP TRIGGER IF EXISTS team_matches_days_dates ON team_matches;
DROP TABLE IF EXISTS team_match_team_days;
DROP FUNCTION IF EXISTS team_match_days_steps_inserted();
DROP FUNCTION IF EXISTS team_match_days_steps_deleted();
DROP FUNCTION IF EXISTS team_match_days_steps_updated();
DROP FUNCTION IF EXISTS team_match_days_member_joined();
DROP FUNCTION IF EXISTS team_match_days_member_left();
DROP FUNCTION IF EXISTS team_match_days_rebuild();
DROP FUNCTION IF EXISTS team_match_covers(team_matches, date);

-- Team Walk rounds: the Tokyo days are the truth; start_at/end_at (the account domain's instants, end exclusive) are
-- kept equal to them by the writers, and filled from them for rows written with instants only (older seeds).
ALTER TABLE team_matches
  ADD COLUMN entry_from date,
  ADD COLUMN entry_to date,
  ADD COLUMN start_date date,
  ADD COLUMN end_date date,
  ADD COLUMN formation_mode text NOT NULL DEFAULT 'department' CHECK (formation_mode IN ('department', 'selfFormed', 'balanced')),
  ADD COLUMN min_team_size integer NOT NULL DEFAULT 7,
  ADD COLUMN teams_per_league integer NOT NULL DEFAULT 10,
  ADD COLUMN daily_cap integer NOT NULL DEFAULT 30000,
  ADD COLUMN grace_days integer NOT NULL DEFAULT 7,
  -- Hex; the formation is recomputed from it and the entrants.
  ADD COLUMN formation_seed text,
  ADD COLUMN formed_at timestamptz,
  ADD COLUMN results_notified_at timestamptz,
  ADD COLUMN updated_at timestamptz,
  ADD COLUMN updated_by text;

CREATE FUNCTION programs_fill_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.start_date IS NULL AND NEW.start_at IS NOT NULL THEN NEW.start_date := (NEW.start_at AT TIME ZONE 'Asia/Tokyo')::date; END IF;
  IF NEW.end_date IS NULL AND NEW.end_at IS NOT NULL THEN
    NEW.end_date := ((NEW.end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date;
  END IF;
  IF NEW.entry_from IS NULL THEN NEW.entry_from := NEW.start_date - 14; END IF;
  IF NEW.entry_to IS NULL THEN NEW.entry_to := NEW.end_date; END IF;
  IF NEW.updated_at IS NULL THEN NEW.updated_at := NEW.start_at; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER team_matches_fill_days BEFORE INSERT ON team_matches FOR EACH ROW EXECUTE FUNCTION programs_fill_days();
UPDATE team_matches SET start_date = (start_at AT TIME ZONE 'Asia/Tokyo')::date,
  end_date = ((end_at - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date, updated_at = start_at;
UPDATE team_matches SET entry_from = start_date - 14, entry_to = end_date;

CREATE TABLE team_match_tenants (
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  PRIMARY KEY (team_match_id, tenant_id)
);
CREATE INDEX team_match_tenants_tenant_idx ON team_match_tenants (tenant_id);
INSERT INTO team_match_tenants (team_match_id, tenant_id)
SELECT DISTINCT mm.team_match_id, u.tenant_id FROM team_match_members mm JOIN users u ON u.id = mm.user_id WHERE u.tenant_id IS NOT NULL;

-- An entrant of a round; their team (team_match_members) comes at entry (selfFormed) or at the formation.
CREATE TABLE team_match_entries (
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (team_match_id, user_id)
);
CREATE INDEX team_match_entries_user_idx ON team_match_entries (user_id);
INSERT INTO team_match_entries (team_match_id, user_id, created_at)
SELECT mm.team_match_id, mm.user_id, m.start_at FROM team_match_members mm JOIN team_matches m ON m.id = mm.team_match_id;

ALTER TABLE team_match_teams
  ADD COLUMN code text UNIQUE,
  ADD COLUMN tenant_id integer REFERENCES tenants(id) ON DELETE SET NULL,
  ADD COLUMN department text,
  ADD COLUMN prior_avg integer NOT NULL DEFAULT 0;

-- The cumulative score (average per member and day since the start) a day's ranks were computed from.
ALTER TABLE team_match_day_ranks ADD COLUMN score integer NOT NULL DEFAULT 0;

-- Individual challenges: the same days; tenants in a table of their own (none: general).
ALTER TABLE individual_matches
  ADD COLUMN entry_from date,
  ADD COLUMN entry_to date,
  ADD COLUMN start_date date,
  ADD COLUMN end_date date,
  ADD COLUMN daily_cap integer NOT NULL DEFAULT 30000,
  ADD COLUMN grace_days integer NOT NULL DEFAULT 7,
  -- [{"ja": ..., "en": ..., "winners": n}, ...]
  ADD COLUMN prizes jsonb NOT NULL DEFAULT '[]',
  -- The draw (programs-draw): the secret seed (hex) and its published sha256 (hex).
  ADD COLUMN draw_seed text,
  ADD COLUMN draw_commitment text,
  ADD COLUMN committed_at timestamptz,
  ADD COLUMN drawn_at timestamptz,
  ADD COLUMN created_at timestamptz,
  ADD COLUMN updated_at timestamptz,
  ADD COLUMN updated_by text;

CREATE FUNCTION programs_fill_individual_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.start_date IS NULL THEN NEW.start_date := (coalesce(NEW.start_at, NEW.display_start_at) AT TIME ZONE 'Asia/Tokyo')::date; END IF;
  IF NEW.end_date IS NULL THEN
    NEW.end_date := ((coalesce(NEW.end_at, NEW.display_end_at) - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date;
  END IF;
  IF NEW.entry_from IS NULL THEN NEW.entry_from := (NEW.display_start_at AT TIME ZONE 'Asia/Tokyo')::date; END IF;
  IF NEW.entry_to IS NULL THEN NEW.entry_to := NEW.end_date; END IF;
  IF NEW.updated_at IS NULL THEN NEW.updated_at := NEW.display_start_at; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER individual_matches_fill_days BEFORE INSERT ON individual_matches FOR EACH ROW EXECUTE FUNCTION programs_fill_individual_days();
UPDATE individual_matches SET start_date = (coalesce(start_at, display_start_at) AT TIME ZONE 'Asia/Tokyo')::date,
  end_date = ((coalesce(end_at, display_end_at) - interval '1 millisecond') AT TIME ZONE 'Asia/Tokyo')::date,
  entry_from = (display_start_at AT TIME ZONE 'Asia/Tokyo')::date, updated_at = display_start_at;
UPDATE individual_matches SET entry_to = end_date;

CREATE TABLE individual_match_tenants (
  individual_match_id integer NOT NULL REFERENCES individual_matches(id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  PRIMARY KEY (individual_match_id, tenant_id)
);
CREATE INDEX individual_match_tenants_tenant_idx ON individual_match_tenants (tenant_id);

-- The anonymous entry number fixed at the draw (eligible entries only) and the prize won (index into prizes).
ALTER TABLE individual_match_entries
  ADD COLUMN entry_number integer,
  ADD COLUMN prize_index integer,
  ADD COLUMN notified_at timestamptz;
CREATE UNIQUE INDEX individual_match_entries_number_idx ON individual_match_entries (individual_match_id, entry_number)
  WHERE entry_number IS NOT NULL;

-- The figure a program holds for a member and day (programs-counting): the uploaded one (the day's largest over
-- devices), written while the day's window is open by the app's clock. Counted = least(daily_cap, steps), 0 when an
-- editor excluded the day.
CREATE TABLE program_days (
  program_kind text NOT NULL CHECK (program_kind IN ('teamMatch', 'individualMatch')),
  program_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  steps integer NOT NULL,
  PRIMARY KEY (program_kind, program_id, user_id, day)
);
CREATE INDEX program_days_day_idx ON program_days (program_kind, program_id, day);

-- Unusual days (programs-flags): flagged, never removed by a machine; an editor keeps or excludes them.
CREATE TABLE step_flags (
  id serial PRIMARY KEY,
  program_kind text NOT NULL CHECK (program_kind IN ('teamMatch', 'individualMatch')),
  program_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  steps integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('overCap', 'overMedian', 'manual')),
  median integer,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'kept', 'excluded')),
  created_at timestamptz NOT NULL,
  reviewed_by text,
  reviewed_at timestamptz,
  UNIQUE (program_kind, program_id, user_id, day, reason)
);
CREATE INDEX step_flags_open_idx ON step_flags (state, created_at, id);
CREATE INDEX step_flags_member_idx ON step_flags (program_kind, program_id, user_id, day);

-- Pushes sent once (teamFormed, programResult, syncReminder) per member, program and key.
CREATE TABLE program_notices (
  program_kind text NOT NULL,
  program_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  notice text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (program_kind, program_id, user_id, notice)
);

-- Programs are deleted by their own rows only; held days and flags of a deleted round go with it.
CREATE FUNCTION programs_forget_team_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM program_days WHERE program_kind = 'teamMatch' AND program_id = OLD.id;
  DELETE FROM step_flags WHERE program_kind = 'teamMatch' AND program_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER team_matches_forget AFTER DELETE ON team_matches FOR EACH ROW EXECUTE FUNCTION programs_forget_team_match();
CREATE FUNCTION programs_forget_individual_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM program_days WHERE program_kind = 'individualMatch' AND program_id = OLD.id;
  DELETE FROM step_flags WHERE program_kind = 'individualMatch' AND program_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER individual_matches_forget AFTER DELETE ON individual_matches FOR EACH ROW EXECUTE FUNCTION programs_forget_individual_match();
