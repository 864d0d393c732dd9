-- A booking's confirmation mail (issue 33, docs/decisions/150-booking-confirmation-mail.md).
--   - confirmation_mail_id: the mail_outbox row the statement that booked wrote for the reservation (its id drawn from
--     the outbox's sequence by that statement), so that a cancellation can withdraw the mail while no sender has taken
--     it. Null for reservations without one (made before this migration, promoted from the waiting list, a member
--     without an address). No foreign key: the outbox prunes its rows after OUTBOX_RETENTION_DAYS, and a pruned id
--     matches nothing.
ALTER TABLE event_reservations ADD COLUMN IF NOT EXISTS confirmation_mail_id integer;
