-- Crash-safe delivery (docs/decisions/075-mail-delivery-idempotence.md): the moment a message was handed over to the
-- SMTP server (just before the end of DATA) is recorded, and a row handed over whose acceptance was never recorded
-- becomes 'unconfirmed' instead of being sent again. Sent mail keeps no body (no emailed link at rest).
ALTER TABLE mail_outbox ADD COLUMN handed_over_at timestamptz;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unconfirmed'));
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);
