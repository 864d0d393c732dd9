import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EventFormValues, QuestionFormValues, SessionFormValues } from '@hibi/contract/console/events';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import { rows } from '../../src/db/query.ts';
import { createMember, type MemberFixture } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 16 item 1: events, sessions and questionnaires authored from the console land in the events tables the
 * member calls read (and a member sees an edit at once: the read cache is told by the tables' triggers); a session's
 * reservations, a cancellation on a member's behalf (mail, seat, waiting list) and refusals that change nothing.
 */
const HOUR = 3_600_000;
let clock = Date.parse('2026-11-21T03:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
let support = '';

beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  support = await t.operatorToken('support@example.com');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0]!;

const eventForm = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  title: { ja: 'コンソールのヨガ教室', en: 'Console yoga' },
  startAt: clock + 48 * HOUR,
  endAt: clock + 50 * HOUR,
  dateRemarks: { ja: '雨天決行', en: 'Rain or shine' },
  providingType: 3,
  place: { ja: '日比谷公園', en: 'Hibiya Park' },
  price: 1500,
  capacity: 20,
  extraLabel: { ja: '持ち物', en: 'Bring' },
  extraText: { ja: 'ヨガマット\n飲み物', en: 'A mat\nWater' },
  advertising: true,
  images: [{ url: '/media/uploads/0123456789abcdef0123456789abcdef.webp', alt: { ja: '公園の写真', en: 'The park' } }],
  sections: [
    {
      sectionType: 2,
      subtitle: { ja: '内容', en: 'What' },
      comment: { ja: '<p>ゆったり<script>alert(1)</script></p>', en: '<p>Slow</p>' },
    },
  ],
  contractOnly: false,
  publishAt: null,
  ...over,
});

const sessionForm = (eventId: number, over: Partial<SessionFormValues> = {}): SessionFormValues => ({
  eventId,
  title: { ja: '午前の回', en: 'Morning' },
  providingType: 1,
  reservationType: 1,
  startAt: clock + 48 * HOUR,
  endAt: clock + 49 * HOUR,
  capacity: 2,
  entryUnitType: 1,
  reservationStartAt: clock - HOUR,
  reservationEndAt: clock + 24 * HOUR,
  ...over,
});

const questions: QuestionFormValues[] = [
  { type: 'select', question: { ja: '経験はありますか', en: 'Any experience?' }, required: true, choices: [{ ja: 'はい' }, { ja: 'いいえ' }] },
  { type: 'text', question: { ja: 'ご要望', en: 'Requests' }, required: false },
  { type: 'checkbox', question: { ja: '興味', en: 'Interests' }, choices: [{ ja: '呼吸' }, { ja: '柔軟' }, { ja: '瞑想' }] },
  { type: 'comment', question: { ja: 'ひとこと' } },
  {
    type: 'images',
    question: { ja: '好きな景色' },
    choiceImages: [
      { url: 'https://cdn.example.com/sea.jpg', alt: { ja: '海' } },
      { url: 'https://cdn.example.com/mountain.jpg', alt: { ja: '山' } },
    ],
  },
];

async function publishedEvent(over: Partial<EventFormValues> = {}) {
  const saved = await t.consoleCall('saveEvent', eventForm({ publishAt: clock - HOUR, ...over }), { token: editor });
  expect(saved.body.succeed).toBe(true);
  const eventId = saved.body.id;
  const session = await t.consoleCall('saveEventSession', sessionForm(eventId), { token: editor });
  expect(session.body.succeed).toBe(true);
  expect((await t.consoleCall('saveQuestionnaire', { eventId, questions }, { token: editor })).body.succeed).toBe(true);
  return { eventId, sessionId: session.body.id };
}

const reserve = (m: MemberFixture, eventID: number, sessionID: number, body: ReservationAnswer[] = [{ questionnaireIndex: 0, answer: 1 }]) =>
  t.call('reserveEvent', { eventID, sessionID, body }, m.token);

/** An answer with the signatures of its upload URLs taken off (every answer signs them, decision 144). */
const unsigned = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\?exp=\d+&sig=[\w-]+/g, '')) as T;
const snapshot = async (eventId: number) => unsigned((await t.consoleCall('getConsoleEvent', { id: eventId }, { token: editor })).body.event);

describe('events', () => {
  it('a draft keeps every field, is absent for members, and appears (and changes) for them at once when published', async () => {
    const member = await createMember(db(), { now: now() });
    const saved = await t.consoleCall('saveEvent', eventForm(), { token: editor });
    expect(saved.body).toMatchObject({ succeed: true, state: 'draft' });
    const id = saved.body.id;
    const read = await snapshot(id);
    expect(read).toMatchObject({
      state: 'draft',
      publishAt: null,
      title: { ja: 'コンソールのヨガ教室', en: 'Console yoga' },
      place: { ja: '日比谷公園', en: 'Hibiya Park' },
      price: 1500,
      capacity: 20,
      providingType: 3,
      advertising: true,
      extraText: { ja: 'ヨガマット\n飲み物', en: 'A mat\nWater' },
      thumbnailUrl: '/media/uploads/0123456789abcdef0123456789abcdef.webp',
      updatedBy: 'editor@example.com',
      sessions: [],
      questions: [],
    });
    expect(read.images).toEqual([{ url: '/media/uploads/0123456789abcdef0123456789abcdef.webp', alt: { ja: '公園の写真', en: 'The park' } }]);
    expect(read.sections[0].comment).toEqual({ ja: '<p>ゆったり</p>', en: '<p>Slow</p>' });
    expect((await t.call('getEventByID', { eventID: id }, member.token)).body).toMatchObject({ succeed: false, errorCode: 'notFound' });
    const listed = await t.consoleCall('listConsoleEvents', { query: 'コンソールのヨガ', state: 'draft' }, { token: editor });
    expect(listed.body.events.map((e) => e.id)).toContain(id);

    // Published: the member's next call sees it, and an edit after that at once (the read cache was told).
    await t.consoleCall('saveEvent', eventForm({ id, publishAt: clock - 1000 }), { token: editor });
    const seen = await t.call('getEventByID', { eventID: id }, member.token);
    expect(seen.body.event).toMatchObject({ title: 'コンソールのヨガ教室', place: '日比谷公園', price: 1500, extraLabel: '持ち物' });
    await t.consoleCall('saveEvent', eventForm({ id, title: { ja: '改題したヨガ教室' }, publishAt: clock - 1000 }), { token: editor });
    expect((await t.call('getEventByID', { eventID: id }, member.token)).body.event?.title).toBe('改題したヨガ教室');
    const session = await t.consoleCall('saveEventSession', sessionForm(id), { token: editor });
    expect((await t.call('getEventByID', { eventID: id }, member.token)).body.event?.sessions.map((s) => s.id)).toEqual([session.body.id]);

    // Taken down: gone for members at once; deleting an event nobody reserved works.
    expect((await t.consoleCall('unpublishEvent', { id }, { token: editor })).body.succeed).toBe(true);
    expect((await t.call('getEventByID', { eventID: id }, member.token)).body.succeed).toBe(false);
    expect((await snapshot(id)).state).toBe('unpublished');
    expect((await t.consoleCall('deleteEvent', { id }, { token: editor })).body.succeed).toBe(true);
    expect((await t.consoleCall('getConsoleEvent', { id }, { token: editor })).body.errorCode).toBe('notFound');
    const left = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sections WHERE owner_type = 'event' AND owner_id = ${id}`);
    expect(left.n).toBe(0);
    const audit = await rows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE target_type = 'event' AND target_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['saveEvent', 'saveEvent', 'saveEvent', 'unpublishEvent', 'deleteEvent']);
  });

  it('bad input answers 400 or a business error and changes nothing', async () => {
    const { eventId, sessionId } = await publishedEvent();
    const [a, b] = [await createMember(db(), { now: now() }), await createMember(db(), { now: now() })];
    expect((await reserve(a, eventId, sessionId)).body.succeed).toBe(true);
    expect((await reserve(b, eventId, sessionId, [{ questionnaireIndex: 0, answer: 0 }])).body.succeed).toBe(true);
    const before = await snapshot(eventId);
    const eventRow = async () => one(sql`SELECT * FROM events WHERE id = ${eventId}`);
    const sessionRow = async () => one(sql`SELECT * FROM event_sessions WHERE id = ${sessionId}`);
    const [eventBefore, sessionBefore] = [await eventRow(), await sessionRow()];

    // Fewer seats than taken: a business error the console shows in words.
    const below = await t.consoleCall('saveEventSession', sessionForm(eventId, { id: sessionId, capacity: 1 }), { token: editor });
    expect([below.status, below.body.errorCode]).toEqual([200, 'capacityBelowReserved']);
    expect(below.body).toMatchObject({ reservedCount: 2 });
    // Exactly the seats taken is fine later; first the refusals.
    const bad: [string, unknown][] = [
      ['window ends before it starts', sessionForm(eventId, { id: sessionId, reservationStartAt: clock, reservationEndAt: clock - HOUR })],
      ['session ends before it starts', sessionForm(eventId, { id: sessionId, endAt: clock })],
      ['negative capacity', sessionForm(eventId, { id: sessionId, capacity: -1 })],
      ['fractional capacity', sessionForm(eventId, { id: sessionId, capacity: 2.5 })],
      ['huge capacity', sessionForm(eventId, { id: sessionId, capacity: 1e12 })],
      ['external without url', sessionForm(eventId, { id: sessionId, reservationType: 2 })],
      ['reservation type 7', sessionForm(eventId, { id: sessionId, reservationType: 7 as 1 })],
      ['NUL in title', sessionForm(eventId, { id: sessionId, title: { ja: 'a\u0000b' } })],
      ['lone surrogate', sessionForm(eventId, { id: sessionId, title: { ja: 'a\ud800b' } })],
      ['bidi override', sessionForm(eventId, { id: sessionId, title: { ja: 'a\u202eb' } })],
      ['string id', { ...sessionForm(eventId), id: 'one' }],
      ['javascript url', sessionForm(eventId, { id: sessionId, reservationType: 2, url: 'javascript:alert(1)' })],
    ];
    for (const [why, payload] of bad) {
      const answer = await t.consoleRaw('saveEventSession', payload, { token: editor });
      expect([answer.status, answer.body.errorCode], why).toEqual([400, 'validationError']);
    }
    const window = await t.consoleRaw('saveEventSession', bad[0]![1], { token: editor });
    expect(window.body.validationErrorMessage).toContain('予約受付の終了は受付開始より後にしてください');
    const badEvents: [string, unknown][] = [
      ['event ends before it starts', eventForm({ id: eventId, endAt: clock })],
      ['negative price', eventForm({ id: eventId, price: -1 })],
      ['fractional price', eventForm({ id: eventId, price: 0.5 })],
      ['NUL in place', eventForm({ id: eventId, place: { ja: '\u0000' } })],
      ['empty title', eventForm({ id: eventId, title: { ja: '  ' } })],
      ['data url image', eventForm({ id: eventId, images: [{ url: 'data:image/png;base64,AA', alt: { ja: 'x' } }] })],
    ];
    for (const [why, payload] of badEvents) {
      const answer = await t.consoleRaw('saveEvent', payload, { token: editor });
      expect([answer.status, answer.body.errorCode], why).toEqual([400, 'validationError']);
    }
    const badQuestions: [string, unknown][] = [
      ['select without choices', { eventId, questions: [{ type: 'select', question: { ja: 'q' } }] }],
      ['text with choices', { eventId, questions: [{ type: 'text', question: { ja: 'q' }, choices: [{ ja: 'a' }, { ja: 'b' }] }] }],
      ['unknown type', { eventId, questions: [{ type: 'rating', question: { ja: 'q' } }] }],
    ];
    for (const [why, payload] of badQuestions) {
      expect((await t.consoleRaw('saveQuestionnaire', payload, { token: editor })).status, why).toBe(400);
    }
    // Unknown ids: business errors.
    expect((await t.consoleCall('saveEvent', eventForm({ id: 2_000_000_000 }), { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('saveEvent', eventForm({ reportArticleId: 2_000_000_000 }), { token: editor })).body.errorCode).toBe(
      'unknownArticle',
    );
    expect((await t.consoleCall('saveEventSession', sessionForm(2_000_000_000), { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('saveEventSession', sessionForm(eventId, { id: 2_000_000_000 }), { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('saveQuestionnaire', { eventId: 2_000_000_000, questions }, { token: editor })).body.errorCode).toBe('notFound');
    expect((await t.consoleCall('listSessionReservations', { eventId, sessionId: 2_000_000_000 }, { token: editor })).body.errorCode).toBe(
      'notFound',
    );
    expect((await t.consoleCall('cancelReservationForMember', { reservationId: 2_000_000_000 }, { token: editor })).body.errorCode).toBe(
      'noReservation',
    );
    // Reserved: neither the event nor the session can be deleted, and the questionnaire keeps its shape.
    expect((await t.consoleCall('deleteEvent', { id: eventId }, { token: editor })).body.errorCode).toBe('eventHasReservations');
    expect((await t.consoleCall('deleteEventSession', { eventId, id: sessionId }, { token: editor })).body.errorCode).toBe('sessionHasReservations');
    const reordered = [questions[1]!, questions[0]!, ...questions.slice(2)];
    expect((await t.consoleCall('saveQuestionnaire', { eventId, questions: reordered }, { token: editor })).body.errorCode).toBe(
      'questionnaireHasAnswers',
    );
    expect((await t.consoleCall('saveQuestionnaire', { eventId, questions: questions.slice(1) }, { token: editor })).body.errorCode).toBe(
      'questionnaireHasAnswers',
    );

    expect(await eventRow()).toEqual(eventBefore);
    expect(await sessionRow()).toEqual(sessionBefore);
    const after = await snapshot(eventId);
    expect(after).toEqual(before);

    // Text edits of an answered questionnaire are fine; so is a capacity of exactly the seats taken.
    const retitled = questions.map((q, i) => (i === 0 ? { ...q, question: { ja: '経験はありますか（任意）' } } : q));
    expect((await t.consoleCall('saveQuestionnaire', { eventId, questions: retitled }, { token: editor })).body.succeed).toBe(true);
    const exact = await t.consoleCall('saveEventSession', sessionForm(eventId, { id: sessionId, capacity: 2 }), { token: editor });
    expect(exact.body.succeed).toBe(true);
  });

  it('lists a session’s reservations, cancels one for the member (mail, seat, waiting list) and respects roles', async () => {
    const { eventId, sessionId } = await publishedEvent({ title: { ja: '予約一覧のテスト' } });
    const [a, b, c] = [
      await createMember(db(), { now: now(), userName: '山田 花子' }),
      await createMember(db(), { now: now() }),
      await createMember(db(), { now: now() }),
    ];
    const answers = [
      { questionnaireIndex: 0, answer: 0 },
      { questionnaireIndex: 1, answer: '窓際の席, "静か"に' },
      { questionnaireIndex: 2, answer: [0, 2] },
      { questionnaireIndex: 4, answer: 1 },
    ];
    expect((await reserve(a, eventId, sessionId, answers)).body.succeed).toBe(true);
    clock += 1000;
    expect((await reserve(b, eventId, sessionId)).body.succeed).toBe(true);
    // Full: the third member waits.
    expect(
      (await t.call('joinWaitingList', { eventID: eventId, sessionID: sessionId, body: [{ questionnaireIndex: 0, answer: 1 }] }, c.token)).body
        .succeed,
    ).toBe(true);

    const list = await t.consoleCall('listSessionReservations', { eventId, sessionId }, { token: support });
    expect(list.body).toMatchObject({ succeed: true, total: 2, session: { reservedCount: 2, waitingCount: 1, capacity: 2 } });
    expect(list.body.questions.map((q) => q.ja)).toEqual(['経験はありますか', 'ご要望', '興味', 'ひとこと', '好きな景色']);
    expect(list.body.questions[0]).toEqual({ ja: '経験はありますか', en: 'Any experience?' });
    expect(list.body.reservations[0]).toMatchObject({
      name: '山田 花子',
      email: a.email,
      answers: ['はい', '窓際の席, "静か"に', '呼吸 / 瞑想', '', '山'],
    });
    expect(list.body.reservations[0]!.company).toMatch(/テスト株式会社/);
    expect(list.body.reservations[1]).toMatchObject({ email: b.email, answers: ['いいえ', '', '', '', ''] });
    const paged = await t.consoleCall('listSessionReservations', { eventId, sessionId, offset: 1, perPage: 1 }, { token: editor });
    expect(paged.body.reservations.map((r) => r.email)).toEqual([b.email]);
    expect((await t.consoleCall('listSessionReservations', { eventId, sessionId, offset: 5 }, { token: editor })).body.total).toBe(2);
    // Every read of the list is audited, who and which session (issue 30, finding 6).
    const reads = await rows<{ operator_email: string; target_type: string; target_id: string; summary: string }>(
      t.database.db,
      sql`SELECT operator_email, target_type, target_id, summary FROM audit_log WHERE action = 'listSessionReservations' ORDER BY id`,
    );
    expect(reads.map((r) => r.operator_email)).toEqual(['support@example.com', 'editor@example.com', 'editor@example.com']);
    expect(reads[0]).toMatchObject({ target_type: 'eventSession', target_id: String(sessionId) });
    expect(reads[1]!.summary).toContain('read 1 of 2');

    // The export: BOM, header, a row per reservation with the answers as columns; editors and owners only.
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportReservations',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
      payload: JSON.stringify({ eventId }),
    });
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv; charset=utf-8/);
    expect(String(csv.headers['content-disposition'])).toContain(`event-${eventId}-reservations`);
    const text = csv.body;
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '予約ID,日程,日程の開始,氏名,メールアドレス,会社,予約日時,来場受付日時 (checkedInAt),Q1 経験はありますか,Q2 ご要望,Q3 興味,Q4 ひとこと,Q5 好きな景色',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`山田 花子,${a.email}`);
    expect(lines[1]).toMatch(/,はい,"窓際の席, ""静か""に",呼吸 \/ 瞑想,,山$/);
    expect(lines[2]).toMatch(/,いいえ,,,,$/);
    expect((await t.consoleRaw('exportReservations', { eventId }, { token: support })).status).toBe(403);
    expect((await t.consoleCall('exportReservations', { eventId: 2_000_000_000 }, { token: editor })).body.errorCode).toBe('notFound');
    const exported = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'exportReservations' AND target_id = ${String(eventId)}`,
    );
    expect(exported.n).toBe(1);

    // Support reads but does not cancel.
    const reservationId = list.body.reservations[0]!.id;
    expect((await t.consoleCall('cancelReservationForMember', { reservationId }, { token: support })).status).toBe(403);
    const cancelled = await t.consoleCall('cancelReservationForMember', { reservationId }, { token: editor });
    expect(cancelled.body).toMatchObject({ succeed: true, promoted: 1 });
    const mails = await rows<{ to_address: string; kind: string; subject: string }>(
      db(),
      sql`SELECT to_address, kind, subject FROM mail_outbox WHERE to_address IN (${a.email}, ${c.email}) ORDER BY id`,
    );
    expect(mails.map((m) => [m.to_address, m.kind])).toEqual([
      [c.email, 'seatPromoted'],
      [a.email, 'reservationCancelledByOffice'],
    ]);
    expect(mails[1]!.subject).toBe('【Hibi】イベントのご予約を取り消しました');
    const detail = await t.call('getEventByID', { eventID: eventId }, a.token);
    expect(detail.body.event?.isReserved).toBe(false);
    expect((await t.call('getEventByID', { eventID: eventId }, c.token)).body.event?.isReserved).toBe(true);
    const after = await t.consoleCall('listSessionReservations', { eventId, sessionId }, { token: editor });
    expect(after.body.reservations.map((r) => r.email)).toEqual([b.email, c.email]);
    expect(after.body.session).toMatchObject({ reservedCount: 2, waitingCount: 0 });
    expect((await t.consoleCall('cancelReservationForMember', { reservationId }, { token: editor })).body.errorCode).toBe('noReservation');

    // After the session starts the cancellation is refused, as it is for the member.
    await db().execute(sql`UPDATE event_sessions SET start_at = ${new Date(clock - HOUR).toISOString()} WHERE id = ${sessionId}`);
    expect(
      (await t.consoleCall('cancelReservationForMember', { reservationId: after.body.reservations[0]!.id }, { token: editor })).body.errorCode,
    ).toBe('cancellationNotAccepted');
  });

  it('a question reaches members as escaped HTML and the console reads back its text', async () => {
    const member = await createMember(db(), { now: now() });
    const saved = await t.consoleCall('saveEvent', eventForm({ publishAt: clock - HOUR }), { token: editor });
    const eventId = saved.body.id;
    const text = '<img src=x onerror=alert(1)> & "引用"\n2行目';
    const q: QuestionFormValues = { type: 'text', question: { ja: text, en: 'Why?' }, required: true };
    expect((await t.consoleCall('saveQuestionnaire', { eventId, questions: [q] }, { token: editor })).body.succeed).toBe(true);
    const seen = await t.call('getEventByID', { eventID: eventId }, member.token);
    expect(seen.body.event?.questions?.[0]).toMatchObject({
      question: '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;引用&quot;<br>2行目',
      required: true,
    });
    expect((await snapshot(eventId)).questions[0]!.question).toEqual({ ja: text, en: 'Why?' });
  });

  it('times up to the year 9999 are stored, later ones refused, never a 500 (years past 9999 in ISO form)', async () => {
    const far = 253_402_300_799_999;
    const beyond = await t.consoleRaw('saveEvent', eventForm({ startAt: far + 1, endAt: far + 1 }), { token: editor });
    expect([beyond.status, beyond.body.errorCode]).toEqual([400, 'validationError']);
    expect((await t.consoleRaw('saveAnnouncement', { title: { ja: 'x' }, publishAt: 8_640_000_000_000_000 }, { token: editor })).status).toBe(400);
    const saved = await t.consoleRaw('saveEvent', eventForm({ startAt: far, endAt: far }), { token: editor });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { eventId } = await publishedEvent();
    const session = await t.consoleRaw('saveEventSession', sessionForm(eventId, { startAt: far, endAt: far }), { token: editor });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const list = await t.consoleCall('listConsoleEvents', { sort: 'startAtDesc', perPage: 1 }, { token: editor });
    expect(list.status).toBe(200);
    expect((await t.consoleCall('getConsoleEvent', { id: eventId }, { token: editor })).status).toBe(200);
  });

  it('list and reservation queries refuse what they cannot hold and page past the end', async () => {
    for (const query of ['a\u0000b', 'a\ud800', '%_\\', '\u202e逆']) {
      const answer = await t.consoleRaw('listConsoleEvents', { query }, { token: support });
      expect([200, 400], `${JSON.stringify(query)}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
    }
    const bad: unknown[] = [{ perPage: 0 }, { perPage: 101 }, { offset: -1 }, { offset: 1.5 }, { state: 'hidden' }, { sort: 'random' }];
    for (const payload of bad)
      expect((await t.consoleRaw('listConsoleEvents', payload, { token: support })).status, JSON.stringify(payload)).toBe(400);
    const page = await t.consoleCall('listConsoleEvents', { offset: 999_999 }, { token: support });
    expect(page.body.events).toEqual([]);
    expect(page.body.total).toBeGreaterThan(0);
    expect((await t.consoleRaw('listSessionReservations', { eventId: 1, sessionId: 'x' }, { token: support })).status).toBe(400);
  });
});
