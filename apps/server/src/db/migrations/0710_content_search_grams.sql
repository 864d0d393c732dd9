-- Library search, short Japanese words (decision 136): pg_trgm's index serves words of three characters or more, so a
-- member's search for 睡眠 or 質 read every article's section text (about 15 µs a row). Each search row now keeps the
-- distinct characters and two-character sequences of its text that hold a non-ASCII character (`grams`, GIN-indexed,
-- as pg_bigm would): a word with such a character is first narrowed to the rows holding all of its grams, then checked
-- with LIKE as before. ASCII words keep the trigram and full-text indexes.

-- The grams of a text: its non-ASCII characters and its two-character sequences holding one (none with a space). The
-- same function makes a row's grams and a search word's, so both sides agree on case and characters.
CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT x.g), '{}'::text[])
  FROM (
    SELECT u.ch, u.ch || lead(u.ch, 1, ' ') OVER (ORDER BY u.i) AS pair
    FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS u(ch, i)
  ) y
  CROSS JOIN LATERAL (VALUES (y.ch), (y.pair)) x(g)
  WHERE octet_length(x.g) > length(x.g) AND strpos(x.g, ' ') = 0 AND strpos(x.g, U&'\3000') = 0
$$;

ALTER TABLE report_article_search ADD COLUMN grams text[] NOT NULL DEFAULT '{}';

CREATE OR REPLACE FUNCTION report_article_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_article_search AS s (report_article_id, title_text, head_text, body_text, head_tsv, body_tsv, grams)
  SELECT t.id, t.title_text, t.head_text, t.body_text, t.head_tsv, t.body_tsv, search_grams(t.head_text || ' ' || t.body_text)
  FROM (
    SELECT a.id,
           lower(concat_ws(' ', a.title_ja, a.title_en)) AS title_text,
           lower(concat_ws(' ', a.title_ja, a.title_en, a.description_ja, a.description_en)) AS head_text,
           lower(COALESCE(b.body, '')) AS body_text,
           setweight(to_tsvector('english', concat_ws(' ', a.title_ja, a.title_en)), 'A')
             || setweight(to_tsvector('english', concat_ws(' ', a.description_ja, a.description_en)), 'B') AS head_tsv,
           setweight(to_tsvector('english', COALESCE(b.body, '')), 'C') AS body_tsv
    FROM report_articles a
    LEFT JOIN LATERAL (
      SELECT string_agg(concat_ws(' ', x.subtitle_ja, x.subtitle_en, search_plain_text(x.comment_ja), search_plain_text(x.comment_en)),
                        ' ' ORDER BY x.position, x.id) AS body
      FROM sections x WHERE x.owner_type = 'report_article' AND x.owner_id = a.id
    ) b ON TRUE
    WHERE a.id = ANY(ids)
  ) t
  ON CONFLICT (report_article_id) DO UPDATE SET title_text = EXCLUDED.title_text, head_text = EXCLUDED.head_text,
    body_text = EXCLUDED.body_text, head_tsv = EXCLUDED.head_tsv, body_tsv = EXCLUDED.body_tsv, grams = EXCLUDED.grams
$$;

UPDATE report_article_search SET grams = search_grams(head_text || ' ' || body_text);

CREATE INDEX report_article_search_grams ON report_article_search USING gin (grams);
