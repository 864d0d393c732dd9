// An event's sessions and questionnaire as the operator console authors them (issue 16; decision 112): reads with
// every language, writes that keep the seats taken, deletion of what nobody reserved.
import { sql } from 'drizzle-orm';
import type { EventQuestion } from '@hibi/contract/functions/events';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { eventQuestions, eventSessions } from '../../../db/schema/events.ts';
import type { NewQuestion } from './console-events.ts';
import { sessionBelongsToEvent } from './members.ts';
import { ms } from './sql.ts';

export interface ConsoleSessionRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  providing_type: number;
  reservation_type: number;
  start_ms: number;
  end_ms: number;
  capacity: number | null;
  entry_unit_type: number;
  reserved_count: number;
  waiting_count: number;
  rstart_ms: number | null;
  rend_ms: number | null;
  url: string | null;
  external_full: boolean;
  sort: number;
}

const consoleSessionColumns = sql`s.id, s.title_ja, s.title_en, s.providing_type, s.reservation_type,
  ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms, s.capacity, s.entry_unit_type, s.reserved_count,
  (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id) AS waiting_count,
  ${ms('s', 'reservation_start_at')} AS rstart_ms, ${ms('s', 'reservation_end_at')} AS rend_ms, s.url, s.external_full, s.sort`;

/** An event's sessions with every language, their seats taken and their waiting lists' length. */
export async function consoleSessions(db: Db, eventId: number) {
  return rows<ConsoleSessionRow>(
    db,
    sql`SELECT ${consoleSessionColumns} FROM event_sessions s WHERE s.event_id = ${eventId} ORDER BY s.sort, s.start_at, s.id`,
  );
}

export async function consoleSession(db: Db, eventId: number, sessionId: number) {
  const [row] = await rows<ConsoleSessionRow & { event_title_ja: string; event_title_en: string | null }>(
    db,
    sql`SELECT ${consoleSessionColumns}, e.title_ja AS event_title_ja, e.title_en AS event_title_en
        FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${sessionId} AND s.event_id = ${eventId}`,
  );
  return row;
}

export interface ConsoleQuestionRow {
  type: EventQuestion['type'];
  question_ja: string;
  question_en: string | null;
  required: boolean;
  choices_ja: string[] | string;
  choices_en: string[] | string | null;
  choice_images: { id: number; url: string; alt?: string | null; altEn?: string | null }[] | string;
  images: { id: number; url: string; alt?: string | null; altEn?: string | null }[] | string;
}

/** An event's questions with every language, in order. */
export async function consoleQuestions(db: Db, eventId: number) {
  return rows<ConsoleQuestionRow>(
    db,
    sql`SELECT q.type, q.question_ja, q.question_en, q.required, q.choices_ja, q.choices_en, q.choice_images, q.images
        FROM event_questions q WHERE q.event_id = ${eventId} ORDER BY q.questionnaire_index`,
  );
}

export interface SessionWrite {
  titleJa: string;
  titleEn: string | null;
  providingType: number;
  reservationType: number;
  startAt: Date;
  endAt: Date;
  capacity: number | null;
  entryUnitType: number;
  reservationStartAt: Date | null;
  reservationEndAt: Date | null;
  url: string | null;
  externalFull: boolean;
  sort: number;
}

export async function insertConsoleSession(tx: Db, eventId: number, w: SessionWrite): Promise<number> {
  const [row] = await tx
    .insert(eventSessions)
    .values({ ...w, eventId })
    .returning({ id: eventSessions.id });
  return row!.id;
}

/**
 * Replaces a session's fields in one conditional statement: only when the new capacity still holds the seats taken
 * (checked on the locked row, so a booking in between is counted). 'saved', 'capacity' or 'absent'.
 */
export async function updateConsoleSession(tx: Db, eventId: number, id: number, w: SessionWrite): Promise<'saved' | 'capacity' | 'absent'> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const updated = await rows(
    tx,
    sql`UPDATE event_sessions SET title_ja = ${w.titleJa}, title_en = ${w.titleEn}, providing_type = ${w.providingType},
          reservation_type = ${w.reservationType}, start_at = ${iso(w.startAt)}::timestamptz, end_at = ${iso(w.endAt)}::timestamptz,
          capacity = ${w.capacity}::int, entry_unit_type = ${w.entryUnitType},
          reservation_start_at = ${iso(w.reservationStartAt)}::timestamptz, reservation_end_at = ${iso(w.reservationEndAt)}::timestamptz,
          url = ${w.url}, external_full = ${w.externalFull}, sort = ${w.sort}
        WHERE id = ${id} AND event_id = ${eventId} AND (${w.capacity}::int IS NULL OR reserved_count <= ${w.capacity}::int)
        RETURNING id`,
  );
  if (updated.length) return 'saved';
  return (await sessionBelongsToEvent(tx, eventId, id)) ? 'capacity' : 'absent';
}

/** Deletes a session nobody reserved (ever) or waits for: 'deleted', 'reserved' or 'absent'. */
export async function deleteSessionRow(tx: Db, eventId: number, id: number): Promise<'deleted' | 'reserved' | 'absent'> {
  const deleted = await rows(
    tx,
    sql`DELETE FROM event_sessions s WHERE s.id = ${id} AND s.event_id = ${eventId}
          AND NOT EXISTS (SELECT 1 FROM event_reservations r WHERE r.session_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM event_waiting_list w WHERE w.session_id = s.id) RETURNING id`,
  );
  if (deleted.length) return 'deleted';
  return (await sessionBelongsToEvent(tx, eventId, id)) ? 'reserved' : 'absent';
}

/** Replaces an event's questions (questionnaire_index = position). */
export async function replaceQuestions(tx: Db, eventId: number, questions: NewQuestion[]): Promise<void> {
  await tx.execute(sql`DELETE FROM event_questions WHERE event_id = ${eventId}`);
  if (questions.length) await tx.insert(eventQuestions).values(questions.map((q) => ({ ...q, eventId })));
}
