-- Operator console (issue 15; docs/requirements/console.md#console-operators; owner: operators domain): operator accounts apart from members,
-- sign-in challenges between the password and the TOTP step, sessions, recovery codes, invitation links, and the
-- append-only audit log.

CREATE TABLE operators (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'support')),
  -- argon2id; null until the invitation (or bootstrap link) is accepted.
  password_hash text,
  -- The TOTP secret, AES-256-GCM encrypted with a key kept in the config table (never returned after enrolment).
  totp_secret text,
  totp_enrolled_at timestamptz,
  -- The last accepted time step: a code is accepted once (and no older one after it).
  totp_last_step bigint,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);

-- One-time links that set an operator's password (invitation, bootstrap owner). Only the token's hash is stored.
CREATE TABLE operator_invitations (
  token_hash text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_invitations_operator_idx ON operator_invitations (operator_id);

-- The step between a correct password and a TOTP code: short-lived, single use. pending_secret holds the
-- (encrypted) secret offered while enrolling, kept on the operator only when the first code matches.
CREATE TABLE operator_challenges (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  pending_secret text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_challenges_expiry_idx ON operator_challenges (expires_at);

CREATE TABLE operator_sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

CREATE TABLE operator_recovery_codes (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_recovery_codes_operator_idx ON operator_recovery_codes (operator_id);

-- The audit log: one row per operator write, sign-in (success and failure), sign-out, export and denial.
-- operator_email is copied so a row reads the same whatever happens to the account later.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_id integer REFERENCES operators(id),
  operator_email text,
  action text NOT NULL,
  target_type text,
  target_id text,
  summary text NOT NULL DEFAULT '',
  ip text
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);

-- Append-only: the database itself refuses UPDATE, DELETE and TRUNCATE on audit_log.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
