-- Events domain, part 3 (owner: events): waiting lists, reminders and the private calendar feed (issue 19).
-- docs/decisions/081-waiting-list-reminders-feed.md.

-- One place per member and event on a waiting list (a member holds at most one reservation per event, so waiting
-- for two sessions of one event could never be honoured twice). The order is the id: first come, first served.
CREATE TABLE event_waiting_list (
  id serial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES event_sessions(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_waiting_list_one_per_event ON event_waiting_list (event_id, user_id);
CREATE INDEX event_waiting_list_session_idx ON event_waiting_list (session_id, id);

-- A reservation made by promotion remembers the waiting-list place it came from (the order can be audited).
ALTER TABLE event_reservations ADD COLUMN promoted_from integer;

-- Reminder settings: the day before (on by default) and an hour before (off by default).
ALTER TABLE users
  ADD COLUMN reminder_day_before boolean NOT NULL DEFAULT true,
  ADD COLUMN reminder_hour_before boolean NOT NULL DEFAULT false;

-- A reminder is sent once per reservation and kind: the key is the guard across server processes.
CREATE TABLE event_reminders_sent (
  reservation_id integer NOT NULL REFERENCES event_reservations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('day', 'hour')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reservation_id, kind)
);

-- The private calendar feed: its URL carries the member, the generation and an HMAC; a reset moves the generation on,
-- so every earlier URL stops working. No row: no feed.
CREATE TABLE event_calendar_feeds (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  generation integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
