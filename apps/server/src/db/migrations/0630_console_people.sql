-- The operator console's people (issue 16, items 4-6; docs/decisions/128-*.md ... 131-*.md).
-- Invitation codes can be revoked by an operator; a revoked code is refused at signup like an expired one.
ALTER TABLE invitation_codes ADD COLUMN revoked_at timestamptz;
CREATE INDEX invitation_codes_tenant_idx ON invitation_codes (tenant_id, created_at DESC);

-- A member deactivated by an operator cannot sign in and has no live session; reactivating clears it. The users
-- trigger of migration 0700 tells every process `user:<id>` when this changes, so cached sessions end at once.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;

-- Member search (the console): substrings of the address and nickname through trigrams (pg_trgm, migration 0110).
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_nickname_trgm ON users USING gin (nickname gin_trgm_ops);
CREATE INDEX users_login_id_trgm ON users USING gin (login_id_lower gin_trgm_ops);

-- The outbox page lists by state, newest first.
CREATE INDEX mail_outbox_status_idx ON mail_outbox (status, id DESC);
