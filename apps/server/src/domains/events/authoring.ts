// Events authored from the operator console (issue 16 item 1; docs/decisions/112-console-events.md): the event, its
// sessions and questionnaire, a session's reservations, a cancellation on a member's behalf. Every write goes through
// this domain's data module into the tables the member calls read; their triggers tell the read cache at once.
import type { ConsoleEvent, ConsoleQuestion, ConsoleSession, EventInput, QuestionInput, SessionInput } from '@hibi/contract/console/events';
import type { ImageInput, PublishState } from '@hibi/contract/console/content';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import { normaliseLocale, type Locale } from '@hibi/contract/protocol';
import { TOKYO_OFFSET_MS } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { CsvFile, pagedRows } from '../../lib/csv.ts';
import { consoleSectionsOf, replaceSections } from '../content/service.ts';
import { cancel } from './bookings.ts';
import { renderEventMail } from './mails.ts';
import { promoteFromWaitingList, sessionMailData } from './waiting.ts';
import { activeReservation, eventReservationExportPage, sessionReservationCount, sessionReservationPage } from './data/attendance.ts';
import { sessionOfEvent } from './data/bookings.ts';
import {
  consoleEventPage,
  type ConsoleEventQuery,
  consoleEventRecord,
  deleteEventRow,
  eventExists,
  eventHasAnswers,
  type EventWrite,
  insertConsoleEvent,
  replaceEventImages,
  reportArticleExists,
  touchEvent,
  unpublishEventRow,
  updateConsoleEvent,
} from './data/console-events.ts';
import {
  type ConsoleQuestionRow,
  consoleQuestions,
  consoleSession,
  type ConsoleSessionRow,
  consoleSessions,
  deleteSessionRow,
  insertConsoleSession,
  replaceQuestions,
  type SessionWrite,
  updateConsoleSession,
} from './data/console-sessions.ts';
import { mailRecipient } from './data/waiting.ts';

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
const pair = (ja: string | null, en: string | null) => (ja === null ? null : { ja, en });
const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const clip = (s: string) => s.slice(0, 80);

function stateOf(publishAt: Date | null, now: Date): PublishState {
  if (publishAt === null) return 'draft';
  return publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/* ------------------------------------------------------------------ events */

export async function listEvents(db: Db, q: ConsoleEventQuery) {
  const found = await consoleEventPage(db, q);
  // The window count rides on the rows; a page past the end asks for the first row's.
  const total = found[0]?.total ?? (q.offset > 0 ? ((await consoleEventPage(db, { ...q, offset: 0, perPage: 1 }))[0]?.total ?? 0) : 0);
  return {
    events: found.map((r) => ({
      id: r.id,
      title: { ja: r.title_ja, en: r.title_en },
      state: r.state,
      publishAt: num(r.publish_ms),
      startAt: num(r.start_ms)!,
      endAt: num(r.end_ms)!,
      contractOnly: r.contract_only,
      sessionCount: r.session_count,
      reservedCount: r.reserved_count,
      checkedInCount: r.checked_in_count,
      updatedAt: num(r.updated_ms)!,
      updatedBy: r.updated_by,
    })),
    total,
  };
}

function toSession(s: ConsoleSessionRow): ConsoleSession {
  return {
    id: s.id,
    title: { ja: s.title_ja, en: s.title_en },
    providingType: s.providing_type,
    reservationType: s.reservation_type,
    startAt: num(s.start_ms)!,
    endAt: num(s.end_ms)!,
    capacity: s.capacity,
    entryUnitType: s.entry_unit_type,
    reservedCount: s.reserved_count,
    waitingCount: s.waiting_count,
    reservationStartAt: num(s.rstart_ms),
    reservationEndAt: num(s.rend_ms),
    url: s.url,
    externalFull: s.external_full,
    sort: s.sort,
  };
}

/** A question's picture as stored: the member shape ({id, url, alt} with the Japanese alt) plus the English alt. */
type StoredImage = { id: number; url: string; alt?: string | null; altEn?: string | null };
const imageOut = (i: StoredImage) => ({ url: i.url, alt: { ja: i.alt ?? '', en: i.altEn ?? null } });
const imageIn = (i: ImageInput, id: number): StoredImage => ({ id, url: i.url, alt: i.alt.ja, altEn: i.alt.en });

/**
 * A question's text reaches members as HTML (the member contract's `question`); the console writes plain text, so it
 * is stored escaped, line breaks as <br>, and read back unescaped.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const questionHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/\r?\n/g, '<br>');
export const questionText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

function toQuestion(q: ConsoleQuestionRow): ConsoleQuestion {
  const ja = json<string[]>(q.choices_ja);
  const en = q.choices_en === null ? null : json<string[]>(q.choices_en);
  return {
    type: q.type,
    question: { ja: questionText(q.question_ja), en: q.question_en === null ? null : questionText(q.question_en) },
    required: q.required,
    choices: ja.map((c, i) => ({ ja: c, en: en?.[i] ?? null })),
    choiceImages: json<StoredImage[]>(q.choice_images).map(imageOut),
    images: json<StoredImage[]>(q.images).map(imageOut),
  };
}

export async function getEvent(db: Db, id: number, now: Date): Promise<ConsoleEvent | null> {
  const row = await consoleEventRecord(db, id, now);
  if (!row) return null;
  const [sessions, questions, sections] = await Promise.all([consoleSessions(db, id), consoleQuestions(db, id), consoleSectionsOf(db, 'event', id)]);
  return {
    id: row.id,
    title: { ja: row.title_ja, en: row.title_en },
    startAt: num(row.start_ms)!,
    endAt: num(row.end_ms)!,
    dateRemarks: pair(row.date_remarks_ja, row.date_remarks_en),
    providingType: row.providing_type,
    place: pair(row.place_ja, row.place_en),
    price: row.price,
    capacity: row.capacity,
    extraLabel: pair(row.extra_label_ja, row.extra_label_en),
    extraText: pair(row.extra_text_ja, row.extra_text_en),
    advertising: row.advertising,
    thumbnailUrl: row.thumbnail_url,
    images: json(row.images),
    sections,
    reportArticleId: row.report_article_id,
    contractOnly: row.contract_only,
    publishAt: num(row.publish_ms),
    state: row.state,
    createdAt: num(row.created_ms)!,
    updatedAt: num(row.updated_ms)!,
    updatedBy: row.updated_by,
    sessions: sessions.map(toSession),
    questions: questions.map(toQuestion),
    reservationCount: row.reservation_count,
    hasAnswers: row.has_answers,
  };
}

const toImageRow = (i: ImageInput) => ({ url: i.url, altJa: i.alt.ja, altEn: i.alt.en });

export async function saveEvent(
  ctx: ConsoleContext,
  input: EventInput,
): Promise<{ id: number; state: PublishState } | BusinessFailure<'notFound' | 'unknownArticle'>> {
  const now = ctx.now();
  if (input.reportArticleId !== null && !(await reportArticleExists(ctx.db, input.reportArticleId))) return failure('unknownArticle');
  const publishedAt = date(input.publishAt);
  const by = ctx.operator!.email;
  const write: EventWrite = {
    titleJa: input.title.ja,
    titleEn: input.title.en,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    dateRemarksJa: input.dateRemarks?.ja ?? null,
    dateRemarksEn: input.dateRemarks?.en ?? null,
    providingType: input.providingType,
    placeJa: input.place?.ja ?? null,
    placeEn: input.place?.en ?? null,
    price: input.price,
    capacity: input.capacity,
    extraLabelJa: input.extraLabel?.ja ?? null,
    extraLabelEn: input.extraLabel?.en ?? null,
    extraTextJa: input.extraText?.ja ?? null,
    extraTextEn: input.extraText?.en ?? null,
    advertising: input.advertising,
    thumbnailUrl: input.thumbnailUrl ?? input.images[0]?.url ?? null,
    reportArticleId: input.reportArticleId,
    contractOnly: input.contractOnly,
    publishedAt,
  };
  const id = await transaction(ctx.db, async (tx) => {
    let id = input.id;
    if (id === undefined) id = await insertConsoleEvent(tx, write, by, now);
    else if (!(await updateConsoleEvent(tx, id, write, by, now))) return null;
    await replaceEventImages(tx, id, input.images.map(toImageRow));
    await replaceSections(tx, 'event', id, input.sections);
    return id;
  });
  if (id === null) return failure('notFound');
  const state = stateOf(publishedAt, now);
  ctx.note({
    targetType: 'event',
    targetId: id,
    summary: `${input.id ? 'edited' : 'created'} 「${clip(input.title.ja)}」 ${state}${state === 'scheduled' ? ` at ${publishedAt!.toISOString()}` : ''}`,
  });
  return { id, state };
}

export async function unpublishEvent(ctx: ConsoleContext, id: number): Promise<Record<string, never> | BusinessFailure<'notFound'>> {
  if (!(await unpublishEventRow(ctx.db, id, ctx.operator!.email, ctx.now()))) return failure('notFound');
  ctx.note({ targetType: 'event', targetId: id, summary: 'unpublished' });
  return {};
}

export async function deleteEvent(
  ctx: ConsoleContext,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'eventHasReservations'>> {
  const title = (await consoleEventRecord(ctx.db, id, ctx.now()))?.title_ja ?? '';
  const outcome = await transaction(ctx.db, async (tx) => {
    const result = await deleteEventRow(tx, id);
    if (result === 'deleted') await replaceSections(tx, 'event', id, []);
    return result;
  });
  if (outcome === 'absent') return failure('notFound');
  if (outcome === 'reserved') return failure('eventHasReservations');
  ctx.note({ targetType: 'event', targetId: id, summary: `deleted 「${clip(title)}」` });
  return {};
}

/* ------------------------------------------------------------------ sessions */

export async function saveSession(
  ctx: ConsoleContext,
  input: SessionInput,
): Promise<{ id: number } | BusinessFailure<'notFound' | 'capacityBelowReserved'>> {
  const write: SessionWrite = {
    titleJa: input.title.ja,
    titleEn: input.title.en,
    providingType: input.providingType,
    reservationType: input.reservationType,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    capacity: input.capacity,
    entryUnitType: input.entryUnitType,
    reservationStartAt: date(input.reservationStartAt),
    reservationEndAt: date(input.reservationEndAt),
    // The external booking site, or an online session's join link (decision 178); an offline session has none.
    url: input.reservationType === 2 || input.providingType === 2 ? input.url : null,
    externalFull: input.reservationType === 2 && input.externalFull,
    sort: input.sort,
  };
  const by = ctx.operator!.email;
  type Outcome = { kind: 'saved'; id: number } | { kind: 'absent' } | { kind: 'capacity' };
  const outcome = await transaction(ctx.db, async (tx): Promise<Outcome> => {
    if (!(await touchEvent(tx, input.eventId, by, ctx.now()))) return { kind: 'absent' };
    if (input.id === undefined) return { kind: 'saved', id: await insertConsoleSession(tx, input.eventId, write) };
    const result = await updateConsoleSession(tx, input.eventId, input.id, write);
    return result === 'saved' ? { kind: 'saved', id: input.id } : result === 'capacity' ? { kind: 'capacity' } : { kind: 'absent' };
  });
  if (outcome.kind === 'absent') return failure('notFound');
  if (outcome.kind === 'capacity') {
    // The seats taken now, so the message names the number the operator has to stay above.
    const taken = (await sessionOfEvent(ctx.db, input.eventId, input.id!))?.reserved_count ?? 0;
    return failure('capacityBelowReserved', { reservedCount: taken });
  }
  ctx.note({
    targetType: 'event_session',
    targetId: outcome.id,
    summary: `${input.id ? 'edited' : 'created'} session 「${clip(input.title.ja)}」 of event ${input.eventId}, capacity ${input.capacity ?? 'unlimited'}`,
  });
  return { id: outcome.id };
}

export async function deleteSession(
  ctx: ConsoleContext,
  eventId: number,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'sessionHasReservations'>> {
  const outcome = await transaction(ctx.db, async (tx) => {
    const result = await deleteSessionRow(tx, eventId, id);
    if (result === 'deleted') await touchEvent(tx, eventId, ctx.operator!.email, ctx.now());
    return result;
  });
  if (outcome === 'absent') return failure('notFound');
  if (outcome === 'reserved') return failure('sessionHasReservations');
  ctx.note({ targetType: 'event_session', targetId: id, summary: `deleted session ${id} of event ${eventId}` });
  return {};
}

/* ------------------------------------------------------------------ questionnaire */

/** The shape answers depend on: the questions' count and order, their types and their number of choices. */
const shapeOf = (qs: { type: string; choices: unknown[]; choiceImages: unknown[] }[]) =>
  qs.map((q) => `${q.type}:${q.choices.length}:${q.choiceImages.length}`).join('|');

export async function saveQuestionnaire(
  ctx: ConsoleContext,
  eventId: number,
  questions: QuestionInput[],
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'questionnaireHasAnswers'>> {
  const outcome = await transaction(ctx.db, async (tx) => {
    if (!(await touchEvent(tx, eventId, ctx.operator!.email, ctx.now()))) return 'absent' as const;
    // Answers are stored by question position and choice number: once members answered, only texts and flags move.
    if (await eventHasAnswers(tx, eventId)) {
      const before = (await consoleQuestions(tx, eventId)).map(toQuestion);
      if (shapeOf(before) !== shapeOf(questions)) return 'answered' as const;
    }
    await replaceQuestions(
      tx,
      eventId,
      questions.map((q, index) => ({
        questionnaireIndex: index,
        type: q.type,
        questionJa: questionHtml(q.question.ja),
        questionEn: q.question.en === null ? null : questionHtml(q.question.en),
        required: q.required,
        choicesJa: q.choices.map((c) => c.ja),
        choicesEn: q.choices.length && q.choices.some((c) => c.en !== null) ? q.choices.map((c) => c.en ?? c.ja) : null,
        choiceImages: q.choiceImages.map(imageIn),
        images: q.images.map(imageIn),
      })),
    );
    return 'saved' as const;
  });
  if (outcome === 'absent') return failure('notFound');
  if (outcome === 'answered') return failure('questionnaireHasAnswers');
  ctx.note({ targetType: 'event', targetId: eventId, summary: `questionnaire saved: ${questions.length} question(s)` });
  return {};
}

/* ------------------------------------------------------------------ reservations */

/** An answer as text: choices by their Japanese label, several joined with ' / '. */
export function answerText(q: ConsoleQuestion | undefined, answer: ReservationAnswer['answer'] | undefined): string {
  if (answer === undefined || answer === null) return '';
  if (typeof answer === 'string') return answer;
  const label = (n: number) => (q?.type === 'images' ? q.choiceImages[n]?.alt.ja || `#${n + 1}` : (q?.choices[n]?.ja ?? `#${n + 1}`));
  if (Array.isArray(answer)) return answer.map((n) => label(Number(n))).join(' / ');
  return label(Number(answer));
}

function answersInOrder(questions: ConsoleQuestion[], stored: ReservationAnswer[] | string): string[] {
  const byIndex = new Map(json<ReservationAnswer[]>(stored).map((a) => [a.questionnaireIndex, a.answer]));
  return questions.map((q, i) => answerText(q, byIndex.get(i)));
}

const personName = (r: { user_name: string; nickname: string }) => (r.user_name.trim() ? r.user_name : r.nickname);

export async function listReservations(db: Db, eventId: number, sessionId: number, offset: number, perPage: number) {
  const session = await consoleSession(db, eventId, sessionId);
  if (!session) return null;
  const [questions, page] = await Promise.all([
    consoleQuestions(db, eventId).then((qs) => qs.map(toQuestion)),
    sessionReservationPage(db, sessionId, offset, perPage),
  ]);
  return {
    event: { id: eventId, title: { ja: session.event_title_ja, en: session.event_title_en } },
    session: toSession(session),
    questions: questions.map((q) => q.question),
    reservations: page.map((r) => ({
      id: r.id,
      name: personName(r),
      email: r.email,
      company: r.company,
      answers: answersInOrder(questions, r.answers),
      reservedAt: num(r.reserved_ms)!,
      promoted: r.promoted,
      checkedInAt: num(r.checked_in_ms),
    })),
    total: page[0]?.total ?? (offset > 0 ? await sessionReservationCount(db, sessionId) : 0),
  };
}

/**
 * Cancels a member's reservation for them: the member's own cancellation (until the session starts; the seat is
 * free at once), the waiting list's promotion in the same transaction, and a mail to the member through the outbox.
 */
export async function cancelForMember(
  ctx: ConsoleContext,
  reservationId: number,
  appBaseUrl: string,
): Promise<{ promoted: number } | BusinessFailure<'noReservation' | 'cancellationNotAccepted'>> {
  const r = await activeReservation(ctx.db, reservationId);
  if (!r) return failure('noReservation');
  const now = ctx.now();
  let promoted = 0;
  const result = await cancel(ctx.db, r.user_id, r.event_id, r.session_id, now, async (t) => {
    promoted = (await promoteFromWaitingList(t, r.event_id, r.session_id, now, appBaseUrl)).length;
    await mailCancelled(t, r, now, appBaseUrl);
  });
  if (!result.ok) return failure(result.code === 'cancellationNotAccepted' ? 'cancellationNotAccepted' : 'noReservation');
  ctx.note({
    targetType: 'event_reservation',
    targetId: reservationId,
    summary: `cancelled for member ${r.user_id} (event ${r.event_id}, session ${r.session_id}); ${promoted} promoted from the waiting list`,
  });
  return { promoted };
}

async function mailCancelled(t: Db, r: { event_id: number; session_id: number; user_id: number }, now: Date, appBaseUrl: string) {
  const u = await mailRecipient(t, r.user_id);
  if (!u?.email) return;
  const locale: Locale = normaliseLocale(u.locale);
  const d = await sessionMailData(t, r.event_id, r.session_id, locale);
  if (!d) return;
  // A cancelled booking's mail never carries the join link (decision 178).
  const rendered = renderEventMail('reservationCancelledByOffice', locale, {
    ...d,
    joinUrl: null,
    name: u.nickname,
    link: `${appBaseUrl}/events/${r.event_id}`,
  });
  await enqueueRenderedMail(t, { kind: 'reservationCancelledByOffice', locale, to: u.email, rendered }, now);
}

/**
 * The CSV of an event's active reservations (docs/requirements/console.md#console-exports): a row each, oldest first, the questionnaire's
 * answers as columns; read in keyset pages, so a big event holds one page in memory.
 */
export async function reservationExport(db: Db, eventId: number, now: Date, pageSize = 500): Promise<CsvFile | null> {
  if (!(await eventExists(db, eventId))) return null;
  const questions = (await consoleQuestions(db, eventId)).map(toQuestion);
  const header = [
    '予約ID',
    '日程',
    '日程の開始',
    '氏名',
    'メールアドレス',
    '会社',
    '予約日時',
    '来場受付日時 (checkedInAt)',
    ...questions.map((q, i) => `Q${i + 1} ${q.question.ja}`),
  ];
  const rows = pagedRows(
    (after: number | null) => eventReservationExportPage(db, eventId, after ?? 0, pageSize),
    (r) => r.id,
    (r) => [
      r.id,
      r.session_title,
      tokyoIso(num(r.start_ms)!),
      personName(r),
      r.email ?? '',
      r.company ?? '',
      tokyoIso(num(r.reserved_ms)!),
      r.checked_in_ms === null ? '' : tokyoIso(num(r.checked_in_ms)!),
      ...answersInOrder(questions, r.answers),
    ],
  );
  return new CsvFile(`event-${eventId}-reservations-${tokyoIso(now.getTime()).slice(0, 10)}.csv`, header, rows);
}

/** "2026-11-24 19:00" in Asia/Tokyo (the office reads Japanese time). */
function tokyoIso(ms: number): string {
  return new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
