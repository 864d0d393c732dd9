-- The daily quiz (issue 58, docs/requirements/points.md#points-quiz): rounds with dates (never overlapping: the
-- service checks), one question per Tokyo day for everyone, and each member's one answer to it. The office reads
-- counts per question and choice, never rows per person.
CREATE TABLE quiz_rounds (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  points integer NOT NULL CHECK (points BETWEEN 1 AND 100000),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX quiz_rounds_dates_idx ON quiz_rounds (start_date, end_date);

CREATE TABLE quiz_questions (
  id serial PRIMARY KEY,
  round_id integer NOT NULL REFERENCES quiz_rounds(id) ON DELETE CASCADE,
  -- One question per day for everyone.
  day date NOT NULL UNIQUE,
  genre text NOT NULL CHECK (genre IN ('exercise', 'nutrition', 'sleep', 'mental', 'prevention')),
  question_ja text NOT NULL,
  question_en text,
  -- [{"ja": "...", "en": "..." | null}, ...], 2 to 4.
  choices jsonb NOT NULL CHECK (jsonb_typeof(choices) = 'array' AND jsonb_array_length(choices) BETWEEN 2 AND 4),
  correct_choice smallint NOT NULL CHECK (correct_choice >= 0 AND correct_choice < jsonb_array_length(choices)),
  explanation_ja text NOT NULL,
  explanation_en text,
  article_id integer REFERENCES report_articles(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
CREATE INDEX quiz_questions_round_idx ON quiz_questions (round_id, day);

CREATE TABLE quiz_answers (
  question_id integer NOT NULL REFERENCES quiz_questions(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The question's day (a copy, for the missions' "quiz answered on D days" by member and month).
  day date NOT NULL,
  choice smallint NOT NULL CHECK (choice BETWEEN 0 AND 3),
  correct boolean NOT NULL,
  answered_at timestamptz NOT NULL,
  PRIMARY KEY (question_id, user_id)
);
CREATE INDEX quiz_answers_user_day_idx ON quiz_answers (user_id, day);
