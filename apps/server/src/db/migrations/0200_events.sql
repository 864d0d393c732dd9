-- Events domain (owner: events). Columns other domains read: id, title_ja, title_en, start_at, end_at,
-- date_remarks_ja/en, place_ja/en, price, extra_label_ja/en, extra_text_ja/en, report_article_id, contract_only, published_at.
CREATE TABLE events (
  id serial PRIMARY KEY,
  title_ja text NOT NULL,
  title_en text,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  date_remarks_ja text,
  date_remarks_en text,
  place_ja text,
  place_en text,
  price integer NOT NULL DEFAULT 0,
  extra_label_ja text,
  extra_label_en text,
  extra_text_ja text,
  extra_text_en text,
  report_article_id integer,
  contract_only boolean NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_report_article_idx ON events (report_article_id);
