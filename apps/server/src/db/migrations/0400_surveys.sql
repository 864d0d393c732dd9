-- Surveys (questionnaires), their body items and the one answer per user; the FAQ.
CREATE TABLE questionnaires (
  id serial PRIMARY KEY,
  title_ja text NOT NULL,
  title_en text,
  -- true: run by the operator for everybody; false: run by one tenant for its own members.
  is_general boolean NOT NULL DEFAULT true,
  tenant_id integer REFERENCES tenants(id) ON DELETE CASCADE,
  -- Only members of a tenant with a corporate contract see and answer it.
  contract_only boolean NOT NULL DEFAULT false,
  from_date_time timestamptz NOT NULL,
  to_date_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT questionnaires_window CHECK (from_date_time <= to_date_time),
  CONSTRAINT questionnaires_tenant CHECK (is_general OR tenant_id IS NOT NULL)
);
CREATE INDEX questionnaires_window_idx ON questionnaires (to_date_time, from_date_time);

CREATE TABLE questionnaire_items (
  id serial PRIMARY KEY,
  questionnaire_id integer NOT NULL REFERENCES questionnaires(id) ON DELETE CASCADE,
  position integer NOT NULL,
  type text NOT NULL CHECK (type IN ('comment', 'images', 'select', 'checkbox', 'text')),
  -- Sanitised HTML (line breaks already turned into <br>).
  question_ja text NOT NULL,
  question_en text,
  -- The key answers refer to; null for display-only items.
  questionnaire_index integer,
  required boolean NOT NULL DEFAULT false,
  choices_ja jsonb NOT NULL DEFAULT '[]',
  choices_en jsonb,
  choice_images jsonb NOT NULL DEFAULT '[]',
  -- [{ "id": 1, "url": "/media/surveys/...", "alt_ja": "...", "alt_en": "..." }]
  images jsonb NOT NULL DEFAULT '[]',
  UNIQUE (questionnaire_id, position),
  UNIQUE (questionnaire_id, questionnaire_index),
  CONSTRAINT questionnaire_items_answerable CHECK (type <> 'comment' OR questionnaire_index IS NULL)
);

CREATE TABLE questionnaire_answers (
  questionnaire_id integer NOT NULL REFERENCES questionnaires(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- [{ "questionnaireIndex": 1, "answer": ... }], checked against the items when stored.
  body jsonb NOT NULL,
  locale text NOT NULL DEFAULT 'ja',
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (questionnaire_id, user_id)
);
CREATE INDEX questionnaire_answers_user_idx ON questionnaire_answers (user_id);

CREATE TABLE faq_categories (
  id integer PRIMARY KEY,
  title_ja text NOT NULL,
  title_en text,
  sort_order integer NOT NULL
);

CREATE TABLE faq_items (
  id integer PRIMARY KEY,
  category_id integer NOT NULL REFERENCES faq_categories(id) ON DELETE CASCADE,
  sort_order integer NOT NULL,
  title_ja text NOT NULL,
  title_en text,
  -- Sanitised HTML.
  html_ja text NOT NULL,
  html_en text,
  -- Shown from this day to that day, both inclusive, as calendar days in Asia/Tokyo; null = open-ended.
  from_date date,
  to_date date,
  CONSTRAINT faq_items_window CHECK (from_date IS NULL OR to_date IS NULL OR from_date <= to_date)
);
CREATE INDEX faq_items_category_idx ON faq_items (category_id, sort_order);
