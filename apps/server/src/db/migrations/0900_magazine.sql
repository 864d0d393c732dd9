-- The mail magazine (issue 59; owner: magazine; docs/requirements/magazine.md, docs/decisions/185-magazine-delivery.md).

-- An issue as the office writes it: Japanese required, English optional (falls back to Japanese per field).
CREATE TABLE magazine_issues (
  id serial PRIMARY KEY,
  subject_ja text NOT NULL,
  subject_en text,
  body_ja text NOT NULL,
  body_en text,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'sending', 'sent')),
  -- Set while scheduled and from then on; null for a draft.
  send_at timestamptz,
  -- When the recipients were fixed (state became 'sending').
  started_at timestamptz,
  -- When the last delivery was handed to the outbox or skipped.
  sent_at timestamptz,
  recipients integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  created_by text,
  updated_at timestamptz NOT NULL,
  updated_by text,
  CHECK (state = 'draft' OR send_at IS NOT NULL),
  CHECK (state IN ('draft', 'scheduled') OR started_at IS NOT NULL)
);
CREATE INDEX magazine_issues_due_idx ON magazine_issues (send_at) WHERE state = 'scheduled';
CREATE INDEX magazine_issues_sending_idx ON magazine_issues (id) WHERE state = 'sending';

-- The tenants an issue went to (fixed when it starts sending): members read the past issues of their own tenant.
CREATE TABLE magazine_issue_tenants (
  issue_id integer NOT NULL REFERENCES magazine_issues (id) ON DELETE CASCADE,
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, issue_id)
);

-- One row per recipient and issue, fixed when the issue starts sending: the primary key means nobody gets an issue
-- twice. queued -> outboxed (handed to the outbox, in the transaction that wrote the mail) -> sent | failed, or
-- queued -> skipped (no longer eligible at hand-over). outbox_id names the mail_outbox row (no foreign key: the
-- outbox is pruned after OUTBOX_RETENTION_DAYS).
CREATE TABLE magazine_deliveries (
  issue_id integer NOT NULL REFERENCES magazine_issues (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  locale text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'outboxed', 'skipped', 'sent', 'failed')),
  outbox_id integer,
  outboxed_at timestamptz,
  unsubscribed_at timestamptz,
  PRIMARY KEY (issue_id, user_id)
);
-- The work: deliveries waiting for their turn, and those whose mail's outcome is still to be copied back.
CREATE INDEX magazine_deliveries_queued_idx ON magazine_deliveries (issue_id, user_id) WHERE state = 'queued';
CREATE INDEX magazine_deliveries_outboxed_idx ON magazine_deliveries (outbox_id) WHERE state IN ('outboxed', 'failed');
-- The rate's window: deliveries handed over in the last seconds.
CREATE INDEX magazine_deliveries_outboxed_at_idx ON magazine_deliveries (outboxed_at) WHERE outboxed_at IS NOT NULL;
CREATE INDEX magazine_deliveries_user_idx ON magazine_deliveries (user_id);
