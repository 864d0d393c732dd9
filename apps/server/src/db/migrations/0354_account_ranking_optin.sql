-- Rankings show a member's name and picture only to colleagues of the same company, and only when the member agreed
-- (issue 12, finding 7); off for everyone until they turn it on.
ALTER TABLE users ADD COLUMN show_in_rankings boolean NOT NULL DEFAULT false;
