import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allConsoleFunctions } from '@hibi/contract/console/index';
import { rows } from '../src/db/query.ts';
import { startsFormula } from '../src/lib/csv.ts';
import { createEvent, createMember, createTenant, type MemberFixture } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { unzip } from './unzip.ts';

/**
 * Issue 30, finding 4: every CSV the server writes (the console's exports and the members' own-data zip) neutralises
 * what a spreadsheet would evaluate, full-width ＝＋－＠ and tab or CR starters included. Hostile texts are planted
 * where members and tenants write them, every export is fetched, and every cell is checked.
 */
const HOSTILE = ['＝HYPERLINK("http://evil.example")', '＋1+cmd|calc', '－2+3', '＠SUM(A1)', '\tcmd', '\r=1', '﹦1+1', '\u3000＝1'];
/** The exports this test attacks; a new CSV export must be added here (the guard below fails until it is). */
const COVERED_CONSOLE_CSV = [
  'exportCompanyInsights',
  'exportMembers',
  'exportReservations',
  'exportSurveyAnswers',
  'exportTeamMatchStandings',
  'exportRewardApplications',
];

let t: TestApp;
let tenantId = 0;
let eventId = 0;
let surveyId = 0;
const members: MemberFixture[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = await createTenant(db, { nameJa: HOSTILE[0] });
  const { eventId: id, sessionIds } = await createEvent(db, { title: HOSTILE[1]!, sessions: [{ capacity: 20, startsIn: 48 }] });
  eventId = id;
  const editor = await t.operatorToken('editor@example.com');
  const saved = await t.consoleCall(
    'saveSurvey',
    {
      title: { ja: HOSTILE[2]!, en: null },
      isGeneral: true,
      tenantIds: [],
      contractOnly: false,
      fromDateTime: Date.now() - 86_400_000,
      toDateTime: Date.now() + 86_400_000,
      draft: false,
      items: [{ type: 'text', question: { ja: HOSTILE[3]! } }],
    },
    { token: editor },
  );
  surveyId = saved.body.succeed ? saved.body.id : 0;
  expect(surveyId).toBeGreaterThan(0);
  for (const [n, text] of HOSTILE.entries()) {
    const m = await createMember(db, { tenantId, nickname: text, email: `csv-${n}@fixture.example` });
    // One department of all eight (a group over the privacy floor of five, so the insights CSV names it).
    await db.execute(
      sql`UPDATE users SET user_name = ${text}, user_phonetic = ${text}, login_id = ${`csv${n}`}, attribution1 = ${HOSTILE[0]!} WHERE id = ${m.id}`,
    );
    members.push(m);
    await db.execute(sql`INSERT INTO event_reservations (event_id, session_id, user_id, answers)
      VALUES (${eventId}, ${sessionIds[0]!}, ${m.id}, ${JSON.stringify([{ questionnaireIndex: 1, answer: text }])}::jsonb)`);
    await db.execute(sql`INSERT INTO questionnaire_answers (questionnaire_id, user_id, body)
      VALUES (${surveyId}, ${m.id}, ${JSON.stringify([{ questionnaireIndex: 1, answer: text }])}::jsonb)`);
    await db.execute(sql`INSERT INTO health_logs (user_id, day, note) VALUES (${m.id}, DATE '2026-01-01', ${text})`);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The cells of an RFC 4180 text (quoted fields may hold commas, quotes and line breaks). */
function cells(text: string): string[] {
  const out: string[] = [];
  let i = text.startsWith('\ufeff') ? 1 : 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quote');
        cell += text.slice(i, q);
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      const end = text.slice(i).search(/,|\r\n/);
      cell = end < 0 ? text.slice(i) : text.slice(i, i + end);
      i = end < 0 ? text.length : i + end;
    }
    out.push(cell);
    if (text.startsWith('\r\n', i)) i += 2;
    else if (text[i] === ',') i++;
  }
  return out;
}

/** The cells a spreadsheet would run as a formula. */
const formulas = (text: string) => cells(text).filter((c) => startsFormula(c));

async function consoleCsv(name: string, payload: object, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/console/${name}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.operatorToken(email)}` },
    payload: JSON.stringify(payload),
  });
  expect(res.statusCode, name).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

describe('CSV formula guard on every export (issue 30, finding 4)', () => {
  it('the console exports this test attacks are all there are', () => {
    const csv = allConsoleFunctions.filter((f) => f.kind === 'csv' || f.kind === 'zip').map((f) => f.name);
    expect(csv.sort()).toEqual([...COVERED_CONSOLE_CSV].sort());
  });

  it('exportCompanyInsights: no cell starts a formula, the department a tenant wrote is there behind an apostrophe', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    // A zip of one CSV per section (decision 176): every file checked.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportCompanyInsights',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.operatorToken('owner@example.com')}` },
      payload: JSON.stringify({ tenantId, from, to, groupBy: 'department' }),
    });
    expect(res.headers['content-type']).toBe('application/zip');
    const csvFiles = [...(await unzip(res.rawPayload))].filter(([name]) => name.endsWith('.csv'));
    expect(csvFiles).toHaveLength(6);
    for (const [name, text] of csvFiles) expect(formulas(text), name).toEqual([]);
    expect(csvFiles.flatMap(([, text]) => cells(text))).toContain(`'${HOSTILE[0]}`);
  });

  it('exportTeamMatchStandings: team and tenant names a member or the office wrote start no formula', async () => {
    const db = t.database.db;
    const day = (n: number) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const editor = await t.operatorToken('editor@example.com');
    const saved = await t.consoleCall(
      'saveTeamMatch',
      {
        name: { ja: 'CSV のチーム対抗', en: null },
        tenantIDs: [tenantId],
        entryFrom: day(-10),
        entryTo: day(1),
        startDate: day(-5),
        endDate: day(5),
        formationMode: 'department',
      },
      { token: editor },
    );
    expect(saved.body.succeed, JSON.stringify(saved.body)).toBe(true);
    const teamMatchID = saved.body.teamMatchID!;
    for (const m of members) {
      await db.execute(sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at) VALUES (${teamMatchID}, ${m.id}, now())`);
    }
    expect((await t.consoleCall('formTeams', { teamMatchID }, { token: editor })).body.succeed).toBe(true);
    // A team's name as a member could give it in a self-formed round.
    await db.execute(sql`UPDATE team_match_teams SET name_ja = ${HOSTILE[2]!} WHERE team_match_id = ${teamMatchID}`);
    const text = await consoleCsv('exportTeamMatchStandings', { teamMatchID }, 'editor@example.com');
    expect(formulas(text)).toEqual([]);
    expect(cells(text)).toContain(`'${HOSTILE[2]}`);
    expect(cells(text)).toContain(`'${HOSTILE[0]}`);
  });

  it('exportRewardApplications: a reward name the office wrote and the addresses members wrote start no formula', async () => {
    const db = t.database.db;
    const [reward] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO rewards (name_ja, description_ja, kind, points, stock, published, created_at, updated_at)
          VALUES (${HOSTILE[4]!}, 'x', 'physical', 100, 10, true, now(), now()) RETURNING id`,
    );
    for (const [n, text] of HOSTILE.entries()) {
      // Single-line address fields as the schema would let through (no tab or line break): planted as stored.
      const line = text.replace(/[\t\r\n]/g, '');
      await db.execute(
        sql`INSERT INTO reward_applications (user_id, reward_id, points, status, applied_at, estimate_month, estimate_part,
                                             postal_code, prefecture, line1, line2, name, phone)
            VALUES (${members[n]!.id}, ${reward!.id}, 100, 'applied', now(), '2027-01', 'mid', '100-0001', 13, ${line}, ${line}, ${line}, '0312345678')`,
      );
    }
    const text = await consoleCsv('exportRewardApplications', { rewardID: reward!.id }, 'editor@example.com');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(formulas(text)).toEqual([]);
    expect(cells(text)).toContain(`'${HOSTILE[4]}`);
    expect(cells(text)).toContain(`'${HOSTILE[0]}`);
  });

  it('exportMembers, exportReservations, exportSurveyAnswers: no cell starts a formula, the texts are all there', async () => {
    const files = {
      exportMembers: await consoleCsv('exportMembers', { tenantId }, 'owner@example.com'),
      exportReservations: await consoleCsv('exportReservations', { eventId }, 'editor@example.com'),
      exportSurveyAnswers: await consoleCsv('exportSurveyAnswers', { id: surveyId }, 'editor@example.com'),
    };
    for (const [name, text] of Object.entries(files)) {
      expect(formulas(text), name).toEqual([]);
      // The hostile texts are in the file, each behind an apostrophe.
      const all = cells(text);
      for (const hostile of HOSTILE) expect(all, `${name}: ${JSON.stringify(hostile)}`).toContain(`'${hostile}`);
    }
  });

  it('the members’ own-data zip: no cell of any of its CSV files starts a formula', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/functions/exportMyData',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${members[0]!.token}` },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const csvFiles = [...files].filter(([name]) => name.endsWith('.csv'));
    expect(csvFiles.length).toBeGreaterThan(3);
    for (const [name, text] of csvFiles) expect(formulas(text), name).toEqual([]);
    const all = csvFiles.flatMap(([, text]) => cells(text));
    expect(all).toContain(`'${HOSTILE[0]}`);
  });
});
