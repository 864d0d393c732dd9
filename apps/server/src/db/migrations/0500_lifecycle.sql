-- Invitation codes: a tenant's code for signing up; it can expire and it can run out.
CREATE TABLE invitation_codes (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  tenant_id integer NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  expires_at timestamptz,
  max_uses integer,
  used_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invitation_codes_upper CHECK (code = upper(code)),
  CONSTRAINT invitation_codes_uses CHECK (used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses))
);

-- Single-use emailed links (password setting after signup, password reset, email registration).
-- Only the SHA-256 of the token is kept. `email` is the address a registration link will set.
CREATE TABLE email_links (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'reset', 'register')),
  token_hash text NOT NULL UNIQUE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_links_user_idx ON email_links (user_id);

-- The mail outbox: written in the same transaction as the change that causes the mail, delivered by the sender.
-- status: pending (waiting, maybe after failures), sending (claimed until locked_until), sent, failed (given up).
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  locale text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  message_id text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
