-- Passkeys (issue 35; docs/requirements/passkeys.md#passkeys-members; docs/decisions/148-passkeys.md; owner: passkeys domain).
-- A member's passkeys sign them in without a password; an operator's passkeys stand in for the TOTP code.
-- credential_id is the credential's id in base64url; public_key its COSE key (base64url); counter the last signature counter seen
-- (0 for authenticators without one, such as synced passkeys); backup_eligible / backed_up the BE and BS flags.
CREATE TABLE member_passkeys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  -- The WebAuthn user handle (random, base64url; the same for every passkey of one member while any is left).
  user_handle text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backup_eligible boolean NOT NULL,
  backed_up boolean NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX member_passkeys_user_idx ON member_passkeys (user_id, id);

CREATE TABLE operator_passkeys (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  user_handle text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backup_eligible boolean NOT NULL,
  backed_up boolean NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX operator_passkeys_operator_idx ON operator_passkeys (operator_id, id);

-- WebAuthn challenges: single use (deleted when a response comes back), 5 minutes. The challenge itself (32 random
-- bytes, base64url) is the key: the client hands it back inside the signed clientDataJSON. A registration's challenge
-- belongs to the member or operator who asked for it; a member sign-in's to nobody yet; an operator's second step
-- to the operator whose password was right (through the console's sign-in challenge).
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('memberRegistration', 'memberSignIn', 'operatorRegistration', 'operatorSignIn')),
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  operator_id integer REFERENCES operators(id) ON DELETE CASCADE,
  user_handle text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
