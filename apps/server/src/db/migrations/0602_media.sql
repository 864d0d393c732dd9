-- Uploaded media (issue 15; owner: media): images re-encoded by sharp and PDFs, stored under DATA_DIR/media and
-- served at /media/uploads/<stored_name> with immutable cache headers (the stored name changes with the content).
CREATE TABLE media (
  id serial PRIMARY KEY,
  stored_name text NOT NULL UNIQUE,
  file_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'pdf')),
  content_type text NOT NULL,
  width integer,
  height integer,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES operators(id)
);
CREATE INDEX media_created_idx ON media (created_at DESC, id DESC);
