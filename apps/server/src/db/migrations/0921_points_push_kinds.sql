-- The points' push kind (issue 58, docs/requirements/points.md#points-expiry): pointsExpiring joins the contract's
-- PUSH_KINDS, so a device may take it and the outbox may hold it.
ALTER TABLE push_subscriptions DROP CONSTRAINT IF EXISTS push_subscriptions_kinds_check;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_kinds_check CHECK (
  cardinality(kinds) >= 1 AND kinds <@ ARRAY['waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey',
    'teamFormed', 'programResult', 'syncReminder', 'pointsExpiring']::text[]);
ALTER TABLE push_outbox DROP CONSTRAINT IF EXISTS push_outbox_kind_check;
ALTER TABLE push_outbox ADD CONSTRAINT push_outbox_kind_check CHECK (
  kind IN ('waitingListSeat', 'eventReminder', 'importantAnnouncement', 'newSurvey', 'teamFormed', 'programResult', 'syncReminder',
    'pointsExpiring'));
