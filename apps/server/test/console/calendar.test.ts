import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntry } from '@hibi/contract/console/calendar';
import { tokyoDay, TOKYO_OFFSET_MS } from '@hibi/contract/time';
import type { Db } from '../../src/db/client.ts';
import { contentCalendar } from '../../src/domains/calendar/service.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 36, item 3: the console's content calendar. Items of every kind saved through the console land on their Tokyo
 * day, with the bounds of the range exact to the millisecond (a moment at the range's first instant is in, one a
 * millisecond before it is out, a session that overlaps the range's start is in); drafts and taken-down items come
 * with their state; one statement answers a range; staff may read it, a company operator may not; a malformed range
 * is a 400, never a 500.
 */
const HOUR = 3_600_000;
const clock = Date.parse('2026-11-21T03:00:00Z');
const now = () => new Date(clock);
/** A Tokyo wall time (YYYY-MM-DDTHH:mm[:ss.sss]) as epoch ms. */
const tokyo = (wall: string) => Date.parse(`${wall}${wall.length === 16 ? ':00' : ''}Z`) - TOKYO_OFFSET_MS;
let t: TestApp;
let editor = '';
/** The items (and sessions) the suite saves, by name. */
type Item =
  | 'atStart'
  | 'beforeStart'
  | 'takenDown'
  | 'draftAnnouncement'
  | 'atEnd'
  | 'afterEnd'
  | 'published'
  | 'yoga'
  | 'draftEvent'
  | 'overnight'
  | 'endsAtStart'
  | 'scheduledEvent'
  | 'draftSurvey'
  | 'openSurvey';
const ids = {} as Record<Item, number>;

beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  const ok = <T extends { succeed: boolean }>(answer: { body: T }, what: string) => {
    if (!answer.body.succeed) throw new Error(`${what}: ${JSON.stringify(answer.body)}`);
    return answer.body as T & { id: number };
  };
  const announcement = async (ja: string, publishAt: number | null) =>
    ok(await t.consoleCall('saveAnnouncement', { title: { ja, en: `${ja} (en)` }, publishAt }, { token: editor }), ja).id;
  const article = async (ja: string, publishAt: number | null) =>
    ok(
      await t.consoleCall(
        'saveArticle',
        {
          title: { ja },
          headerImage: { url: '/media/uploads/0123456789abcdef0123456789abcdef.jpg', alt: { ja: '画像' } },
          genreId: 'genre3',
          publishAt,
        },
        { token: editor },
      ),
      ja,
    ).id;
  const event = async (ja: string, publishAt: number | null) =>
    ok(
      await t.consoleCall(
        'saveEvent',
        { title: { ja }, startAt: tokyo('2027-06-10T10:00'), endAt: tokyo('2027-06-10T12:00'), publishAt },
        { token: editor },
      ),
      ja,
    ).id;
  const session = async (eventId: number, ja: string, startAt: number, endAt: number, window: [number, number] | null = null) =>
    ok(
      await t.consoleCall(
        'saveEventSession',
        { eventId, title: { ja }, startAt, endAt, reservationStartAt: window?.[0] ?? null, reservationEndAt: window?.[1] ?? null },
        { token: editor },
      ),
      ja,
    ).id;
  const survey = async (ja: string, fromDateTime: number, toDateTime: number, draft: boolean) =>
    ok(
      await t.consoleCall(
        'saveSurvey',
        {
          title: { ja },
          fromDateTime,
          toDateTime,
          draft,
          items: [{ type: 'select', question: { ja: '満足度は？' }, choices: [{ ja: 'はい' }, { ja: 'いいえ' }] }],
        },
        { token: editor },
      ),
      ja,
    ).id;

  // June 2027, far from the demo content around the clock (November 2026).
  ids.atStart = await announcement('六月の初日に', tokyo('2027-06-01T00:00'));
  ids.beforeStart = await announcement('五月の最後の瞬間に', tokyo('2027-05-31T23:59:59.999'));
  ids.takenDown = await announcement('取り下げたお知らせ', tokyo('2027-06-20T09:00'));
  ok(await t.consoleCall('unpublishAnnouncement', { id: ids.takenDown }, { token: editor }), 'unpublish');
  ids.draftAnnouncement = await announcement('下書きのお知らせ', null);
  ids.atEnd = await article('六月の最後の瞬間に', tokyo('2027-06-30T23:59:59.999'));
  ids.afterEnd = await article('七月の初日に', tokyo('2027-07-01T00:00'));
  ids.published = await event('公開中のヨガ', clock - HOUR);
  ids.yoga = await session(ids.published, '午前の回', tokyo('2027-06-10T10:00'), tokyo('2027-06-10T12:00'), [
    tokyo('2027-06-03T09:00'),
    tokyo('2027-06-09T18:00'),
  ]);
  ids.draftEvent = await event('下書きの夜歩き', null);
  ids.overnight = await session(ids.draftEvent, '夜通しの回', tokyo('2027-05-31T22:00'), tokyo('2027-06-01T02:00'));
  ids.endsAtStart = await session(ids.draftEvent, '五月で終わる回', tokyo('2027-05-31T23:00'), tokyo('2027-06-01T00:00'));
  ids.scheduledEvent = await event('六月に公開するイベント', tokyo('2027-06-15T09:00'));
  ids.draftSurvey = await survey('下書きのアンケート', tokyo('2027-06-05T10:00'), tokyo('2027-06-25T18:00'), true);
  ids.openSurvey = await survey('五月から六月のアンケート', tokyo('2027-05-20T10:00'), tokyo('2027-06-12T18:00'), false);
});
afterAll(async () => {
  await t?.close();
});

const calendar = async (from: string, to: string, token = editor) => {
  const answer = await t.consoleCall('getContentCalendar', { from, to }, { token });
  expect(answer.status).toBe(200);
  if (!answer.body.succeed) throw new Error(JSON.stringify(answer.body));
  return answer.body;
};
/** An entry as the test names it: kind, item, Tokyo day of its moment, state. */
const brief = (e: CalendarEntry) => [e.kind, e.itemId, tokyoDay(e.at), e.state];

describe('the content calendar', () => {
  it('places every kind on its Tokyo day, with the range bounds exact to the millisecond', async () => {
    const june = await calendar('2027-06-01', '2027-06-30');
    expect(june).toMatchObject({ from: '2027-06-01', to: '2027-06-30', truncated: false });
    expect(june.entries.map(brief)).toEqual([
      // A session that started on May 31 and runs into June 1 overlaps the range; one ending at its start does not.
      ['session', ids.draftEvent, '2027-05-31', 'draft'],
      ['announcement', ids.atStart, '2027-06-01', 'scheduled'],
      ['bookingOpens', ids.published, '2027-06-03', 'published'],
      ['surveyOpens', ids.draftSurvey, '2027-06-05', 'draft'],
      ['bookingCloses', ids.published, '2027-06-09', 'published'],
      ['session', ids.published, '2027-06-10', 'published'],
      ['surveyCloses', ids.openSurvey, '2027-06-12', 'scheduled'],
      ['eventPublish', ids.scheduledEvent, '2027-06-15', 'scheduled'],
      // Taken down: still at its time, marked so.
      ['announcement', ids.takenDown, '2027-06-20', 'unpublished'],
      ['surveyCloses', ids.draftSurvey, '2027-06-25', 'draft'],
      ['article', ids.atEnd, '2027-06-30', 'scheduled'],
    ]);
    const byKind = (kind: string, itemId: number) => june.entries.find((e) => e.kind === kind && e.itemId === itemId)!;
    expect(byKind('session', ids.published)).toEqual({
      kind: 'session',
      itemId: ids.published,
      sessionId: ids.yoga,
      title: { ja: '公開中のヨガ', en: null },
      sessionTitle: { ja: '午前の回', en: null },
      at: tokyo('2027-06-10T10:00'),
      endAt: tokyo('2027-06-10T12:00'),
      state: 'published',
    });
    expect(byKind('session', ids.draftEvent)).toMatchObject({ sessionId: ids.overnight, endAt: tokyo('2027-06-01T02:00') });
    expect(byKind('bookingOpens', ids.published)).toMatchObject({ sessionId: ids.yoga, at: tokyo('2027-06-03T09:00'), endAt: null });
    expect(byKind('announcement', ids.atStart)).toMatchObject({
      title: { ja: '六月の初日に', en: '六月の初日に (en)' },
      sessionId: null,
      sessionTitle: null,
      endAt: null,
    });
    // What fell outside: the moment before the range, the one after it, a draft without a time.
    const items = june.entries.map((e) => `${e.kind} ${e.itemId}`);
    for (const outside of [`announcement ${ids.beforeStart}`, `article ${ids.afterEnd}`, `announcement ${ids.draftAnnouncement}`]) {
      expect(items).not.toContain(outside);
    }

    // The neighbouring days hold them.
    const may31 = await calendar('2027-05-31', '2027-05-31');
    expect(may31.entries.map(brief)).toEqual([
      ['session', ids.draftEvent, '2027-05-31', 'draft'],
      ['session', ids.draftEvent, '2027-05-31', 'draft'],
      ['announcement', ids.beforeStart, '2027-05-31', 'scheduled'],
    ]);
    expect(may31.entries.map((e) => e.sessionId)).toEqual([ids.overnight, ids.endsAtStart, null]);
    expect((await calendar('2027-07-01', '2027-07-01')).entries.map(brief)).toEqual([['article', ids.afterEnd, '2027-07-01', 'scheduled']]);
  });

  it('a week holds its own entries only; the longest range is 42 days', async () => {
    const week = await calendar('2027-06-07', '2027-06-13');
    expect(week.entries.map((e) => [e.kind, e.itemId])).toEqual([
      ['bookingCloses', ids.published],
      ['session', ids.published],
      ['surveyCloses', ids.openSurvey],
    ]);
    const six = await calendar('2027-05-31', '2027-07-11');
    expect(six.entries.map((e) => `${e.kind} ${e.itemId}`)).toEqual(
      expect.arrayContaining([`announcement ${ids.beforeStart}`, `article ${ids.afterEnd}`, `announcement ${ids.atStart}`, `article ${ids.atEnd}`]),
    );
    expect(six.entries.some((e) => e.kind === 'surveyOpens' && e.itemId === ids.openSurvey)).toBe(false);
    expect((await calendar('2027-05-20', '2027-05-20')).entries.map(brief)).toEqual([['surveyOpens', ids.openSurvey, '2027-05-20', 'scheduled']]);
  });

  it('a taken-down event has no publish entry, and its sessions say it is down', async () => {
    const eventId = (
      await t.consoleCall(
        'saveEvent',
        {
          title: { ja: '取り下げるイベント' },
          startAt: tokyo('2027-08-02T10:00'),
          endAt: tokyo('2027-08-02T11:00'),
          publishAt: tokyo('2027-08-01T09:00'),
        },
        { token: editor },
      )
    ).body.id;
    await t.consoleCall(
      'saveEventSession',
      { eventId, title: { ja: '唯一の回' }, startAt: tokyo('2027-08-02T10:00'), endAt: tokyo('2027-08-02T11:00') },
      { token: editor },
    );
    expect((await calendar('2027-08-01', '2027-08-02')).entries.map(brief)).toEqual([
      ['eventPublish', eventId, '2027-08-01', 'scheduled'],
      ['session', eventId, '2027-08-02', 'scheduled'],
    ]);
    expect((await t.consoleCall('unpublishEvent', { id: eventId }, { token: editor })).body.succeed).toBe(true);
    expect((await calendar('2027-08-01', '2027-08-02')).entries.map(brief)).toEqual([['session', eventId, '2027-08-02', 'unpublished']]);
  });

  it('reads a range in one statement, and says when it had to leave entries out', async () => {
    const db = t.database.db;
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'execute') {
          return (...args: unknown[]) => {
            statements++;
            return (target.execute as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as Db;
    const whole = await contentCalendar(counting, { from: '2027-05-31', to: '2027-07-11' }, now());
    expect(statements).toBe(1);
    expect(whole.entries.length).toBeGreaterThan(4);
    const cut = await contentCalendar(db, { from: '2027-05-31', to: '2027-07-11' }, now(), 4);
    expect(cut.truncated).toBe(true);
    expect(cut.entries).toEqual(whole.entries.slice(0, 4));
    expect((await contentCalendar(db, { from: '2027-05-31', to: '2027-07-11' }, now(), whole.entries.length)).truncated).toBe(false);
  });

  it('the demo content has its scheduled items on the calendar of this month', async () => {
    const today = tokyoDay(clock);
    const answer = await calendar(today, tokyoDay(clock + 41 * 24 * HOUR));
    const kinds = new Set(answer.entries.map((e) => e.kind));
    for (const kind of ['announcement', 'article', 'session', 'surveyCloses'] as const) expect(kinds, kind).toContain(kind);
  });
});

describe('who may read it', () => {
  it('owners, editors and support; a company operator is refused (403), a member or nobody (401)', async () => {
    for (const email of ['owner@example.com', 'support@example.com']) {
      expect((await calendar('2027-06-07', '2027-06-13', await t.operatorToken(email))).entries).toHaveLength(3);
    }
    const company = await t.consoleRaw(
      'getContentCalendar',
      { from: '2027-06-07', to: '2027-06-13' },
      { token: await t.operatorToken('hr@example.com') },
    );
    expect([company.status, company.body.errorCode]).toEqual([403, 'forbidden']);
    const member = await t.login('member@example.com');
    expect((await t.consoleRaw('getContentCalendar', { from: '2027-06-07', to: '2027-06-13' }, { token: member })).status).toBe(401);
    expect((await t.consoleRaw('getContentCalendar', { from: '2027-06-07', to: '2027-06-13' })).status).toBe(401);
  });
});

describe('malformed ranges', () => {
  it('answer 400 with the reason, never 500', async () => {
    const cases: [string, unknown][] = [
      ['nothing', {}],
      ['no end', { from: '2027-06-01' }],
      ['end before start', { from: '2027-06-10', to: '2027-06-09' }],
      ['43 days', { from: '2027-06-01', to: '2027-07-13' }],
      ['a year', { from: '2027-01-01', to: '2027-12-31' }],
      ['a day that does not exist', { from: '2027-02-29', to: '2027-03-01' }],
      ['month 13', { from: '2027-13-01', to: '2027-13-02' }],
      ['numbers', { from: 1_806_000_000_000, to: 1_806_100_000_000 }],
      ['a huge number', { from: 1e308, to: Number.MAX_SAFE_INTEGER * 4 }],
      ['year 275760', { from: '+275760-09-13', to: '+275760-09-14' }],
      ['year 0', { from: '0000-01-01', to: '0000-01-02' }],
      ['with a time', { from: '2027-06-01T00:00:00Z', to: '2027-06-02' }],
      ['a NUL', { from: '2027-06-01\u0000', to: '2027-06-02' }],
      ['a lone surrogate', { from: '2027-06-01\ud800', to: '2027-06-02' }],
      ['an array', { from: ['2027-06-01'], to: '2027-06-02' }],
      ['an object', { from: { $gt: '' }, to: '2027-06-02' }],
      ['null', { from: null, to: null }],
      ['an unknown field', { from: '2027-06-01', to: '2027-06-02', kinds: ['session'] }],
      ['a long string', { from: '2'.repeat(100_000), to: '2027-06-02' }],
    ];
    for (const [why, payload] of cases) {
      const answer = await t.consoleRaw('getContentCalendar', payload, { token: editor });
      expect([answer.status, answer.body.succeed], why).toEqual([400, false]);
    }
    // A lone surrogate written as JSON's escape, and a body that is not JSON.
    const bodies = [
      '{"from":"2027-06-01\\ud800","to":"2027-06-02"}',
      '{"from":1e400,"to":123456789012345678901234567890}',
      '{"from":',
      '"2027-06-01"',
    ];
    for (const body of bodies) {
      expect((await t.consoleRaw('getContentCalendar', body, { token: editor })).status, body).toBe(400);
    }
    const reversed = await t.consoleRaw('getContentCalendar', { from: '2027-06-10', to: '2027-06-09' }, { token: editor });
    expect(reversed.body.validationErrorMessage?.join(' ')).toContain('終了日は開始日以降にしてください');
    const long = await t.consoleRaw('getContentCalendar', { from: '2027-06-01', to: '2027-07-13', locale: 'en' }, { token: editor });
    expect(long.body.validationErrorMessage?.join(' ')).toContain('A calendar range can be at most 42 days');
  });
});
