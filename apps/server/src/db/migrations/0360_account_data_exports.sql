-- Exports of a member's own data (issue 20, item 1; decision 104): one row per export, so a member's requests can be
-- shown and audited (when, finished or broken, how large). Deleted with the member.
CREATE TABLE data_exports (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'started' CHECK (status IN ('started', 'done', 'failed')),
  bytes bigint
);
CREATE INDEX data_exports_user_idx ON data_exports (user_id, requested_at DESC);
