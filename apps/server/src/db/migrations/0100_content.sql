-- Content domain (owner: content): sections shared by announcements, report articles and events; announcements;
-- report articles (the library) with tags, genres, pickups and recorded views.
-- Columns other domains read: report_articles(id, title_ja, title_en, contract_only, published_at);
-- sections and its child tables through apps/server/src/domains/content/sections.ts only.

CREATE TABLE sections (
  id serial PRIMARY KEY,
  owner_type text NOT NULL CHECK (owner_type IN ('announcement', 'report_article', 'event')),
  owner_id integer NOT NULL,
  position integer NOT NULL DEFAULT 0,
  section_type integer NOT NULL,
  subtitle_ja text,
  subtitle_en text,
  comment_ja text,
  comment_en text,
  rel_type text CHECK (rel_type IN ('Events', 'EventParticipation', 'EventList', 'Announcements', 'ReportArticles',
    'ReportArticleList', 'TaggedReportArticles', 'Questionnaire', 'AdminActionGoals')),
  rel_object_id text,
  rel_label_ja text,
  rel_label_en text
);
CREATE INDEX sections_owner_idx ON sections (owner_type, owner_id, position);

CREATE TABLE section_images (
  id serial PRIMARY KEY,
  section_id integer NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  url text NOT NULL
);
CREATE INDEX section_images_section_idx ON section_images (section_id, position);

CREATE TABLE section_videos (
  id serial PRIMARY KEY,
  section_id integer NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  video_url text NOT NULL,
  thumbnail_url text NOT NULL
);
CREATE INDEX section_videos_section_idx ON section_videos (section_id, position);

CREATE TABLE section_attachments (
  id serial PRIMARY KEY,
  section_id integer NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  file_name_ja text NOT NULL,
  file_name_en text,
  url text NOT NULL
);
CREATE INDEX section_attachments_section_idx ON section_attachments (section_id, position);

-- Announcements ------------------------------------------------------------------------------------------------

CREATE TABLE announcements (
  id serial PRIMARY KEY,
  title_ja text NOT NULL,
  title_en text,
  from_at timestamptz NOT NULL,
  is_important boolean NOT NULL DEFAULT false,
  contract_only boolean NOT NULL DEFAULT false
);
CREATE INDEX announcements_from_idx ON announcements (from_at DESC, id DESC);

CREATE TABLE announcement_images (
  id serial PRIMARY KEY,
  announcement_id integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  url text NOT NULL
);
CREATE INDEX announcement_images_owner_idx ON announcement_images (announcement_id, position);

CREATE TABLE announcement_reads (
  announcement_id integer NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, announcement_id)
);

-- Library ------------------------------------------------------------------------------------------------------

-- Tag ids are strings. genre1..genre8 are the genres (is_genre); other tags name their genre in genre_id.
-- top_position: the tag has a list of 3 on the library index, in this order.
CREATE TABLE tags (
  id text PRIMARY KEY,
  name_ja text NOT NULL,
  name_en text,
  is_genre boolean NOT NULL DEFAULT false,
  genre_id text REFERENCES tags(id),
  position integer NOT NULL DEFAULT 0,
  top_position integer
);

CREATE TABLE report_articles (
  id serial PRIMARY KEY,
  title_ja text NOT NULL,
  title_en text,
  description_ja text,
  description_en text,
  image_url text NOT NULL,
  rel_type text NOT NULL DEFAULT 'ReportArticles' CHECK (rel_type IN ('ReportArticles', 'Events', 'IndividualMatches', 'TeamMatches')),
  contract_only boolean NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL,
  -- Editorial weight for sort 'reccomend' and the recommended articles.
  recommend_score integer NOT NULL DEFAULT 0,
  -- Not null: shown in the index's Pickup carousel, in this order.
  pickup_position integer
);
CREATE INDEX report_articles_published_idx ON report_articles (published_at DESC, id DESC);

CREATE TABLE report_article_images (
  id serial PRIMARY KEY,
  report_article_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  url text NOT NULL
);
CREATE INDEX report_article_images_owner_idx ON report_article_images (report_article_id, position);

CREATE TABLE report_article_tags (
  report_article_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  tag_id text NOT NULL REFERENCES tags(id),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (report_article_id, tag_id)
);
CREATE INDEX report_article_tags_tag_idx ON report_article_tags (tag_id, report_article_id);

-- One row per view of an article page (user_id null for guests); ranking and popularity count the recent ones.
CREATE TABLE report_article_views (
  id bigserial PRIMARY KEY,
  report_article_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_article_views_recent_idx ON report_article_views (viewed_at, report_article_id);

-- Video plays and attachment opens of an article (notifyViewReportArticleResource).
CREATE TABLE report_article_resource_views (
  id bigserial PRIMARY KEY,
  report_article_id integer NOT NULL REFERENCES report_articles(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id integer REFERENCES section_videos(id) ON DELETE CASCADE,
  attachment_id integer REFERENCES section_attachments(id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((video_id IS NULL) <> (attachment_id IS NULL))
);
CREATE INDEX report_article_resource_views_article_idx ON report_article_resource_views (report_article_id);
