ALTER TABLE event_reservations ADD COLUMN IF NOT EXISTS checked_in_at timestamptz;
