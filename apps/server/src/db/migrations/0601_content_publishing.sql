-- Content authoring from the operator console (issue 15; owner: content). Publishing state: a null publish time is
-- a draft, a future one is scheduled, unpublished_at set means taken down; members see only published rows, checked
-- against the time of each call. Images carry alt text; articles name their related articles explicitly.

ALTER TABLE announcements ALTER COLUMN from_at DROP NOT NULL;
ALTER TABLE announcements
  ADD COLUMN unpublished_at timestamptz,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;

ALTER TABLE report_articles ALTER COLUMN published_at DROP NOT NULL;
ALTER TABLE report_articles
  ADD COLUMN unpublished_at timestamptz,
  ADD COLUMN image_alt_ja text,
  ADD COLUMN image_alt_en text,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;

ALTER TABLE section_images ADD COLUMN alt_ja text, ADD COLUMN alt_en text;
ALTER TABLE announcement_images ADD COLUMN alt_ja text, ADD COLUMN alt_en text;
ALTER TABLE report_article_images ADD COLUMN alt_ja text, ADD COLUMN alt_en text;

-- Related articles chosen by an editor, in order; without any, the shared-tags rule picks them.
CREATE TABLE report_article_relations (
  report_article_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  related_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (report_article_id, related_id)
);

-- Titles are searched with ILIKE from the console list.
CREATE INDEX announcements_updated_idx ON announcements (updated_at DESC, id DESC);
CREATE INDEX report_articles_updated_idx ON report_articles (updated_at DESC, id DESC);
