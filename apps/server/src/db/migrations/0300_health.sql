-- Health and competitions (owner: health/account). Columns other domains read:
-- individual_matches(id, name_ja, name_en, display_start_at, display_end_at, report_article_id)
-- team_matches(id, name_ja, name_en, start_at, end_at, report_article_id)
CREATE TABLE individual_matches (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  display_start_at timestamptz NOT NULL,
  display_end_at timestamptz NOT NULL,
  report_article_id integer
);
CREATE TABLE team_matches (
  id serial PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  report_article_id integer
);
