-- Passkeys and the proof behind them (issue 53, item 2; docs/decisions/175-passkeys-need-a-password.md; owner: passkeys
-- and auth domains). A stolen session alone may no longer add a passkey, and a passkey's sessions end with it.
--
-- added_with: what allowed the passkey to be added: 'password' (the current password typed for it), 'signIn' (a
-- password sign-in under 5 minutes old), NULL (added before this migration, on the session alone). A password set
-- with an emailed link, and an email change undone, remove every passkey not added with the password.
ALTER TABLE member_passkeys ADD COLUMN added_with text CHECK (added_with IN ('password', 'signIn'));
ALTER TABLE operator_passkeys ADD COLUMN added_with text CHECK (added_with IN ('password', 'signIn'));
-- The session that added it (no reference: the session may end first), for the record and for a notice in the app to
-- members without an email address (not built yet: decision 175).
ALTER TABLE member_passkeys ADD COLUMN added_by_session integer;

-- A registration's challenge carries the proof its begin step was given.
ALTER TABLE webauthn_challenges ADD COLUMN proof text CHECK (proof IN ('password', 'signIn'));

-- A member session opened with a passkey names it: deleting the passkey ends those sessions (all but the one asking,
-- which the passkeys domain keeps, hence SET NULL); a session opened with a password says when (a passkey may be added
-- without typing the password again within 5 minutes of it).
ALTER TABLE sessions ADD COLUMN passkey_id integer REFERENCES member_passkeys(id) ON DELETE SET NULL;
ALTER TABLE sessions ADD COLUMN password_at timestamptz;
CREATE INDEX sessions_passkey_idx ON sessions (passkey_id) WHERE passkey_id IS NOT NULL;

ALTER TABLE operator_sessions ADD COLUMN passkey_id integer REFERENCES operator_passkeys(id) ON DELETE SET NULL;
CREATE INDEX operator_sessions_passkey_idx ON operator_sessions (passkey_id) WHERE passkey_id IS NOT NULL;
