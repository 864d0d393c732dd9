-- Article views count once per member, article and Tokyo day; guests' views are no longer recorded (issue 12,
-- finding 13: 3,000 guest views in 12 s moved an article to rank 1). Older guest rows stay and still count.
ALTER TABLE report_article_views ADD COLUMN view_day date;
UPDATE report_article_views SET view_day = (viewed_at AT TIME ZONE 'Asia/Tokyo')::date;
ALTER TABLE report_article_views ALTER COLUMN view_day SET NOT NULL;
DELETE FROM report_article_views v USING report_article_views w
  WHERE v.user_id IS NOT NULL AND v.user_id = w.user_id AND v.report_article_id = w.report_article_id
    AND v.view_day = w.view_day AND v.id > w.id;
CREATE UNIQUE INDEX report_article_views_member_day ON report_article_views (report_article_id, user_id, view_day) WHERE user_id IS NOT NULL;
