import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATA_EXPORTS_PER_DAY } from '@hibi/contract/functions/account';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEvent, createMember, createSurvey, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { csvField } from '../../lib/csv.ts';
import { unzip } from '../../../test/unzip.ts';

let t: TestApp;
let me: MemberFixture;
let other: MemberFixture;

/** Calls exportMyData and answers the raw HTTP answer (the zip's bytes on success). */
async function exportAs(token?: string, payload: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/functions/exportMyData',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });
}

const csvLines = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const db = t.database.db;
  me = await createMember(db, { nickname: 'エクスポート太郎' });
  other = await createMember(db, { nickname: 'ほかの人' });
  const third = await createMember(db, { nickname: '友達候補' });
  // Ten years of daily steps and logs for me; a little for the other member, which must never show in mine.
  await db.execute(sql`INSERT INTO daily_steps (user_id, day, steps)
    SELECT ${me.id}, DATE '2016-11-01' + g, 1000 + g FROM generate_series(0, 3652) g`);
  await db.execute(sql`INSERT INTO health_logs (user_id, day, weight, exercise, note)
    SELECT ${me.id}, DATE '2016-11-01' + g, CASE WHEN g % 7 = 0 THEN 60 + (g % 10) * 0.1 END, 1 + g % 2,
           CASE WHEN g = 0 THEN '=HYPERLINK("http://evil")' WHEN g = 1 THEN 'comma, "quote"' || chr(10) || 'and a new line' END
    FROM generate_series(0, 3652) g`);
  await db.execute(sql`INSERT INTO daily_steps (user_id, day, steps) VALUES (${other.id}, DATE '2026-01-01', 424242)`);
  await db.execute(sql`INSERT INTO health_logs (user_id, day, weight, note) VALUES (${other.id}, DATE '2026-01-01', 99.9, 'not yours')`);
  await db.execute(sql`INSERT INTO target_weights (user_id, weight) VALUES (${me.id}, 58.5)`);
  // A reservation each; a survey answer each; me and other are friends, third asked me.
  const { eventId, sessionIds } = await createEvent(db, { title: 'Walking workshop', sessions: [{ capacity: 10, startsIn: 48 }] });
  await db.execute(sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers) VALUES
    (${eventId}, ${sessionIds[0]!}, ${me.id}, '[{"questionnaireIndex":1,"answer":"mine"}]'),
    (${eventId}, ${sessionIds[0]!}, ${other.id}, '[{"questionnaireIndex":1,"answer":"theirs"}]')`);
  const survey = await createSurvey(db, [], { titleJa: '満足度調査' });
  await db.execute(sql`INSERT INTO questionnaire_answers (questionnaire_id, user_id, body) VALUES
    (${survey}, ${me.id}, '[{"questionnaireIndex":1,"answer":5}]'), (${survey}, ${other.id}, '[{"questionnaireIndex":1,"answer":1}]')`);
  const pair = (a: number, b: number) => [Math.min(a, b), Math.max(a, b)] as const;
  const [lo, hi] = pair(me.id, other.id);
  const [lo2, hi2] = pair(me.id, third.id);
  await db.execute(sql`INSERT INTO friendships (user_low, user_high, requested_by, status, accepted_at) VALUES
    (${lo}, ${hi}, ${me.id}, 'accepted', now()), (${lo2}, ${hi2}, ${third.id}, 'pending', NULL)`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('exportMyData', () => {
  let files: Map<string, string>;

  it('answers a zip attachment with every table as JSON and CSV', async () => {
    const res = await exportAs(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hibi-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    files = await unzip(res.rawPayload);
    const tables = ['profile', 'steps', 'health-logs', 'weights', 'reservations', 'survey-answers', 'friends'];
    expect([...files.keys()].sort()).toEqual(['README.txt', ...tables.flatMap((n) => [`${n}.csv`, `${n}.json`])].sort());
  });

  it('holds the member’s profile, ten years of steps and logs, weights, reservation, answers and friends', () => {
    const profile = JSON.parse(files.get('profile.json')!) as Record<string, unknown>[];
    expect(profile).toHaveLength(1);
    expect(profile[0]).toMatchObject({ userID: me.id, email: me.email, nickname: 'エクスポート太郎', targetWeight: 58.5 });
    expect(csvLines(files.get('profile.csv')!)[0]).toBe(Object.keys(profile[0]!).join(','));

    const steps = JSON.parse(files.get('steps.json')!) as { day: string; steps: number }[];
    expect(steps).toHaveLength(3653);
    expect(steps[0]).toEqual({ day: '2016-11-01', steps: 1000 });
    expect(steps.at(-1)).toEqual({ day: '2026-11-01', steps: 4652 });
    const stepLines = csvLines(files.get('steps.csv')!);
    expect(files.get('steps.csv')!.startsWith('\ufeffday,steps\r\n')).toBe(true);
    expect(stepLines).toHaveLength(3654);
    expect(stepLines[1]).toBe('2016-11-01,1000');

    const logs = JSON.parse(files.get('health-logs.json')!) as Record<string, unknown>[];
    expect(logs).toHaveLength(3653);
    expect(logs[1]).toMatchObject({ day: '2016-11-02', exercise: 2, note: 'comma, "quote"\nand a new line' });
    const logCsv = files.get('health-logs.csv')!;
    expect(csvLines(logCsv)[0]).toBe('day,exercise,breakfast,nightMeal,overeating,overdrinking,sleepness,feeling,note');
    // A formula is defused; quotes, commas and line breaks are quoted.
    expect(logCsv).toContain(`2016-11-01,1,,,,,,,"'=HYPERLINK(""http://evil"")"\r\n`);
    expect(logCsv).toContain(`2016-11-02,2,,,,,,,"comma, ""quote""\nand a new line"\r\n`);

    const weights = JSON.parse(files.get('weights.json')!) as { day: string; weight: number }[];
    expect(weights).toHaveLength(Math.ceil(3653 / 7));
    expect(weights[0]).toEqual({ day: '2016-11-01', weight: 60, bodyFatPercentage: null });
    expect(csvLines(files.get('weights.csv')!)[0]).toBe('day,weight,bodyFatPercentage');

    const reservations = JSON.parse(files.get('reservations.json')!) as Record<string, unknown>[];
    expect(reservations).toHaveLength(1);
    expect(reservations[0]).toMatchObject({ event: 'Walking workshop（日本語）', session: '回1', cancelledAt: null });
    expect(JSON.parse(reservations[0]!.answers as string)).toEqual([{ questionnaireIndex: 1, answer: 'mine' }]);
    expect(csvLines(files.get('reservations.csv')!)[0]).toBe('reservationID,eventID,event,session,startAt,endAt,reservedAt,cancelledAt,answers');

    const answers = JSON.parse(files.get('survey-answers.json')!) as Record<string, unknown>[];
    expect(answers).toEqual([expect.objectContaining({ survey: '満足度調査' })]);
    expect(JSON.parse(answers[0]!.answers as string)).toEqual([{ questionnaireIndex: 1, answer: 5 }]);
    expect(csvLines(files.get('survey-answers.csv')!)[0]).toBe('surveyID,survey,answeredAt,locale,answers');

    const friends = JSON.parse(files.get('friends.json')!) as Record<string, unknown>[];
    expect(friends.map((f) => [f.nickname, f.status])).toEqual([
      ['ほかの人', 'friends'],
      ['友達候補', 'requestReceived'],
    ]);
    expect(csvLines(files.get('friends.csv')!)).toHaveLength(3);
  });

  it('never includes another member’s data', () => {
    const all = [...files.values()].join('\n');
    expect(all).not.toContain('424242');
    expect(all).not.toContain('not yours');
    expect(all).not.toContain('99.9');
    expect(all).not.toContain('theirs');
    expect(all).not.toContain(other.email);
  });

  it('records each export with its size', async () => {
    const [row] = await rows<{ n: number; status: string; bytes: string }>(
      t.database.db,
      sql`SELECT count(*) OVER ()::int AS n, status, bytes::text AS bytes FROM data_exports WHERE user_id = ${me.id} ORDER BY id LIMIT 1`,
    );
    expect(row).toMatchObject({ n: 1, status: 'done' });
    expect(Number(row!.bytes)).toBeGreaterThan(10_000);
  });

  it('asks for a sign-in, refuses unknown fields and answers 429 past the daily limit', async () => {
    const guest = await exportAs();
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ succeed: false, errorCode: 'loginRequired' });
    expect((await exportAs(other.token, { extra: 1 })).statusCode).toBe(400);
    const codes: number[] = [];
    for (let i = 0; i < DATA_EXPORTS_PER_DAY + 1; i++) codes.push((await exportAs(other.token)).statusCode);
    expect(codes).toEqual([...Array(DATA_EXPORTS_PER_DAY).fill(200), 429]);
    const limited = await exportAs(other.token);
    expect(limited.json()).toEqual({ succeed: false, errorCode: 'tooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n }] = (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM data_exports WHERE user_id = ${other.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(DATA_EXPORTS_PER_DAY);
  });
});

describe('csvField', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(true)).toBe('true');
  });
});
