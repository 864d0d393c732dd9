-- Events domain, part 2 (owner: events): what an event shows, its sessions, questions, reservations and favourites.
-- docs/decisions/020-event-reservation-model.md, 021-reservation-concurrency.md.
ALTER TABLE events
  ADD COLUMN advertising boolean NOT NULL DEFAULT false,
  ADD COLUMN providing_type integer NOT NULL DEFAULT 1 CHECK (providing_type IN (1, 2, 3)),
  ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity >= 0),
  ADD COLUMN thumbnail_url text,
  ADD CONSTRAINT events_period CHECK (end_at >= start_at);
CREATE INDEX events_start_idx ON events (start_at);
CREATE INDEX events_end_idx ON events (end_at);

CREATE TABLE event_images (
  id serial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  url text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX event_images_event_idx ON event_images (event_id, sort);

-- reservation_type: 0 time display only, 1 reservation in the app, 2 external site.
-- reserved_count is kept in step with the active reservations in the same transaction; the CHECK is the last guard.
CREATE TABLE event_sessions (
  id serial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  title_ja text NOT NULL,
  title_en text,
  providing_type integer NOT NULL DEFAULT 1 CHECK (providing_type IN (1, 2)),
  reservation_type integer NOT NULL DEFAULT 1,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  capacity integer CHECK (capacity IS NULL OR capacity >= 0),
  entry_unit_type integer NOT NULL DEFAULT 1,
  reserved_count integer NOT NULL DEFAULT 0 CHECK (reserved_count >= 0),
  reservation_start_at timestamptz,
  reservation_end_at timestamptz,
  url text,
  external_full boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  CONSTRAINT event_sessions_period CHECK (end_at >= start_at),
  CONSTRAINT event_sessions_capacity CHECK (capacity IS NULL OR reserved_count <= capacity)
);
CREATE INDEX event_sessions_event_idx ON event_sessions (event_id, sort);

CREATE TABLE event_questions (
  id serial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  questionnaire_index integer NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'checkbox', 'select', 'images', 'comment')),
  question_ja text NOT NULL,
  question_en text,
  required boolean NOT NULL DEFAULT false,
  choices_ja jsonb NOT NULL DEFAULT '[]',
  choices_en jsonb,
  choice_images jsonb NOT NULL DEFAULT '[]',
  images jsonb NOT NULL DEFAULT '[]',
  UNIQUE (event_id, questionnaire_index)
);

-- One active reservation per user and event (partial unique index); cancelled rows stay for the record.
CREATE TABLE event_reservations (
  id serial PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES event_sessions(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);
CREATE UNIQUE INDEX event_reservations_one_per_event ON event_reservations (event_id, user_id) WHERE cancelled_at IS NULL;
CREATE INDEX event_reservations_user_idx ON event_reservations (user_id) WHERE cancelled_at IS NULL;
CREATE INDEX event_reservations_session_idx ON event_reservations (session_id) WHERE cancelled_at IS NULL;

CREATE TABLE event_favorites (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX event_favorites_event_idx ON event_favorites (event_id);

-- The key that signs short-lived calendar-file links; one row, shared by every server process.
CREATE TABLE event_calendar_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL
);
INSERT INTO event_calendar_keys (id, secret) VALUES (true, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
