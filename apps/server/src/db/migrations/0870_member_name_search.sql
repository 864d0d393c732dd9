-- The console's member search by name (issue 55, item 6; docs/decisions/179-*.md). The office knows people by their
-- full name (user_name, as reservations show it) and nickname: both, NFKC-normalised (full-width letters and digits
-- as ASCII, half-width katakana as full-width), lower-cased and without spaces, one per line, so that "日比響",
-- "日比 響" and "日比　響" find the same member. A query is normalised the same way (lifecycle/data.ts) and matched
-- as a substring with ILIKE; trigrams (pg_trgm, migration 0110) serve queries of three characters or more.
ALTER TABLE users ADD COLUMN name_search text GENERATED ALWAYS AS (
  lower(regexp_replace(normalize(nickname, NFKC), '\s+', '', 'g')) || E'\n' || lower(regexp_replace(normalize(user_name, NFKC), '\s+', '', 'g'))
) STORED;
CREATE INDEX users_name_search_trgm ON users USING gin (name_search gin_trgm_ops);

-- The list of every member (no query), newest first, paged.
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
