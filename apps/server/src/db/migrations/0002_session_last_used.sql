-- Sessions end after a period without calls (SESSION_IDLE_TIMEOUT_MINUTES, issue 12 finding 19); the last call is
-- recorded at most once a minute per session.
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX sessions_last_used_idx ON sessions (last_used_at);
