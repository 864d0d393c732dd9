import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { EventDetail, EventListItem, EventQuestion, EventSession, ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../db/client.ts';
import { loadSections } from '../content/sections.ts';
import type { AuthUser } from '../../core/handler.ts';
import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';
import { booksInApp, isFullyReserved, isOneDay, reserveStatus, sessionButton, type SessionState } from './rules.ts';
import { rows } from '../../db/query.ts';

/** A content text column in the caller's language: English falls back to Japanese. */
export function loc(alias: string, column: string, locale: Locale): SQL {
  return sql.raw(locale === 'en' ? `COALESCE(NULLIF(${alias}.${column}_en, ''), ${alias}.${column}_ja)` : `${alias}.${column}_ja`);
}

/** How an online session's place reads in a calendar entry or a mail. */
const ONLINE_PLACE: Record<Locale, string> = { ja: 'オンライン', en: 'Online' };

const ms = (alias: string, column: string) => sql.raw(`(extract(epoch FROM ${alias}.${column}) * 1000)::float8`);

/** What a calendar entry or an event mail shows of a session (aliases e and s), in a language. */
export const sessionEntryColumns = (locale: Locale) =>
  sql`e.id AS event_id, ${loc('e', 'title', locale)} AS event_title, ${loc('s', 'title', locale)} AS session_title,
    ${loc('e', 'place', locale)} AS place, s.providing_type, ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms`;

export interface SessionEntryRow {
  event_id: number;
  event_title: string;
  session_title: string;
  place: string | null;
  providing_type: number;
  start_ms: number;
  end_ms: number;
}

/** A session as calendar files, the feed and mails name it: "Event (Session)" unless the titles match; "Online" as the place of an online session. */
export function sessionEntry(r: SessionEntryRow, locale: Locale) {
  return {
    eventId: Number(r.event_id),
    eventTitle: r.event_title,
    sessionTitle: r.session_title,
    summary: r.session_title && r.session_title !== r.event_title ? `${r.event_title} (${r.session_title})` : r.event_title,
    place: r.providing_type === 2 ? ONLINE_PLACE[locale] : r.place,
    startMs: Number(r.start_ms),
    endMs: Number(r.end_ms),
  };
}

/** Who may see an event: published, and contract-only events only for callers with a corporate contract. */
export function visibleTo(user: AuthUser | null, now: Date): SQL {
  const corporate = user?.contract.corporateContract ?? false;
  return sql`e.published_at <= ${now.toISOString()} AND (NOT e.contract_only OR ${corporate})`;
}

interface EventRow {
  id: number;
  title: string;
  thumbnail_url: string | null;
  advertising: boolean;
  start_ms: number;
  end_ms: number;
  date_remarks: string | null;
  providing_type: number;
  place: string | null;
  price: number;
  is_reserved: boolean;
  is_favorited: boolean;
  rsessions: SessionJson[] | null;
}

interface SessionJson {
  t: number;
  s: number;
  e: number;
  c: number | null;
  n: number;
  rs: number | null;
  re: number | null;
  x: boolean;
}

const toState = (j: SessionJson): SessionState => ({
  reservationType: j.t,
  startMs: j.s,
  endMs: j.e,
  capacity: j.c,
  reservedCount: j.n,
  reservationStartMs: j.rs,
  reservationEndMs: j.re,
  externalFull: j.x,
});

/** The list columns of events `e`, with the caller's reserved/favourite flags and the sessions that need a reservation. */
function listColumns(user: AuthUser | null, locale: Locale): SQL {
  const uid = user?.id ?? 0;
  return sql`e.id, ${loc('e', 'title', locale)} AS title, e.thumbnail_url, e.advertising,
    ${ms('e', 'start_at')} AS start_ms, ${ms('e', 'end_at')} AS end_ms,
    ${loc('e', 'date_remarks', locale)} AS date_remarks, e.providing_type, ${loc('e', 'place', locale)} AS place, e.price,
    EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id AND r.user_id = ${uid} AND r.cancelled_at IS NULL) AS is_reserved,
    EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = e.id AND f.user_id = ${uid}) AS is_favorited,
    (SELECT json_agg(json_build_object(
        't', s.reservation_type, 's', ${ms('s', 'start_at')}, 'e', ${ms('s', 'end_at')}, 'c', s.capacity, 'n', s.reserved_count,
        'rs', ${ms('s', 'reservation_start_at')}, 're', ${ms('s', 'reservation_end_at')}, 'x', s.external_full))
      FROM event_sessions s WHERE s.event_id = e.id AND s.reservation_type <> 0) AS rsessions`;
}

function toListItem(r: EventRow, now: number, locale: Locale): EventListItem {
  const sessions = (r.rsessions ?? []).map(toState);
  return {
    id: r.id,
    title: r.title,
    thumbnailUrl: r.thumbnail_url,
    advertising: r.advertising,
    reserveStatus: reserveStatus(sessions, now, locale),
    isReserved: r.is_reserved,
    isFavorited: r.is_favorited,
    reservableFlag: sessions.length > 0,
    startDateTime: r.start_ms,
    endDateTime: r.end_ms,
    isOneDay: isOneDay(r.start_ms, r.end_ms),
    dateRemarks: r.date_remarks,
    providingType: r.providing_type,
    place: r.place,
    price: r.price,
  };
}

export interface ListFilter {
  scheduleType: 1 | 2 | 3;
  onlyFree: boolean;
  onlyOnline: boolean;
  onlyReservation: boolean;
  offset: number;
  perPage: number;
}

/**
 * Events by schedule type in Asia/Tokyo days: before (1) starts after today; today (3) is held at some point
 * today; finished (2) ended before today (docs/decisions/023-schedule-types.md).
 */
export async function listEvents(db: Db, user: AuthUser | null, locale: Locale, now: Date, f: ListFilter): Promise<EventListItem[]> {
  const today = startOfTokyoDay(now.getTime());
  const todayIso = new Date(today).toISOString();
  const tomorrowIso = new Date(today + DAY_MS).toISOString();
  const schedule =
    f.scheduleType === 1
      ? sql`e.start_at >= ${tomorrowIso}`
      : f.scheduleType === 3
        ? sql`e.start_at < ${tomorrowIso} AND e.end_at > ${todayIso}`
        : sql`e.end_at <= ${todayIso}`;
  const order = f.scheduleType === 2 ? sql`e.start_at DESC, e.id DESC` : sql`e.start_at ASC, e.id ASC`;
  const filters: SQL[] = [visibleTo(user, now), schedule];
  if (f.onlyFree) filters.push(sql`e.price = 0`);
  if (f.onlyOnline) filters.push(sql`e.providing_type IN (2, 3)`);
  if (f.onlyReservation) filters.push(sql`EXISTS (SELECT 1 FROM event_sessions rs WHERE rs.event_id = e.id AND rs.reservation_type <> 0)`);
  const result = await rows<EventRow>(
    db,
    sql`SELECT ${listColumns(user, locale)} FROM events e WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${order} LIMIT ${f.perPage} OFFSET ${f.offset}`,
  );
  return result.map((r) => toListItem(r, now.getTime(), locale));
}

/** The caller's reserved and favourite events: upcoming ones first (soonest first), then finished ones (latest first). */
export async function listReservingEvents(db: Db, user: AuthUser, locale: Locale, now: Date, offset: number, perPage: number) {
  const nowIso = now.toISOString();
  const result = await rows<EventRow>(
    db,
    sql`SELECT ${listColumns(user, locale)} FROM events e
        WHERE ${visibleTo(user, now)} AND (
          EXISTS (SELECT 1 FROM event_reservations r WHERE r.event_id = e.id AND r.user_id = ${user.id} AND r.cancelled_at IS NULL)
          OR EXISTS (SELECT 1 FROM event_favorites f WHERE f.event_id = e.id AND f.user_id = ${user.id}))
        ORDER BY (e.end_at <= ${nowIso}), CASE WHEN e.end_at > ${nowIso} THEN e.start_at END ASC, e.start_at DESC, e.id
        LIMIT ${perPage} OFFSET ${offset}`,
  );
  return result.map((r) => toListItem(r, now.getTime(), locale));
}

export async function findVisibleEventId(db: Db, user: AuthUser | null, now: Date, eventId: number): Promise<boolean> {
  const found = await rows(db, sql`SELECT e.id FROM events e WHERE e.id = ${eventId} AND ${visibleTo(user, now)}`);
  return found.length > 0;
}

interface SessionRow {
  id: number;
  title: string;
  providing_type: number;
  reservation_type: number;
  start_ms: number;
  end_ms: number;
  capacity: number | null;
  entry_unit_type: number;
  reserved_count: number;
  rstart_ms: number | null;
  rend_ms: number | null;
  url: string | null;
  external_full: boolean;
  reservation_id: number | null;
}

export function sessionStateOf(
  r: Pick<SessionRow, 'reservation_type' | 'start_ms' | 'end_ms' | 'capacity' | 'reserved_count' | 'rstart_ms' | 'rend_ms' | 'external_full'>,
): SessionState {
  return {
    reservationType: r.reservation_type,
    startMs: r.start_ms,
    endMs: r.end_ms,
    capacity: r.capacity,
    reservedCount: r.reserved_count,
    reservationStartMs: r.rstart_ms,
    reservationEndMs: r.rend_ms,
    externalFull: r.external_full,
  };
}

export const sessionColumns = (locale: Locale) =>
  sql`s.id, ${loc('s', 'title', locale)} AS title, s.providing_type, s.reservation_type,
    ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms, s.capacity, s.entry_unit_type, s.reserved_count,
    ${ms('s', 'reservation_start_at')} AS rstart_ms, ${ms('s', 'reservation_end_at')} AS rend_ms, s.url, s.external_full`;

interface QuestionRow {
  type: EventQuestion['type'];
  questionnaire_index: number;
  question: string;
  required: boolean;
  choices: string[];
  choice_images: { id: number; url: string }[];
  images: { id: number; url: string }[];
}

export async function loadQuestions(db: Db, eventId: number, locale: Locale): Promise<EventQuestion[]> {
  const result = await rows<QuestionRow>(
    db,
    sql`SELECT q.type, q.questionnaire_index, ${loc('q', 'question', locale)} AS question, q.required,
          ${sql.raw(locale === 'en' ? 'COALESCE(q.choices_en, q.choices_ja)' : 'q.choices_ja')} AS choices, q.choice_images, q.images
        FROM event_questions q WHERE q.event_id = ${eventId} ORDER BY q.questionnaire_index`,
  );
  return result.map((q) => ({
    type: q.type,
    questionnaireIndex: q.questionnaire_index,
    question: q.question,
    required: q.required,
    choices: q.choices ?? [],
    choiceImages: q.choice_images ?? [],
    images: q.images ?? [],
  }));
}

/** One event as its detail page shows it; guests get the head only (product-decisions §3). */
export async function getEventDetail(db: Db, user: AuthUser | null, locale: Locale, now: Date, eventId: number): Promise<EventDetail | null> {
  const [row] = await rows<
    EventRow & { capacity: number | null; extra_label: string | null; extra_text: string | null; report_article_id: number | null }
  >(
    db,
    sql`SELECT ${listColumns(user, locale)}, e.capacity, ${loc('e', 'extra_label', locale)} AS extra_label,
          ${loc('e', 'extra_text', locale)} AS extra_text, e.report_article_id
        FROM events e WHERE e.id = ${eventId} AND ${visibleTo(user, now)}`,
  );
  if (!row) return null;
  const nowMs = now.getTime();
  const [images, sessionRows] = await Promise.all([
    rows<{ id: number; url: string }>(db, sql`SELECT id, url FROM event_images WHERE event_id = ${eventId} ORDER BY sort, id`),
    rows<SessionRow & { waiting_count: number; waiting_position: number | null }>(
      db,
      sql`SELECT ${sessionColumns(locale)}, r.id AS reservation_id,
            (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id) AS waiting_count,
            (SELECT (SELECT count(*)::int FROM event_waiting_list w WHERE w.session_id = s.id AND w.id <= mine.id)
               FROM event_waiting_list mine WHERE mine.session_id = s.id AND mine.user_id = ${user?.id ?? 0}) AS waiting_position
          FROM event_sessions s
          LEFT JOIN event_reservations r ON r.session_id = s.id AND r.user_id = ${user?.id ?? 0} AND r.cancelled_at IS NULL
          WHERE s.event_id = ${eventId} ORDER BY s.sort, s.start_at, s.id`,
    ),
  ]);
  const sessions: EventSession[] = sessionRows.map((s) => {
    const head = {
      id: s.id,
      title: s.title,
      providingType: s.providing_type,
      reservationType: s.reservation_type,
      startDateTime: s.start_ms,
      endDateTime: s.end_ms,
      entryUnitType: s.entry_unit_type,
    };
    if (!user) return head;
    const state = sessionStateOf(s);
    return {
      ...head,
      capacity: s.capacity,
      reservedCount: s.reserved_count,
      reservationStartDateTime: s.rstart_ms,
      reservationEndDateTime: s.rend_ms,
      isFullyReserved: isFullyReserved(state),
      url: s.reservation_type === 2 ? s.url : null,
      participant: s.reservation_id !== null ? { reservationID: s.reservation_id } : null,
      button: sessionButton(state, s.reservation_id !== null, nowMs),
      waitingListCount: Number(s.waiting_count ?? 0),
      waitingPosition: s.waiting_position === null || s.waiting_position === undefined ? null : Number(s.waiting_position),
    };
  });
  const base: EventDetail = {
    ...toListItem(row, nowMs, locale),
    images,
    thumbnailImages: row.thumbnail_url ? [{ id: 0, url: row.thumbnail_url }] : [],
    sessions,
  };
  if (!user) return base;
  const questions = await loadQuestions(db, eventId, locale);
  const sections = (await loadSections(db, 'event', [eventId], locale)).get(eventId) ?? [];
  return {
    ...base,
    capacity: row.capacity,
    extraLabel: row.extra_label,
    extraText: row.extra_text,
    reportArticleID: row.report_article_id,
    sections,
    hasQuestions: questions.length > 0,
    questions,
  };
}

/** Rolls a transaction back with a business outcome. */
class Outcome extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export type ReserveResult = { ok: true; reservationID: number } | { ok: false; code: string };

/**
 * Reserves a session (docs/decisions/021-reservation-concurrency.md): the session row is locked FOR UPDATE, so
 * reservations of one session run one after another and its count is read fresh; the partial unique index
 * (event_id, user_id) keeps one active reservation per user and event even across sessions; the CHECK on
 * reserved_count <= capacity is the last guard. Any failure rolls back: no row is written.
 */
export async function reserve(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
  answers: ReservationAnswer[],
  now: Date,
): Promise<ReserveResult> {
  try {
    const reservationID = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [s] = await rows<SessionRow>(
        t,
        sql`SELECT ${sessionColumns('ja')}, NULL::int AS reservation_id FROM event_sessions s
            WHERE s.id = ${sessionId} AND s.event_id = ${eventId} FOR UPDATE`,
      );
      if (!s) throw new Outcome('sessionNotFound');
      const existingCode = async () => {
        const [existing] = await rows<{ session_id: number }>(
          t,
          sql`SELECT session_id FROM event_reservations WHERE event_id = ${eventId} AND user_id = ${userId} AND cancelled_at IS NULL`,
        );
        if (!existing) return null;
        return existing.session_id === sessionId ? 'alreadyReserved' : 'reservedAnotherSession';
      };
      const already = await existingCode();
      if (already) throw new Outcome(already);
      const state = sessionStateOf(s);
      const button = sessionButton(state, false, now.getTime());
      if (!booksInApp(s.reservation_type) || !button || button.kind === 'ended' || button.kind === 'notOpen')
        throw new Outcome('reservationNotAccepted');
      if (s.capacity !== null && s.reserved_count >= s.capacity) throw new Outcome('reservationCapacityOver');
      const inserted = await rows<{ id: number }>(
        t,
        sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers, created_at)
            VALUES (${eventId}, ${sessionId}, ${userId}, ${JSON.stringify(answers)}::jsonb, ${now.toISOString()})
            ON CONFLICT (event_id, user_id) WHERE cancelled_at IS NULL DO NOTHING RETURNING id`,
      );
      if (!inserted[0]) throw new Outcome((await existingCode()) ?? 'alreadyReserved');
      await t.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count + 1 WHERE id = ${sessionId}`);
      // A booking ends the member's wait for any session of the event (one reservation per event).
      await t.execute(sql`DELETE FROM event_waiting_list WHERE event_id = ${eventId} AND user_id = ${userId}`);
      return inserted[0].id;
    });
    return { ok: true, reservationID };
  } catch (error) {
    if (error instanceof Outcome) return { ok: false, code: error.code };
    // The CHECK (reserved_count <= capacity) or the unique index fired: someone else was faster.
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23514') return { ok: false, code: 'reservationCapacityOver' };
    if (code === '23505') return { ok: false, code: 'reservedAnotherSession' };
    throw error;
  }
}

/**
 * Cancels the caller's reservation of a session, until the session starts; the seat is free at once.
 * `afterCancel` runs in the same transaction, with the session still locked (the waiting list's promotion).
 */
export async function cancel(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
  now: Date,
  afterCancel?: (t: Db) => Promise<unknown>,
): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [s] = await rows<{ start_ms: number }>(
        t,
        sql`SELECT ${ms('s', 'start_at')} AS start_ms FROM event_sessions s WHERE s.id = ${sessionId} AND s.event_id = ${eventId} FOR UPDATE`,
      );
      if (!s) throw new Outcome('sessionNotFound');
      const [r] = await rows<{ id: number }>(
        t,
        sql`SELECT id FROM event_reservations WHERE session_id = ${sessionId} AND user_id = ${userId} AND cancelled_at IS NULL FOR UPDATE`,
      );
      if (!r) throw new Outcome('noReservation');
      if (now.getTime() >= s.start_ms) throw new Outcome('cancellationNotAccepted');
      await t.execute(sql`UPDATE event_reservations SET cancelled_at = ${now.toISOString()} WHERE id = ${r.id}`);
      await t.execute(sql`UPDATE event_sessions SET reserved_count = reserved_count - 1 WHERE id = ${sessionId}`);
      await afterCancel?.(t);
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Outcome) return { ok: false, code: error.code };
    throw error;
  }
}

export async function setFavorite(db: Db, userId: number, eventId: number, favorite: boolean): Promise<void> {
  if (favorite) {
    await db.execute(sql`INSERT INTO event_favorites (user_id, event_id) VALUES (${userId}, ${eventId}) ON CONFLICT DO NOTHING`);
  } else {
    await db.execute(sql`DELETE FROM event_favorites WHERE user_id = ${userId} AND event_id = ${eventId}`);
  }
}
