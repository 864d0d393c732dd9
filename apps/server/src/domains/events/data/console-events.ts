// Events as the operator console authors them (issue 16; decision 112): the list in every state, one event with
// every language, its writes, take-down and deletion; and the authoring writes the seed and test fixtures use.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { eventImages, eventQuestions, events, eventSessions } from '../../../db/schema/events.ts';
import { ms } from './sql.ts';

/* ------------------------------------------------------------------ authoring */

export type NewEvent = typeof events.$inferInsert;
export type NewSession = Omit<typeof eventSessions.$inferInsert, 'eventId'>;
export type NewQuestion = Omit<typeof eventQuestions.$inferInsert, 'eventId'>;

/** A new event with its sessions (in the order given) and questions; its id and its sessions' ids. */
export async function insertEvent(db: Db, event: NewEvent, sessions: NewSession[], questions: NewQuestion[] = []) {
  const [row] = await db.insert(events).values(event).returning({ id: events.id });
  const eventId = row!.id;
  const sessionIds = sessions.length
    ? (
        await db
          .insert(eventSessions)
          .values(sessions.map((s) => ({ ...s, eventId })))
          .returning({ id: eventSessions.id })
      ).map((s) => s.id)
    : [];
  if (questions.length) await db.insert(eventQuestions).values(questions.map((q) => ({ ...q, eventId })));
  return { eventId, sessionIds };
}

/** Moves a session's booking window. */
export async function setBookingWindow(db: Db, sessionId: number, opensAt: Date, closesAt: Date): Promise<void> {
  await db.update(eventSessions).set({ reservationStartAt: opensAt, reservationEndAt: closesAt }).where(eq(eventSessions.id, sessionId));
}

/* ------------------------------------------------------------------ console authoring (issue 16; decision 112) */

export type EventPublishState = 'draft' | 'scheduled' | 'published' | 'unpublished';
export type EventSort = 'startAtDesc' | 'startAtAsc' | 'updatedAtDesc' | 'titleAsc';

/** The publishing state of event `e` against `now` (an unpublished event has no publish time left). */
const eventStateSql = (now: Date) =>
  sql`CASE WHEN e.unpublished_at IS NOT NULL THEN 'unpublished' WHEN e.published_at IS NULL THEN 'draft'
    WHEN e.published_at > ${now.toISOString()}::timestamptz THEN 'scheduled' ELSE 'published' END`;

function eventStateFilter(state: EventPublishState, now: Date): SQL {
  const at = now.toISOString();
  switch (state) {
    case 'unpublished':
      return sql`e.unpublished_at IS NOT NULL`;
    case 'draft':
      return sql`e.unpublished_at IS NULL AND e.published_at IS NULL`;
    case 'scheduled':
      return sql`e.unpublished_at IS NULL AND e.published_at > ${at}::timestamptz`;
    case 'published':
      return sql`e.unpublished_at IS NULL AND e.published_at <= ${at}::timestamptz`;
  }
}

const EVENT_ORDER: Record<EventSort, string> = {
  startAtDesc: 'e.start_at DESC, e.id DESC',
  startAtAsc: 'e.start_at ASC, e.id ASC',
  updatedAtDesc: 'e.updated_at DESC, e.id DESC',
  titleAsc: 'e.title_ja ASC, e.id ASC',
};

export interface ConsoleEventQuery {
  query?: string;
  state?: EventPublishState;
  offset: number;
  perPage: number;
  sort: EventSort;
  now: Date;
}

export interface ConsoleEventListRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  state: EventPublishState;
  publish_ms: number | null;
  start_ms: number;
  end_ms: number;
  contract_only: boolean;
  session_count: number;
  reserved_count: number;
  checked_in_count: number;
  updated_ms: number;
  updated_by: string | null;
  total: number;
}

/** One page of events in every state, with their session and seat counts and the total (one query). */
export async function consoleEventPage(db: Db, q: ConsoleEventQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.query) {
    const pattern = `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(e.title_ja ILIKE ${pattern} OR e.title_en ILIKE ${pattern})`);
  }
  if (q.state) where.push(eventStateFilter(q.state, q.now));
  return rows<ConsoleEventListRow>(
    db,
    sql`SELECT e.id, e.title_ja, e.title_en, ${eventStateSql(q.now)} AS state, ${ms('e', 'published_at')} AS publish_ms,
          ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms, e.contract_only,
          COALESCE(s.n, 0)::int AS session_count, COALESCE(s.seats, 0)::int AS reserved_count,
          (SELECT count(*)::int FROM event_reservations c
            WHERE c.event_id = e.id AND c.cancelled_at IS NULL AND c.checked_in_at IS NOT NULL) AS checked_in_count,
          ${ms('e', 'updated_at')} AS updated_ms, e.updated_by, count(*) OVER ()::int AS total
        FROM events e
        LEFT JOIN LATERAL (SELECT count(*) AS n, sum(x.reserved_count) AS seats FROM event_sessions x WHERE x.event_id = e.id) s ON TRUE
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${sql.raw(EVENT_ORDER[q.sort])} LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export interface ConsoleEventRecord {
  id: number;
  title_ja: string;
  title_en: string | null;
  start_ms: number;
  end_ms: number;
  date_remarks_ja: string | null;
  date_remarks_en: string | null;
  providing_type: number;
  place_ja: string | null;
  place_en: string | null;
  price: number;
  capacity: number | null;
  extra_label_ja: string | null;
  extra_label_en: string | null;
  extra_text_ja: string | null;
  extra_text_en: string | null;
  advertising: boolean;
  thumbnail_url: string | null;
  images: { url: string; alt: { ja: string; en: string | null } }[] | string;
  report_article_id: number | null;
  contract_only: boolean;
  publish_ms: number | null;
  state: EventPublishState;
  created_ms: number;
  updated_ms: number;
  updated_by: string | null;
  reservation_count: number;
  has_answers: boolean;
}

/** Whether any reservation (cancelled ones too) or waiting-list place of an event holds answers. */
const hasAnswersSql = (eventId: SQL | number) =>
  sql`(EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = ${eventId} AND jsonb_array_length(r.answers) > 0)
    OR EXISTS (SELECT 1 FROM event_waiting_list w WHERE w.event_id = ${eventId} AND jsonb_array_length(w.answers) > 0))`;

/** One event with every language, for the console's editor. */
export async function consoleEventRecord(db: Db, id: number, now: Date): Promise<ConsoleEventRecord | undefined> {
  const [row] = await rows<ConsoleEventRecord>(
    db,
    sql`SELECT e.id, e.title_ja, e.title_en, ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms,
          e.date_remarks_ja, e.date_remarks_en, e.providing_type, e.place_ja, e.place_en, e.price, e.capacity,
          e.extra_label_ja, e.extra_label_en, e.extra_text_ja, e.extra_text_en, e.advertising, e.thumbnail_url,
          COALESCE((SELECT json_agg(json_build_object('url', i.url, 'alt', json_build_object('ja', COALESCE(i.alt_ja, ''), 'en', i.alt_en))
                     ORDER BY i.sort, i.id) FROM event_images i WHERE i.event_id = e.id), '[]'::json) AS images,
          e.report_article_id, e.contract_only, ${ms('e', 'published_at')} AS publish_ms, ${eventStateSql(now)} AS state,
          ${ms('e', 'created_at')} AS created_ms, ${ms('e', 'updated_at')} AS updated_ms, e.updated_by,
          (SELECT count(*)::int FROM event_reservations r WHERE r.event_id = e.id) AS reservation_count,
          ${hasAnswersSql(sql`e.id`)} AS has_answers
        FROM events e WHERE e.id = ${id}`,
  );
  return row;
}

export interface EventWrite {
  titleJa: string;
  titleEn: string | null;
  startAt: Date;
  endAt: Date;
  dateRemarksJa: string | null;
  dateRemarksEn: string | null;
  providingType: number;
  placeJa: string | null;
  placeEn: string | null;
  price: number;
  capacity: number | null;
  extraLabelJa: string | null;
  extraLabelEn: string | null;
  extraTextJa: string | null;
  extraTextEn: string | null;
  advertising: boolean;
  thumbnailUrl: string | null;
  reportArticleId: number | null;
  contractOnly: boolean;
  publishedAt: Date | null;
}

/** A new event row written by an operator; its id. */
export async function insertConsoleEvent(tx: Db, w: EventWrite, by: string, now: Date): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({ ...w, unpublishedAt: null, createdAt: now, updatedAt: now, updatedBy: by })
    .returning({ id: events.id });
  return row!.id;
}

/** Replaces an event row's fields (a save clears a take-down); false when absent. */
export async function updateConsoleEvent(tx: Db, id: number, w: EventWrite, by: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(events)
    .set({ ...w, unpublishedAt: null, updatedAt: now, updatedBy: by })
    .where(eq(events.id, id))
    .returning({ id: events.id });
  return updated.length > 0;
}

/** Replaces an event's images (in order, with alt text). */
export async function replaceEventImages(tx: Db, eventId: number, images: { url: string; altJa: string; altEn: string | null }[]) {
  await tx.execute(sql`DELETE FROM event_images WHERE event_id = ${eventId}`);
  if (images.length) await tx.insert(eventImages).values(images.map((i, sort) => ({ eventId, sort, ...i })));
}

/** Marks an event as changed by an operator (a session or the questionnaire was saved); false when absent. */
export async function touchEvent(tx: Db, eventId: number, by: string, now: Date): Promise<boolean> {
  const updated = await rows(tx, sql`UPDATE events SET updated_at = ${now.toISOString()}, updated_by = ${by} WHERE id = ${eventId} RETURNING id`);
  return updated.length > 0;
}

/** Takes an event down now: no publish time any more, so every member read hides it; false when absent. */
export async function unpublishEventRow(db: Db, id: number, by: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const updated = await rows(
    db,
    sql`UPDATE events SET unpublished_at = COALESCE(unpublished_at, ${at}::timestamptz), published_at = NULL,
          updated_at = ${at}::timestamptz, updated_by = ${by} WHERE id = ${id} RETURNING id`,
  );
  return updated.length > 0;
}

/** Deletes an event no one ever reserved (sessions, questions, images, favourites cascade): 'deleted', 'reserved' or 'absent'. */
export async function deleteEventRow(tx: Db, id: number): Promise<'deleted' | 'reserved' | 'absent'> {
  const [row] = await rows<{ found: boolean; reserved: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM events WHERE id = ${id}) AS found,
          EXISTS (SELECT 1 FROM event_reservations WHERE event_id = ${id}) OR EXISTS (SELECT 1 FROM event_waiting_list WHERE event_id = ${id}) AS reserved`,
  );
  if (!row?.found) return 'absent';
  if (row.reserved) return 'reserved';
  const deleted = await rows(
    tx,
    sql`DELETE FROM events e WHERE e.id = ${id} AND NOT EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id) RETURNING id`,
  );
  return deleted.length ? 'deleted' : 'reserved';
}

export async function eventExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT id FROM events WHERE id = ${id}`)).length > 0;
}

/** Whether a library article of this id exists (the event's report article). */
export async function reportArticleExists(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`SELECT id FROM report_articles WHERE id = ${id}`)).length > 0;
}

/** Whether members' answers to an event's questionnaire exist (reservations, cancelled too, and waiting lists). */
export async function eventHasAnswers(db: Db, eventId: number): Promise<boolean> {
  const [row] = await rows<{ has: boolean }>(db, sql`SELECT ${hasAnswersSql(eventId)} AS has`);
  return Boolean(row?.has);
}
