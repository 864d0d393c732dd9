-- Health data (owner: health). Tables other domains read (agreed with account):
--   daily_steps(user_id, day, steps)   day = calendar day in Asia/Tokyo
--   health_logs(user_id, day, ...)     one self-check per user and day
-- Ratings are 1 (the healthy answer) or 2 (the unhealthy answer); see docs/decisions/030.
CREATE TABLE daily_steps (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  steps integer NOT NULL CHECK (steps >= 0),
  PRIMARY KEY (user_id, day)
);

CREATE TABLE health_logs (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  weight numeric CHECK (weight IS NULL OR (weight > 0 AND weight < 400)),
  body_fat_percentage numeric CHECK (body_fat_percentage IS NULL OR (body_fat_percentage > 0 AND body_fat_percentage < 80)),
  exercise smallint CHECK (exercise IN (1, 2)),
  breakfast smallint CHECK (breakfast IN (1, 2)),
  night_meal smallint CHECK (night_meal IN (1, 2)),
  overeating smallint CHECK (overeating IN (1, 2)),
  overdrinking smallint CHECK (overdrinking IN (1, 2)),
  sleepness smallint CHECK (sleepness IN (1, 2)),
  feeling smallint CHECK (feeling IN (1, 2)),
  note text,
  PRIMARY KEY (user_id, day)
);

-- Steps as each device (source) last reported them; daily_steps holds the largest per day.
CREATE TABLE device_daily_steps (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL,
  day date NOT NULL,
  steps integer NOT NULL CHECK (steps >= 0),
  PRIMARY KEY (user_id, source, day)
);

-- uploadHealthData stages items here; notifyHealthDataFixed applies and removes them.
CREATE TABLE health_upload_items (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL,
  day date NOT NULL,
  steps integer CHECK (steps IS NULL OR steps >= 0),
  weight numeric,
  body_fat_percentage numeric,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source, day)
);

CREATE TABLE health_devices (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL,
  os_type text NOT NULL,
  os_version text NOT NULL,
  app_version text NOT NULL,
  last_upload_at timestamptz,
  last_fixed_at timestamptz,
  PRIMARY KEY (user_id, source)
);

CREATE TABLE target_weights (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  weight numeric NOT NULL CHECK (weight > 0 AND weight < 400),
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- Kept up to date as data arrives (one INSERT ... SELECT per write), so ranks are index range counts.
CREATE TABLE weekly_steps (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  week_start date NOT NULL,
  tenant_id integer,
  total_steps bigint NOT NULL,
  days integer NOT NULL,
  avg_steps integer NOT NULL,
  PRIMARY KEY (user_id, week_start)
);
CREATE INDEX weekly_steps_rank_idx ON weekly_steps (tenant_id, week_start, avg_steps);

-- Daily category scores and score, one definition (docs/decisions/030-health-score.md).
-- A day counts as logged when its ratings were entered (exercise is not null).
CREATE VIEW health_daily_scores AS
SELECT l.user_id, l.day, c.exercise, c.meal, c.drinking, c.sleep, c.stress,
       round((c.exercise + c.meal + c.drinking + c.sleep + c.stress) / 5, 1) AS score
FROM health_logs l
LEFT JOIN daily_steps s ON s.user_id = l.user_id AND s.day = l.day
CROSS JOIN LATERAL (
  SELECT
    (CASE WHEN l.exercise = 1 THEN 50 ELSE 0 END
      + 50 * least(coalesce(s.steps, 0), 8000)::numeric / 8000)::numeric AS exercise,
    ((CASE WHEN l.breakfast = 1 THEN 100 ELSE 0 END
      + CASE WHEN l.night_meal = 1 THEN 100 ELSE 0 END
      + CASE WHEN l.overeating = 1 THEN 100 ELSE 0 END)::numeric / 3) AS meal,
    (CASE WHEN l.overdrinking = 1 THEN 100 ELSE 0 END)::numeric AS drinking,
    (CASE WHEN l.sleepness = 1 THEN 100 ELSE 0 END)::numeric AS sleep,
    (CASE WHEN l.feeling = 1 THEN 100 ELSE 0 END)::numeric AS stress
) c
WHERE l.exercise IS NOT NULL;

CREATE TABLE health_monthly (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month date NOT NULL,
  tenant_id integer,
  log_days integer NOT NULL,
  score numeric,
  exercise numeric,
  meal numeric,
  drinking numeric,
  sleep numeric,
  stress numeric,
  weight numeric,
  steps_avg integer,
  PRIMARY KEY (user_id, month)
);
CREATE INDEX health_monthly_peer_idx ON health_monthly (tenant_id, month, score);

-- Keep the denormalised tenant in step when a user moves.
CREATE FUNCTION health_user_tenant_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE weekly_steps SET tenant_id = NEW.tenant_id WHERE user_id = NEW.id;
  UPDATE health_monthly SET tenant_id = NEW.tenant_id WHERE user_id = NEW.id;
  RETURN NEW;
END $$;
CREATE TRIGGER users_health_tenant_moved AFTER UPDATE OF tenant_id ON users
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION health_user_tenant_moved();
