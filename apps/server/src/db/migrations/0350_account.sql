-- Account domain (owner: account): friendships, competitions' details and entries.
-- The base tables individual_matches and team_matches (0300_health.sql) keep their agreed columns; this file adds to them.

-- Individual matches: operator-run (is_general, tenant_id NULL) or run by one tenant for its users (tenant_id set).
ALTER TABLE individual_matches
  ADD COLUMN is_general boolean NOT NULL DEFAULT true,
  ADD COLUMN tenant_id integer REFERENCES tenants(id) ON DELETE CASCADE,
  ADD COLUMN start_at timestamptz,
  ADD COLUMN end_at timestamptz,
  ADD COLUMN threshold_steps integer NOT NULL DEFAULT 8000,
  ADD CONSTRAINT individual_matches_owner CHECK ((is_general AND tenant_id IS NULL) OR (NOT is_general AND tenant_id IS NOT NULL));
CREATE INDEX individual_matches_display_idx ON individual_matches (display_end_at, display_start_at);

CREATE TABLE individual_match_entries (
  individual_match_id integer NOT NULL REFERENCES individual_matches(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (individual_match_id, user_id)
);
CREATE INDEX individual_match_entries_user_idx ON individual_match_entries (user_id);

-- Team matches: teams in leagues; a user is in at most one team per match. Only teams of 7 or more are ranked.
CREATE TABLE team_match_teams (
  id serial PRIMARY KEY,
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  name_ja text NOT NULL,
  name_en text,
  league text NOT NULL
);
CREATE INDEX team_match_teams_match_idx ON team_match_teams (team_match_id, league);

CREATE TABLE team_match_members (
  team_id integer NOT NULL REFERENCES team_match_teams(id) ON DELETE CASCADE,
  team_match_id integer NOT NULL REFERENCES team_matches(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id),
  UNIQUE (team_match_id, user_id)
);
CREATE INDEX team_match_members_user_idx ON team_match_members (user_id);

-- Friendships: one row per pair (user_low < user_high); pending until the other side accepts.
CREATE TABLE friendships (
  id serial PRIMARY KEY,
  user_low integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_high integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  requested_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'accepted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  CONSTRAINT friendships_order CHECK (user_low < user_high),
  CONSTRAINT friendships_requester CHECK (requested_by = user_low OR requested_by = user_high),
  UNIQUE (user_low, user_high)
);
CREATE INDEX friendships_high_idx ON friendships (user_high, status);
CREATE INDEX friendships_low_idx ON friendships (user_low, status);
