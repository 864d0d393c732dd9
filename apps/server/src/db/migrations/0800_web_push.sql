-- Web Push (issue 34; docs/requirements/notifications.md#notifications-web-push; docs/decisions/153-web-push.md; owner: notifications domain and src/push).
-- A member's devices that take notifications: the push service's endpoint, the browser's keys (RFC 8291: p256dh, the
-- P-256 public key, and auth, the 16-byte secret; both base64url) and the kinds the member chose for that device.
-- A subscription belongs to the session that saved it: signing out (this device) or signing out everywhere (every
-- session ends: password change, deactivation, the console's "end sessions") deletes it with the session.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  kinds text[] NOT NULL
    CHECK (cardinality(kinds) >= 1 AND kinds <@ ARRAY['waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey']::text[]),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);

-- The push outbox: one row per notification and device, written in the transaction of the change that causes it (a
-- seat from the waiting list, a reminder, an important announcement or a survey opening), delivered by src/push/sender.ts
-- the way the mail outbox is (claim, hand over, mark; decision 075). `dedupe_key` names what the row announces, so the
-- same thing is never queued twice for one device. `payload` is the JSON the service worker shows (no personal data
-- beyond the member's own event or announcement title).
CREATE TABLE push_outbox (
  id bigserial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey')),
  dedupe_key text NOT NULL,
  payload jsonb NOT NULL,
  ttl_seconds integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unconfirmed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  handed_over_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (subscription_id, dedupe_key)
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX push_outbox_sending_idx ON push_outbox (locked_until) WHERE status = 'sending';
CREATE INDEX push_outbox_created_idx ON push_outbox (created_at);

-- What has been announced to its audience: an important announcement once it is published, a survey once it opens.
-- The row is written in the transaction that queues the notifications, so each goes out once.
CREATE TABLE push_announced (
  kind text NOT NULL CHECK (kind IN ('importantAnnouncement', 'newSurvey')),
  item_id integer NOT NULL,
  announced_at timestamptz NOT NULL,
  recipients integer NOT NULL,
  PRIMARY KEY (kind, item_id)
);
