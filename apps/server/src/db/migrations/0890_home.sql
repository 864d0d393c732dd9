-- Home domain (owner: home; issue 60, docs/decisions/181-console-home.md): the console home's week of figures reads
-- reservations made and survey answers given in the last 14 days by their time, not by a scan of every row.
CREATE INDEX event_reservations_created_idx ON event_reservations (created_at);
CREATE INDEX questionnaire_answers_answered_idx ON questionnaire_answers (answered_at);
