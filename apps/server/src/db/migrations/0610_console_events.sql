-- Events authored from the operator console (issue 16 item 1; owner: events). docs/decisions/112-console-events.md.
-- Publishing state as content has it (0601): a null published_at is a draft (or taken down), a future one is
-- scheduled; unpublished_at set means an editor took the event down (published_at is cleared with it, so every
-- reader that checks published_at <= now, other domains' too, hides it with no change of theirs).
ALTER TABLE events ALTER COLUMN published_at DROP NOT NULL;
ALTER TABLE events
  ADD COLUMN unpublished_at timestamptz,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by text;

-- Images of an event carry alt text, as content images do.
ALTER TABLE event_images ADD COLUMN alt_ja text, ADD COLUMN alt_en text;

-- The console list searches titles and sorts by the event's start.
CREATE INDEX events_updated_idx ON events (updated_at DESC, id DESC);
