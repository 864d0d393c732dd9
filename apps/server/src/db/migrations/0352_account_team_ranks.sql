-- Daily team ranks of a match, computed from team_match_team_days at most once per refresh interval per match and
-- read by the profile (docs/decisions/038). Ranks cover finished days only, so they change only with late uploads.
CREATE TABLE team_match_rank_state (
  team_match_id integer PRIMARY KEY REFERENCES team_matches(id) ON DELETE CASCADE,
  computed_at timestamptz NOT NULL,
  through_day date NOT NULL
);

CREATE TABLE team_match_day_ranks (
  team_id integer NOT NULL REFERENCES team_match_teams(id) ON DELETE CASCADE,
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  day date NOT NULL,
  league text NOT NULL,
  day_avg integer NOT NULL,
  rank integer NOT NULL,
  league_rank integer NOT NULL,
  PRIMARY KEY (team_id, day)
);
CREATE INDEX team_match_day_ranks_match_idx ON team_match_day_ranks (team_match_id, day, league);
