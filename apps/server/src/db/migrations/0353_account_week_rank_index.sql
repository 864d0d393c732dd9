-- The everyone-ranking counts only tenant users: a partial index lets it count from the index alone.
DROP INDEX weekly_steps_week_avg_idx;
CREATE INDEX weekly_steps_week_avg_idx ON weekly_steps (week_start, avg_steps) WHERE tenant_id IS NOT NULL;
