-- Extra header fields of an outbox mail (issue 55, docs/decisions/178-online-sessions-reminders-and-check-in.md): a
-- JSON object of header name -> value, such as List-Unsubscribe on the event reminders members can turn off. The mail
-- sender adds them to the message as it sends; null for mails without any. Kept when the bodies are wiped once sent
-- (the values name no one and carry no token).
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS headers jsonb;
