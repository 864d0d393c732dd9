-- The short code typed at the door (issue 55, docs/decisions/178-online-sessions-reminders-and-check-in.md): a code
-- names its reservation by the pass_id's low 30 bits (its MAC is checked in the server), found through this index.
CREATE INDEX IF NOT EXISTS event_reservations_pass_code_idx ON event_reservations ((pass_id & 1073741823));
