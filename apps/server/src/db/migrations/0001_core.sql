CREATE TABLE tenants (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  contract_type integer NOT NULL,
  corporate_contract boolean NOT NULL,
  team_match_enabled boolean NOT NULL DEFAULT false,
  email_distribution_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  tenant_id integer REFERENCES tenants(id),
  email text UNIQUE,
  login_id text,
  login_id_lower text UNIQUE,
  password_hash text,
  user_name text NOT NULL DEFAULT '',
  user_phonetic text NOT NULL DEFAULT '',
  nickname text NOT NULL,
  external_account_id text,
  comment text NOT NULL DEFAULT '',
  attribution1 text NOT NULL DEFAULT '',
  profile_image_url text,
  background_image_url text,
  birth_year integer,
  height_tenths integer,
  gender integer,
  locale text NOT NULL DEFAULT 'ja',
  accepted_terms_version integer NOT NULL DEFAULT 0,
  email_distribution boolean NOT NULL DEFAULT true,
  access_user_steps integer NOT NULL DEFAULT 1,
  access_team_matches integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  CONSTRAINT users_email_lower CHECK (email IS NULL OR email = lower(email)),
  CONSTRAINT users_has_login CHECK (email IS NOT NULL OR login_id IS NOT NULL)
);
CREATE INDEX users_tenant_idx ON users (tenant_id);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE config (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
INSERT INTO config (key, value) VALUES ('termsVersion', '1');

CREATE TABLE rate_limit_buckets (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
