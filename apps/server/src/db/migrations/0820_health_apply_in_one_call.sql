-- A step upload in one round trip each (issue 31, docs/decisions/164-health-writes-in-one-call.md). In the soak, a
-- member's notifyHealthDataFixed sent thirteen statements to PostgreSQL, one after the other in a transaction, and
-- uploadHealthData four: half of every statement the servers sent. Each costs a message each way, a wake-up of the
-- backend and one of the server process, and on a busy 2-core machine a wait for a core at both ends. These two
-- functions run the same statements inside PostgreSQL, so each call is one statement of its own.
--
-- hibi_refresh_user_aggregates(user, days): the weekly, monthly and running aggregates of one member's weeks and
-- months that hold these days (what every write of steps, weights and logs calls, domains/health/data.ts). Its
-- statements are the per-member form of refreshAllAggregates's in data.ts (that one rebuilds everyone, for seeds and
-- repairs): a change to one is a change to both, and src/domains/insights/exact.test.ts compares what they
-- write (decision 184).
-- Plans are generic (decision 160: PostgreSQL judged the running totals' generic plan dearer and planned them again at
-- every upload, a fifth of its time); every statement reads one member's rows by their (user_id, day) keys.
CREATE OR REPLACE FUNCTION hibi_refresh_user_aggregates(p_user integer, p_days date[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  v_first date;
  v_weeks date[];
  v_first_week date;
  v_week_end date;
  v_months date[];
  v_first_month date;
  v_month_end date;
BEGIN
  IF coalesce(cardinality(p_days), 0) = 0 THEN RETURN; END IF;
  SELECT min(u.d), array_agg(DISTINCT date_trunc('week', u.d)::date), min(date_trunc('week', u.d))::date,
         (max(date_trunc('week', u.d)) + interval '7 days')::date, array_agg(DISTINCT date_trunc('month', u.d)::date),
         min(date_trunc('month', u.d))::date, (max(date_trunc('month', u.d)) + interval '1 month')::date
    INTO v_first, v_weeks, v_first_week, v_week_end, v_months, v_first_month, v_month_end
    FROM unnest(p_days) AS u(d);

  INSERT INTO weekly_steps (user_id, week_start, tenant_id, department, birth_year, total_steps, days, avg_steps)
  SELECT s.user_id, date_trunc('week', s.day)::date, u.tenant_id, u.attribution1, u.birth_year, sum(s.steps), count(*),
    round(avg(s.steps))::int
  FROM daily_steps s JOIN users u ON u.id = s.user_id
  WHERE s.user_id = p_user AND s.day >= v_first_week AND s.day < v_week_end
    AND date_trunc('week', s.day)::date = ANY(v_weeks)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, week_start) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, department = EXCLUDED.department,
    birth_year = EXCLUDED.birth_year, total_steps = EXCLUDED.total_steps, days = EXCLUDED.days, avg_steps = EXCLUDED.avg_steps
  WHERE (weekly_steps.total_steps, weekly_steps.days, weekly_steps.tenant_id, weekly_steps.department, weekly_steps.birth_year)
    IS DISTINCT FROM (EXCLUDED.total_steps, EXCLUDED.days, EXCLUDED.tenant_id, EXCLUDED.department, EXCLUDED.birth_year);

  WITH m AS (
    SELECT h.user_id, date_trunc('month', h.day)::date AS month, count(*)::int AS log_days, round(avg(h.score), 1) AS score,
      round(avg(h.exercise), 1) AS exercise, round(avg(h.meal), 1) AS meal, round(avg(h.drinking), 1) AS drinking,
      round(avg(h.sleep), 1) AS sleep, round(avg(h.stress), 1) AS stress
    FROM health_daily_scores h
    WHERE h.user_id = p_user AND h.day >= v_first_month AND h.day < v_month_end
      AND date_trunc('month', h.day)::date = ANY(v_months)
    GROUP BY 1, 2),
  w AS (
    SELECT g.user_id, date_trunc('month', g.day)::date AS month, round(avg(g.weight) FILTER (WHERE g.weight > 0), 1) AS weight
    FROM health_logs g
    WHERE g.user_id = p_user AND g.day >= v_first_month AND g.day < v_month_end
      AND date_trunc('month', g.day)::date = ANY(v_months)
    GROUP BY 1, 2),
  st AS (
    SELECT x.user_id, date_trunc('month', x.day)::date AS month, round(avg(x.steps))::int AS steps_avg
    FROM daily_steps x
    WHERE x.user_id = p_user AND x.day >= v_first_month AND x.day < v_month_end
      AND date_trunc('month', x.day)::date = ANY(v_months)
    GROUP BY 1, 2),
  k AS (SELECT m.user_id, m.month FROM m UNION SELECT w.user_id, w.month FROM w UNION SELECT st.user_id, st.month FROM st)
  INSERT INTO health_monthly (user_id, month, tenant_id, log_days, score, exercise, meal, drinking, sleep, stress, weight, steps_avg)
  SELECT k.user_id, k.month, u.tenant_id, coalesce(m.log_days, 0), m.score, m.exercise, m.meal, m.drinking, m.sleep,
    m.stress, w.weight, st.steps_avg
  FROM k JOIN users u ON u.id = k.user_id
  LEFT JOIN m ON m.user_id = k.user_id AND m.month = k.month
  LEFT JOIN w ON w.user_id = k.user_id AND w.month = k.month
  LEFT JOIN st ON st.user_id = k.user_id AND st.month = k.month
  ON CONFLICT (user_id, month) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, log_days = EXCLUDED.log_days,
    score = EXCLUDED.score, exercise = EXCLUDED.exercise, meal = EXCLUDED.meal, drinking = EXCLUDED.drinking,
    sleep = EXCLUDED.sleep, stress = EXCLUDED.stress, weight = EXCLUDED.weight, steps_avg = EXCLUDED.steps_avg;

  -- The running totals from the first of these days on, carried on from the member's last row before it.
  WITH s AS (SELECT x.user_id, x.day, x.steps FROM daily_steps x WHERE x.user_id = p_user AND x.day >= v_first),
  l AS (
    SELECT h.user_id, h.day, (h.score * 10)::bigint AS score10,
      CASE WHEN g.exercise = 1 THEN 24000 ELSE 0 END + 3 * least(coalesce(ds.steps, 0), 8000) AS exercise480,
      100 * ((g.breakfast = 1)::int + (g.night_meal = 1)::int + (g.overeating = 1)::int) AS meal3,
      (g.overdrinking = 1)::int AS drinking, (g.sleepness = 1)::int AS sleep, (g.feeling = 1)::int AS stress
    FROM health_daily_scores h JOIN health_logs g ON g.user_id = h.user_id AND g.day = h.day
    LEFT JOIN daily_steps ds ON ds.user_id = h.user_id AND ds.day = h.day
    WHERE h.user_id = p_user AND h.day >= v_first),
  d AS (
    SELECT coalesce(s.user_id, l.user_id) AS user_id, coalesce(s.day, l.day) AS day, (s.day IS NOT NULL)::int AS step_day,
      coalesce(s.steps, 0)::bigint AS steps, (l.day IS NOT NULL)::int AS log_day, coalesce(l.score10, 0) AS score10,
      coalesce(l.exercise480, 0) AS exercise480, coalesce(l.meal3, 0) AS meal3, coalesce(l.drinking, 0) AS drinking,
      coalesce(l.sleep, 0) AS sleep, coalesce(l.stress, 0) AS stress
    FROM s FULL JOIN l ON l.user_id = s.user_id AND l.day = s.day),
  base AS (
    SELECT b.* FROM (SELECT DISTINCT d.user_id FROM d) u
    CROSS JOIN LATERAL (SELECT * FROM health_running_totals r WHERE r.user_id = u.user_id AND r.day < v_first
                        ORDER BY r.day DESC LIMIT 1) b),
  run AS (
    SELECT d.user_id, d.day,
      coalesce(b.step_days, 0) + sum(d.step_day) OVER w AS step_days, coalesce(b.steps, 0) + sum(d.steps) OVER w AS steps,
      coalesce(b.log_days, 0) + sum(d.log_day) OVER w AS log_days, coalesce(b.score10, 0) + sum(d.score10) OVER w AS score10,
      coalesce(b.exercise480, 0) + sum(d.exercise480) OVER w AS exercise480, coalesce(b.meal3, 0) + sum(d.meal3) OVER w AS meal3,
      coalesce(b.drinking, 0) + sum(d.drinking) OVER w AS drinking, coalesce(b.sleep, 0) + sum(d.sleep) OVER w AS sleep,
      coalesce(b.stress, 0) + sum(d.stress) OVER w AS stress
    FROM d LEFT JOIN base b ON b.user_id = d.user_id
    WINDOW w AS (PARTITION BY d.user_id ORDER BY d.day))
  INSERT INTO health_running_totals AS r (user_id, day, step_days, steps, log_days, score10, exercise480, meal3, drinking, sleep, stress)
  SELECT * FROM run ORDER BY day, user_id
  ON CONFLICT (user_id, day) DO UPDATE SET step_days = EXCLUDED.step_days, steps = EXCLUDED.steps,
    log_days = EXCLUDED.log_days, score10 = EXCLUDED.score10, exercise480 = EXCLUDED.exercise480, meal3 = EXCLUDED.meal3,
    drinking = EXCLUDED.drinking, sleep = EXCLUDED.sleep, stress = EXCLUDED.stress
  WHERE (r.step_days, r.steps, r.log_days, r.score10, r.exercise480, r.meal3, r.drinking, r.sleep, r.stress)
    IS DISTINCT FROM (EXCLUDED.step_days, EXCLUDED.steps, EXCLUDED.log_days, EXCLUDED.score10, EXCLUDED.exercise480,
                      EXCLUDED.meal3, EXCLUDED.drinking, EXCLUDED.sleep, EXCLUDED.stress);
  -- A day that no longer has steps or a scored log (its ratings cleared) leaves no row behind.
  DELETE FROM health_running_totals r WHERE r.user_id = p_user AND r.day >= v_first
     AND NOT EXISTS (SELECT 1 FROM daily_steps s WHERE s.user_id = r.user_id AND s.day = r.day)
     AND NOT EXISTS (SELECT 1 FROM health_logs g WHERE g.user_id = r.user_id AND g.day = r.day AND g.exercise IS NOT NULL);
END $fn$;

-- hibi_apply_staged(user, source, first merge day): what notifyHealthDataFixed does (domains/health/service.ts
-- applyStaged), answering the number of days applied. It takes what the source staged; a step count of a day before
-- the merge window changes nothing where the day already has one (that day is final, FAQ 3004), and a day with no
-- count yet is still filled; this source's count replaces its earlier one and the day keeps the largest count any
-- source reported; weights and body fat fill the day's health log; then the aggregates, and the device is marked fixed.
CREATE OR REPLACE FUNCTION hibi_apply_staged(p_user integer, p_source text, p_first_merge_day date) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  v_days jsonb;
  v_count integer;
BEGIN
  WITH t AS (
    DELETE FROM health_upload_items i WHERE i.user_id = p_user AND i.source = p_source
    RETURNING i.day, i.steps, i.weight, i.body_fat_percentage)
  SELECT count(*)::int, jsonb_agg(jsonb_build_object(
      'day', t.day,
      'steps', CASE WHEN t.day < p_first_merge_day
                     AND EXISTS (SELECT 1 FROM daily_steps f WHERE f.user_id = p_user AND f.day = t.day) THEN NULL
                    ELSE t.steps END,
      'weight', t.weight,
      'body_fat_percentage', t.body_fat_percentage))
    INTO v_count, v_days
    FROM t;
  IF v_count = 0 THEN RETURN 0; END IF;

  INSERT INTO device_daily_steps (user_id, source, day, steps)
  SELECT p_user, p_source, x.day, x.steps FROM jsonb_to_recordset(v_days) AS x(day date, steps int)
  WHERE x.steps IS NOT NULL
  ON CONFLICT (user_id, source, day) DO UPDATE SET steps = EXCLUDED.steps;

  INSERT INTO daily_steps (user_id, day, steps)
  SELECT d.user_id, d.day, max(d.steps) FROM device_daily_steps d
  WHERE d.user_id = p_user
    AND d.day IN (SELECT x.day FROM jsonb_to_recordset(v_days) AS x(day date, steps int) WHERE x.steps IS NOT NULL)
  GROUP BY d.user_id, d.day
  ON CONFLICT (user_id, day) DO UPDATE SET steps = EXCLUDED.steps;

  INSERT INTO health_logs (user_id, day, weight, body_fat_percentage)
  SELECT p_user, x.day, x.weight, x.body_fat_percentage
  FROM jsonb_to_recordset(v_days) AS x(day date, weight numeric, body_fat_percentage numeric)
  WHERE x.weight IS NOT NULL OR x.body_fat_percentage IS NOT NULL
  ON CONFLICT (user_id, day) DO UPDATE SET
    weight = coalesce(EXCLUDED.weight, health_logs.weight),
    body_fat_percentage = coalesce(EXCLUDED.body_fat_percentage, health_logs.body_fat_percentage);

  PERFORM hibi_refresh_user_aggregates(p_user, ARRAY(SELECT x.day FROM jsonb_to_recordset(v_days) AS x(day date)));

  UPDATE health_devices SET last_fixed_at = now() WHERE user_id = p_user AND source = p_source;
  RETURN v_count;
END $fn$;
