-- The points ledger (issue 58, docs/requirements/points.md#points-ledger, decision 188). Append-only: an entry is never
-- changed, and is removed only with its member (account deletion or the tenant's purge cascade from users). The
-- idempotency key is unique, so an award retried after a crash or a second request is written once. point_balances
-- holds each member's balance and last acquisition: a write locks the member's row, so entries of one member are
-- serialised and balance_after is exact; the nightly check proves balance = sum(entries) = the last balance_after.
CREATE TABLE point_entries (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount <> 0 AND amount BETWEEN -100000000 AND 100000000),
  reason text NOT NULL CHECK (reason IN ('mission', 'stampCard', 'quiz', 'exchange', 'exchangeCancelled', 'expired', 'voided', 'adjustment')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  -- An acquisition moves the expiry (awards and positive adjustments; a cancelled exchange's refund does not).
  acquisition boolean NOT NULL,
  -- The operator of an adjustment (console email), for the member's support; null for the machine's entries.
  actor text,
  created_at timestamptz NOT NULL
);
CREATE INDEX point_entries_user_idx ON point_entries (user_id, id DESC);
CREATE INDEX point_entries_user_created_idx ON point_entries (user_id, created_at);

CREATE TABLE point_balances (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  last_acquired_at timestamptz,
  last_entry_id bigint,
  -- Expiry notices sent for the current expiry date (30 and 7 days before): reset by a new acquisition.
  notified_30 boolean NOT NULL DEFAULT false,
  notified_7 boolean NOT NULL DEFAULT false
);
-- The expiry run: members with points, by last acquisition.
CREATE INDEX point_balances_expiry_idx ON point_balances (last_acquired_at) WHERE balance > 0;

CREATE FUNCTION point_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    -- The member is gone (the cascade of their deletion): their entries go with them.
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'point_entries is append-only (%)', TG_OP USING ERRCODE = 'raise_exception';
END $$;
CREATE TRIGGER point_entries_no_update BEFORE UPDATE ON point_entries FOR EACH ROW EXECUTE FUNCTION point_entries_append_only();
CREATE TRIGGER point_entries_no_delete BEFORE DELETE ON point_entries FOR EACH ROW EXECUTE FUNCTION point_entries_append_only();

CREATE FUNCTION point_entries_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_entries is append-only (TRUNCATE)' USING ERRCODE = 'raise_exception';
END $$;
CREATE TRIGGER point_entries_no_truncate BEFORE TRUNCATE ON point_entries FOR EACH STATEMENT EXECUTE FUNCTION point_entries_no_truncate();

-- The nightly check's outcome, one row per run: the office's health page and the log read it.
CREATE TABLE point_checks (
  id bigserial PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  members integer NOT NULL,
  mismatches integer NOT NULL,
  -- Up to 20 member ids that failed, for the log.
  sample integer[] NOT NULL DEFAULT '{}'
);
