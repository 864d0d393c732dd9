-- A link that reverts an email change, mailed to the old address (issue 12, finding 5).
ALTER TABLE email_links DROP CONSTRAINT IF EXISTS email_links_purpose_check;
ALTER TABLE email_links ADD CONSTRAINT email_links_purpose_check CHECK (purpose IN ('signup', 'reset', 'register', 'revert'));
