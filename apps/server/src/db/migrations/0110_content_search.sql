-- Library search (issue 20, item 2; decision 103): one search row per report article, kept up to date by triggers
-- whoever writes the article or its sections (seed, fixtures, an authoring tool).
--   head_text / body_text: lower-cased plain text of both languages (title + description; section subtitles and
--     comments with their HTML tags removed), matched by substring (LIKE) with trigram indexes: Japanese has no spaces,
--     so 睡眠 must be found inside 睡眠の質.
--   head_tsv / body_tsv: English full-text vectors (stemming: "sleeping" finds "sleep"), titles weighted A,
--     descriptions B, sections C.
-- Section text is members' content: guests' searches read only the head columns (data.ts searchRows).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads its bundle at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE report_article_search (
  report_article_id integer PRIMARY KEY REFERENCES report_articles(id) ON DELETE CASCADE,
  title_text text NOT NULL,
  head_text text NOT NULL,
  body_text text NOT NULL,
  head_tsv tsvector NOT NULL,
  body_tsv tsvector NOT NULL
);
CREATE INDEX report_article_search_head_trgm ON report_article_search USING gin (head_text gin_trgm_ops);
CREATE INDEX report_article_search_body_trgm ON report_article_search USING gin (body_text gin_trgm_ops);
CREATE INDEX report_article_search_head_tsv ON report_article_search USING gin (head_tsv);
CREATE INDEX report_article_search_body_tsv ON report_article_search USING gin (body_tsv);

-- Rich text to plain text: tags out, the entities the sanitiser writes back to characters.
CREATE FUNCTION search_plain_text(html text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(replace(replace(replace(replace(replace(
    regexp_replace(COALESCE(html, ''), '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
$$;

-- Rebuilds the search rows of the given articles (missing articles are skipped; their rows go with ON DELETE CASCADE).
CREATE FUNCTION report_article_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_article_search AS s (report_article_id, title_text, head_text, body_text, head_tsv, body_tsv)
  SELECT a.id,
         lower(concat_ws(' ', a.title_ja, a.title_en)),
         lower(concat_ws(' ', a.title_ja, a.title_en, a.description_ja, a.description_en)),
         lower(COALESCE(b.body, '')),
         setweight(to_tsvector('english', concat_ws(' ', a.title_ja, a.title_en)), 'A')
           || setweight(to_tsvector('english', concat_ws(' ', a.description_ja, a.description_en)), 'B'),
         setweight(to_tsvector('english', COALESCE(b.body, '')), 'C')
  FROM report_articles a
  LEFT JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', x.subtitle_ja, x.subtitle_en, search_plain_text(x.comment_ja), search_plain_text(x.comment_en)),
                      ' ' ORDER BY x.position, x.id) AS body
    FROM sections x WHERE x.owner_type = 'report_article' AND x.owner_id = a.id
  ) b ON TRUE
  WHERE a.id = ANY(ids)
  ON CONFLICT (report_article_id) DO UPDATE SET title_text = EXCLUDED.title_text, head_text = EXCLUDED.head_text,
    body_text = EXCLUDED.body_text, head_tsv = EXCLUDED.head_tsv, body_tsv = EXCLUDED.body_tsv
$$;

-- Statement-level triggers with transition tables: a bulk insert of sections refreshes each article once.
-- (PostgreSQL allows transition tables only on single-event triggers, hence one trigger per event.)
CREATE FUNCTION report_articles_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_article_search_refresh(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END $$;

CREATE FUNCTION sections_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_article_search_refresh(ARRAY(SELECT DISTINCT owner_id FROM changed WHERE owner_type = 'report_article'));
  RETURN NULL;
END $$;

CREATE TRIGGER report_articles_search_insert AFTER INSERT ON report_articles
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_articles_search_trigger();
CREATE TRIGGER report_articles_search_update AFTER UPDATE ON report_articles
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION report_articles_search_trigger();
CREATE TRIGGER sections_search_insert AFTER INSERT ON sections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sections_search_trigger();
CREATE TRIGGER sections_search_update_new AFTER UPDATE ON sections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sections_search_trigger();
CREATE TRIGGER sections_search_update_old AFTER UPDATE ON sections
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sections_search_trigger();
CREATE TRIGGER sections_search_delete AFTER DELETE ON sections
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sections_search_trigger();

-- Articles already stored.
SELECT report_article_search_refresh(ARRAY(SELECT id FROM report_articles));
