-- The programs' push kinds (issue 57, docs/requirements/programs.md#programs-notices; decision 187): teamFormed,
-- programResult and syncReminder join the contract's PUSH_KINDS, so a device may take them and the outbox may hold them.
ALTER TABLE push_subscriptions DROP CONSTRAINT IF EXISTS push_subscriptions_kinds_check;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_kinds_check CHECK (
  cardinality(kinds) >= 1 AND kinds <@ ARRAY['waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey',
    'teamFormed', 'programResult', 'syncReminder']::text[]);
ALTER TABLE push_outbox DROP CONSTRAINT IF EXISTS push_outbox_kind_check;
ALTER TABLE push_outbox ADD CONSTRAINT push_outbox_kind_check CHECK (
  kind IN ('waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey', 'teamFormed', 'programResult', 'syncReminder'));
