-- The weekly cells without a hot row (issue 31's soak, docs/decisions/149-insights-at-scale.md, addendum): every
-- upload of a tenant's members added to the same few insights_week_cells rows (one per week, department and birth
-- year) inside its own transaction, so the uploads of a whole company queued behind one row lock until each commit.
-- At 75 uploads/s the queue never emptied. Now the triggers only append their changes to insights_week_deltas (no
-- conflicts, no waits), and insights_week_cells_fold() adds them to the cells in one statement, under an advisory
-- lock, every few seconds (companies/service.ts, every process; one folds at a time). The insights read cells and
-- unfolded deltas together in one snapshot, so an answer is exact whether a fold has run or not.
CREATE TABLE insights_week_deltas (
  id bigserial PRIMARY KEY,
  tenant_id integer NOT NULL,
  week_start date NOT NULL,
  department text NOT NULL,
  birth_year integer NOT NULL,
  people integer NOT NULL,
  total_steps bigint NOT NULL,
  days integer NOT NULL
);
CREATE INDEX insights_week_deltas_tenant_week ON insights_week_deltas (tenant_id, week_start);

-- The cells a fold leaves empty are deleted through this index, never by scanning every cell.
CREATE INDEX insights_week_cells_empty ON insights_week_cells (tenant_id, week_start) WHERE people = 0;

CREATE OR REPLACE FUNCTION insights_week_cells_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(changes) = 0 THEN RETURN; END IF;
  INSERT INTO insights_week_deltas (tenant_id, week_start, department, birth_year, people, total_steps, days)
  SELECT (c->>'t')::int, (c->>'w')::date, c->>'d', (c->>'b')::int, (c->>'p')::int, (c->>'s')::bigint, (c->>'n')::int
    FROM jsonb_array_elements(changes) c;
END $$;

-- Adds the deltas committed so far to their cells (in key order) and deletes the cells left empty; answers how many
-- deltas it folded, or -1 when another fold holds the lock ("hibifold").
CREATE FUNCTION insights_week_cells_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(x'68696269666f6c64'::bigint) THEN RETURN -1; END IF;
  CREATE TEMP TABLE IF NOT EXISTS insights_fold_moved (LIKE insights_week_deltas) ON COMMIT DELETE ROWS;
  -- Empty also when a transaction folds twice.
  DELETE FROM insights_fold_moved;
  WITH moved AS (DELETE FROM insights_week_deltas RETURNING *)
  INSERT INTO insights_fold_moved SELECT * FROM moved;
  GET DIAGNOSTICS folded = ROW_COUNT;
  IF folded = 0 THEN RETURN 0; END IF;
  INSERT INTO insights_week_cells AS cell (tenant_id, week_start, department, birth_year, people, total_steps, days)
  SELECT tenant_id, week_start, department, birth_year, sum(people), sum(total_steps), sum(days)
    FROM insights_fold_moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, week_start, department, birth_year) DO UPDATE
    SET people = cell.people + EXCLUDED.people, total_steps = cell.total_steps + EXCLUDED.total_steps,
        days = cell.days + EXCLUDED.days;
  DELETE FROM insights_week_cells c
   WHERE c.people = 0 AND (c.tenant_id, c.week_start) IN (SELECT DISTINCT tenant_id, week_start FROM insights_fold_moved);
  RETURN folded;
END $$;

-- What the cells held already stays; from here on, changes arrive as deltas.
