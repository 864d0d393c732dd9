-- Check-in at the door (issue 33, docs/decisions/147-event-check-in.md).
--   - checked_in_at: when the member was checked in; null until then (and again after an undo). Migration 0755
--     (company insights) adds the same column the same way, so either may come first.
--   - pass_id: the opaque, random per-reservation number a member's pass carries (with its MAC, lib/pass-token.ts).
--     It says nothing about the reservation's id, the event or the member; a rebooking is a new row with a new pass.
--     The volatile default gives every existing row its own value as the column is added.
ALTER TABLE event_reservations ADD COLUMN IF NOT EXISTS checked_in_at timestamptz;
ALTER TABLE event_reservations
  ADD COLUMN pass_id bigint NOT NULL DEFAULT (('x' || substr(md5(gen_random_uuid()::text), 1, 16))::bit(64)::bigint);
CREATE UNIQUE INDEX event_reservations_pass_idx ON event_reservations (pass_id);
