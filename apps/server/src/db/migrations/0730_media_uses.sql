-- Where each uploaded file is used (issue 30, finding 1; owner: media; decision 144). A file is public only while
-- every item that uses it is public: one use by a contract-only announcement, article, event or survey protects it,
-- and /media/uploads/<name> then answers only with a signed, expiring URL. Kept by media_uses_refresh(), which reads
-- every content row's text for /media/uploads/ names: the console runs it after each content write, and here once
-- for what is stored already.
CREATE TABLE media_uses (
  media_id integer NOT NULL REFERENCES media(id) ON DELETE CASCADE,
  owner_type text NOT NULL,
  owner_id integer NOT NULL,
  public boolean NOT NULL,
  PRIMARY KEY (media_id, owner_type, owner_id)
);

CREATE FUNCTION media_uses_refresh() RETURNS void LANGUAGE sql AS $$
  -- One refresh at a time ("hibimedu"): two writes' refreshes would otherwise insert the same rows.
  SELECT pg_advisory_xact_lock(7523094280573158773);
  DELETE FROM media_uses;
  WITH owners (owner_type, owner_id, public, body) AS (
    SELECT 'announcement', a.id, NOT a.contract_only, row_to_json(a)::text FROM announcements a
    UNION ALL SELECT 'report_article', r.id, NOT r.contract_only, row_to_json(r)::text FROM report_articles r
    UNION ALL SELECT 'event', e.id, NOT e.contract_only, row_to_json(e)::text FROM events e
    UNION ALL SELECT 'questionnaire', q.id, NOT q.contract_only, row_to_json(q)::text FROM questionnaires q
  ),
  texts (owner_type, owner_id, body) AS (
    SELECT owner_type, owner_id, body FROM owners
    UNION ALL SELECT 'announcement', i.announcement_id, i.url FROM announcement_images i
    UNION ALL SELECT 'report_article', i.report_article_id, i.url FROM report_article_images i
    UNION ALL SELECT 'event', i.event_id, i.url FROM event_images i
    UNION ALL SELECT 'event', s.event_id, row_to_json(s)::text FROM event_sessions s
    UNION ALL SELECT 'event', q.event_id, row_to_json(q)::text FROM event_questions q
    UNION ALL SELECT 'questionnaire', i.questionnaire_id, row_to_json(i)::text FROM questionnaire_items i
    UNION ALL SELECT s.owner_type, s.owner_id, row_to_json(s)::text FROM sections s
    UNION ALL SELECT s.owner_type, s.owner_id, x.url FROM section_images x JOIN sections s ON s.id = x.section_id
    UNION ALL SELECT s.owner_type, s.owner_id, x.video_url || ' ' || x.thumbnail_url FROM section_videos x JOIN sections s ON s.id = x.section_id
    UNION ALL SELECT s.owner_type, s.owner_id, x.url FROM section_attachments x JOIN sections s ON s.id = x.section_id
  )
  INSERT INTO media_uses (media_id, owner_type, owner_id, public)
  SELECT DISTINCT m.id, t.owner_type, t.owner_id, o.public
  FROM texts t
  JOIN owners o ON o.owner_type = t.owner_type AND o.owner_id = t.owner_id
  CROSS JOIN LATERAL regexp_matches(t.body, '/media/uploads/([0-9a-f]{32}\.(?:jpg|png|webp|pdf))', 'g') AS found
  JOIN media m ON m.stored_name = found[1]
  ON CONFLICT DO NOTHING;
$$;

SELECT media_uses_refresh();
