-- Company insights at scale (issue 32, docs/decisions/149-insights-at-scale.md): two exact aggregates, so that a
-- tenant of 10,000 members with a year of data answers without reading its members' days.
--
-- 1. health_running_totals: each member's running totals by day (a row on every day with steps or a scored log):
--    recorded step days and steps, scored log days and the five lifestyle dimensions and the score, all as integers
--    (exercise x 480, meal x 3, drinking / sleep / stress as healthy days, score x 10), so that sums are exact. A
--    member's figures over any period are the difference of two rows: the last one on or before the period's end, the
--    last one before its start. The health domain rebuilds a member's rows from the first day it changed
--    (refreshUserAggregates, the same call that keeps weekly_steps), and all of them set-based (refreshAllAggregates).
CREATE TABLE health_running_totals (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  step_days integer NOT NULL,
  steps bigint NOT NULL,
  log_days integer NOT NULL,
  score10 bigint NOT NULL,
  exercise480 bigint NOT NULL,
  meal3 bigint NOT NULL,
  drinking integer NOT NULL,
  sleep integer NOT NULL,
  stress integer NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- 2. insights_week_cells: the tenant's weekly steps summed per (week, department, birth year): how many members
--    recorded that week, their steps and recorded days. The weekly chart of any grouping is a sum of cells. Kept by
--    statement triggers on weekly_steps (set-based: one bulk statement is one trigger call), which now carries the
--    member's department and birth year beside the tenant; a member who moves tenant, department or birth year moves
--    their weeks' rows, and the triggers move the counts with them. Deleting members (accounts, the contract purge)
--    cascades to weekly_steps and so to the cells.
ALTER TABLE weekly_steps ADD COLUMN department text NOT NULL DEFAULT '', ADD COLUMN birth_year integer;
UPDATE weekly_steps w SET department = u.attribution1, birth_year = u.birth_year FROM users u WHERE u.id = w.user_id;

CREATE TABLE insights_week_cells (
  tenant_id integer NOT NULL,
  week_start date NOT NULL,
  department text NOT NULL,
  birth_year integer NOT NULL, -- 0: not given
  people integer NOT NULL,
  total_steps bigint NOT NULL,
  days integer NOT NULL,
  PRIMARY KEY (tenant_id, week_start, department, birth_year)
);

-- Adds each change (sign +1 for new rows, -1 for old ones) to its cell, in key order (concurrent writers lock cells in
-- the same order), and removes cells left empty.
CREATE FUNCTION insights_week_cells_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(changes) = 0 THEN RETURN; END IF;
  INSERT INTO insights_week_cells AS cell (tenant_id, week_start, department, birth_year, people, total_steps, days)
  SELECT (c->>'t')::int, (c->>'w')::date, c->>'d', (c->>'b')::int, (c->>'p')::int, (c->>'s')::bigint, (c->>'n')::int
    FROM jsonb_array_elements(changes) c
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, week_start, department, birth_year) DO UPDATE
    SET people = cell.people + EXCLUDED.people, total_steps = cell.total_steps + EXCLUDED.total_steps,
        days = cell.days + EXCLUDED.days;
  DELETE FROM insights_week_cells c
   WHERE c.people = 0
     AND (c.tenant_id, c.week_start) IN (SELECT DISTINCT (x->>'t')::int, (x->>'w')::date FROM jsonb_array_elements(changes) x);
END $$;

CREATE FUNCTION insights_week_cells_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_week_cells_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('t', tenant_id, 'w', week_start, 'd', department, 'b', b, 'p', p, 's', s, 'n', n))
      FROM (SELECT tenant_id, week_start, department, coalesce(birth_year, 0) AS b, count(*) AS p, sum(total_steps) AS s,
                   sum(days) AS n
              FROM new_rows WHERE tenant_id IS NOT NULL GROUP BY 1, 2, 3, 4) x), '[]'));
  RETURN NULL;
END $$;

CREATE FUNCTION insights_week_cells_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_week_cells_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('t', tenant_id, 'w', week_start, 'd', department, 'b', b, 'p', -p, 's', -s, 'n', -n))
      FROM (SELECT tenant_id, week_start, department, coalesce(birth_year, 0) AS b, count(*) AS p, sum(total_steps) AS s,
                   sum(days) AS n
              FROM old_rows WHERE tenant_id IS NOT NULL GROUP BY 1, 2, 3, 4) x), '[]'));
  RETURN NULL;
END $$;

CREATE FUNCTION insights_week_cells_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_week_cells_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('t', tenant_id, 'w', week_start, 'd', department, 'b', b, 'p', p, 's', s, 'n', n))
      FROM (SELECT tenant_id, week_start, department, b, sum(p) AS p, sum(s) AS s, sum(n) AS n
              FROM (SELECT tenant_id, week_start, department, coalesce(birth_year, 0) AS b, 1 AS p, total_steps AS s, days AS n
                      FROM new_rows WHERE tenant_id IS NOT NULL
                    UNION ALL
                    SELECT tenant_id, week_start, department, coalesce(birth_year, 0), -1, -total_steps, -days
                      FROM old_rows WHERE tenant_id IS NOT NULL) ch
             GROUP BY 1, 2, 3, 4) x
     WHERE p <> 0 OR s <> 0 OR n <> 0), '[]'));
  RETURN NULL;
END $$;

CREATE TRIGGER weekly_steps_cells_ins AFTER INSERT ON weekly_steps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_week_cells_ins();
CREATE TRIGGER weekly_steps_cells_del AFTER DELETE ON weekly_steps REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_week_cells_del();
CREATE TRIGGER weekly_steps_cells_upd AFTER UPDATE ON weekly_steps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insights_week_cells_upd();

-- The weeks that existed before this migration.
INSERT INTO insights_week_cells (tenant_id, week_start, department, birth_year, people, total_steps, days)
SELECT tenant_id, week_start, department, coalesce(birth_year, 0), count(*), sum(total_steps), sum(days)
  FROM weekly_steps WHERE tenant_id IS NOT NULL GROUP BY 1, 2, 3, 4;

-- A member who moves tenant, department or birth year takes their weeks along (the tenant as before, 0310).
CREATE OR REPLACE FUNCTION health_user_tenant_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE weekly_steps SET tenant_id = NEW.tenant_id, department = NEW.attribution1, birth_year = NEW.birth_year
   WHERE user_id = NEW.id;
  IF OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    UPDATE health_monthly SET tenant_id = NEW.tenant_id WHERE user_id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER users_health_tenant_moved ON users;
CREATE TRIGGER users_health_tenant_moved AFTER UPDATE OF tenant_id, attribution1, birth_year ON users
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.attribution1 IS DISTINCT FROM NEW.attribution1
                     OR OLD.birth_year IS DISTINCT FROM NEW.birth_year)
  EXECUTE FUNCTION health_user_tenant_moved();
