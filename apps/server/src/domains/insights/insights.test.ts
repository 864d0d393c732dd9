import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { INSIGHTS_MIN_GROUP, type InsightsGroup, type InsightsGroupBy } from '@hibi/contract/console/insights';
import { addDays } from '@hibi/contract/time';
import { rows } from '../../db/query.ts';
import { refreshAllAggregates } from '../health/data.ts';
import { INSIGHTS_EXPORT_TEXT } from './export-text.ts';
import { PURGE_AFTER_MS, purgeEndedContracts, suppressCells } from './service.ts';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { derivableSmallCells, type AuditPerson } from '../../../test/insights-audit.ts';
import { createTestApp, totpCode, type TestApp } from '../../../test/helpers.ts';
import { unzip } from '../../../test/unzip.ts';

/**
 * Issue 32 (docs/requirements/insights.md#insights-privacy-floor, decision 146): the company role, insights with the privacy floor (small
 * departments, complementary suppression, differencing attacks), the CSV, bad input, and the end of a contract with
 * the purge 90 days later, on a clock of the test's own.
 */
const DAY = 86_400_000;
let clock = Date.parse('2026-03-01T03:00:00Z');
let t: TestApp;
let owner = '';
let support = '';
let editor = '';
let company = '';
let companyTenant = 0;
let tenantId = 0;
/** Department -> members (ids, emails, nicknames) and each one's steps per day in January 2026. */
const departments: Record<string, { size: number; steps: number }> = {
  総務部: { size: 3, steps: 9000 },
  営業部: { size: 6, steps: 4000 },
  開発部: { size: 8, steps: 7000 },
  '=CMD()': { size: 12, steps: 11000 },
};
const people: { id: number; email: string; dept: string; steps: number }[] = [];
const FROM = '2026-01-01';
const TO = '2026-01-31';

const insights = (token: string, payload: Record<string, unknown>) => t.consoleRaw('getCompanyInsights', payload, { token });
const lastAudit = async () =>
  (
    await rows<{ action: string; operator_email: string; target_id: string; summary: string }>(
      t.database.db,
      sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT 1`,
    )
  )[0]!;

/** A new owner session at the clock's time (the kept one ends after 12 hours). */
async function ownerNow(): Promise<string> {
  const first = await t.consoleCall('signIn', { email: 'owner@example.com', password: 'wellbeing-demo' });
  const second = await t.consoleCall('verifyTotp', { challenge: first.body.challenge, code: await totpCode(new Date(clock)) });
  return second.body.token;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  owner = await t.operatorToken('owner@example.com');
  support = await t.operatorToken('support@example.com');
  editor = await t.operatorToken('editor@example.com');
  company = await t.operatorToken('hr@example.com');
  companyTenant = (await t.consoleCall('getMe', {}, { token: company })).body.operator.tenantId!;
  tenantId = await createTenant(t.database.db);
  let n = 0;
  for (const [dept, { size, steps }] of Object.entries(departments)) {
    for (let i = 0; i < size; i++) {
      const m = await createMember(t.database.db, { tenantId, attribution1: dept, birthYear: 1980 + (n++ % 20) });
      people.push({ id: m.id, email: m.email, dept, steps: steps + i * 10 });
    }
  }
  // Every member walks every day of January 2026 (and December, outside the period), each day the same count.
  const values = people.flatMap((p) => Array.from({ length: 62 }, (_, d) => sql`(${p.id}, ${addDays('2025-12-01', d)}::date, ${p.steps + (d % 3)})`));
  await t.database.db.execute(sql`INSERT INTO daily_steps (user_id, day, steps) VALUES ${sql.join(values, sql`, `)}`);
  await refreshAllAggregates(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

/** What the group's mean daily steps must be, from the days themselves. */
function expectedAvg(members: typeof people): number {
  const perMember = members.map((p) => {
    let sum = 0;
    for (let d = 0; d < 31; d++) sum += p.steps + ((31 + d) % 3);
    return sum / 31;
  });
  return Math.round(perMember.reduce((a, b) => a + b, 0) / perMember.length);
}

describe('suppressCells', () => {
  it('hides cells under the floor, and the next smallest while the hidden ones hold fewer than the floor', () => {
    expect(suppressCells([3, 6, 8, 12])).toEqual([true, true, false, false]);
    expect(suppressCells([5, 6, 8])).toEqual([false, false, false]);
    expect(suppressCells([2, 2, 9, 7])).toEqual([true, true, false, true]);
    expect(suppressCells([4, 4, 20])).toEqual([true, true, false]);
    expect(suppressCells([0, 7, 9])).toEqual([false, false, false]);
    expect(suppressCells([3])).toEqual([true]);
    expect(INSIGHTS_MIN_GROUP).toBe(5);
  });
});

describe('getCompanyInsights', () => {
  it('answers the tenant as one group, with exact steps over partial weeks, whole weeks charted, and no person in it', async () => {
    const res = await insights(owner, { tenantId, from: FROM, to: TO, groupBy: 'none' });
    expect(res.status).toBe(200);
    const [all] = res.body.groups as InsightsGroup[];
    expect(all).toMatchObject({ key: 'all', members: 29, activeMembers: 29, stepParticipation: 1, suppressed: false });
    expect(all!.avgDailySteps).toBe(expectedAvg(people));
    // Bands: 0, 6 (営業部), 8 (開発部), 3 (総務部), 12: the 3 hides, and with it the next smallest, the 6.
    expect(all!.stepBands).toEqual([0, null, 8, null, 12]);
    // 2026-01-01 is a Thursday and the 31st a Saturday: the chart has the whole weeks, of Jan 5 .. Jan 19 (decision 149).
    expect(all!.weeklySteps!.map((w) => w.weekStart)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(all!.weeklySteps!.every((w) => w.participants === 29)).toBe(true);
    const text = JSON.stringify(res.body);
    for (const p of people) {
      expect(text).not.toContain(p.email);
      expect(text).not.toContain(`"id":${p.id},`);
    }
  });

  it('suppresses a department under 5 and, complementarily, the next smallest, so the total cannot be subtracted', async () => {
    const res = await insights(owner, { tenantId, from: FROM, to: TO, groupBy: 'department' });
    const groups = res.body.groups as InsightsGroup[];
    const by = Object.fromEntries(groups.map((g) => [g.key, g]));
    expect(by['総務部']).toMatchObject({ members: null, avgDailySteps: null, stepBands: null, weeklySteps: null, suppressed: true });
    expect(by['営業部']).toMatchObject({ members: null, avgDailySteps: null, suppressed: true });
    expect(by['開発部']).toMatchObject({ members: 8, suppressed: false });
    expect(by['開発部']!.avgDailySteps).toBe(expectedAvg(people.filter((p) => p.dept === '開発部')));
    expect(by['=CMD()']).toMatchObject({ members: 12, suppressed: false });

    // The differencing attack: the total minus every shown department leaves the two hidden ones together (9
    // members), never the 3 of 総務部 alone.
    const total = ((await insights(owner, { tenantId, from: FROM, to: TO, groupBy: 'none' })).body.groups as InsightsGroup[])[0]!;
    const shown = groups.filter((g) => !g.suppressed);
    const left = total.members! - shown.reduce((s, g) => s + g.members!, 0);
    expect(left).toBe(9);
    expect(left).toBeGreaterThanOrEqual(INSIGHTS_MIN_GROUP);
    const leftSteps = total.avgDailySteps! * total.members! - shown.reduce((s, g) => s + g.avgDailySteps! * g.members!, 0);
    // What is left is the mean of 9 people, not one department's.
    expect(Math.abs(leftSteps / 9 - expectedAvg(people.filter((p) => p.dept === '総務部' || p.dept === '営業部')))).toBeLessThan(50);
  });

  it('a department that grows to 4 still hides; one more member (5) shows it, and no period or grouping isolates a person', async () => {
    const small = await createTenant(t.database.db);
    for (let i = 0; i < 4; i++) await createMember(t.database.db, { tenantId: small, attribution1: 'A', birthYear: 1990 });
    for (let i = 0; i < 7; i++) await createMember(t.database.db, { tenantId: small, attribution1: 'B', birthYear: 1970 });
    const groups = async (groupBy: string) =>
      ((await insights(owner, { tenantId: small, from: FROM, to: TO, groupBy })).body.groups as InsightsGroup[]).map((g) => [
        g.key,
        g.members,
        g.suppressed,
      ]);
    // A alone is 4: hidden, and B with it (else 11 - 7 = 4 would tell A).
    expect(await groups('department')).toEqual([
      ['A', null, true],
      ['B', null, true],
    ]);
    expect(await groups('ageBand')).toEqual([
      ['30', null, true],
      ['50', null, true],
    ]);
    await createMember(t.database.db, { tenantId: small, attribution1: 'A', birthYear: 1990 });
    expect(await groups('department')).toEqual([
      ['A', 5, false],
      ['B', 7, false],
    ]);
    // Only fixed groupings exist: a free filter is refused.
    expect((await insights(owner, { tenantId: small, from: FROM, to: TO, groupBy: 'department', filter: { birthYear: 1990 } })).status).toBe(400);
    expect((await insights(owner, { tenantId: small, from: FROM, to: TO, groupBy: 'gender' })).status).toBe(400);
  });

  it('a step band hidden in an age band cannot be read as the tenant’s band minus the other age bands (issue 53)', async () => {
    // As in the demo company: the 60s have 3, 4, 2 and 2 people in the four lower bands; every other age band has
    // 5 in each band, so all of their cells and the tenant's show.
    const demoLike = await createTenant(t.database.db);
    const audited: AuditPerson[] = [];
    const bandSteps = [1000, 3000, 6000, 9000, 12000];
    const counts: Record<string, number[]> = {
      2000: [5, 5, 5, 5, 5],
      1990: [5, 5, 5, 5, 5],
      1980: [5, 5, 5, 5, 5],
      1970: [5, 5, 5, 5, 5],
      1960: [3, 4, 2, 2, 0],
    };
    const values: SQL[] = [];
    let n = 0;
    for (const [birthYear, perBand] of Object.entries(counts)) {
      for (const [band, count] of perBand.entries()) {
        for (let i = 0; i < count; i++) {
          const dept = n++ % 3 === 0 ? '人事部' : '営業部';
          const m = await createMember(t.database.db, { tenantId: demoLike, attribution1: dept, birthYear: Number(birthYear) });
          audited.push({ dept, age: String(Math.floor((2026 - Number(birthYear)) / 10) * 10), band });
          for (let d = 0; d < 31; d++) values.push(sql`(${m.id}, ${addDays(FROM, d)}::date, ${bandSteps[band]!})`);
        }
      }
    }
    await t.database.db.execute(sql`INSERT INTO daily_steps (user_id, day, steps) VALUES ${sql.join(values, sql`, `)}`);
    await refreshAllAggregates(t.database.db);
    const answer = async (groupBy: InsightsGroupBy) =>
      (await insights(owner, { tenantId: demoLike, from: FROM, to: TO, groupBy })).body.groups as InsightsGroup[];
    const answers = { none: await answer('none'), department: await answer('department'), ageBand: await answer('ageBand') };
    const tenantBands = answers.none[0]!.stepBands!;
    // The subtraction of the issue: for each band, the tenant's cell minus every other age band's shown cell.
    const sixties = answers.ageBand.find((g) => g.key === '60')!;
    const recovered = tenantBands.map((total, b) => {
      if (sixties.stepBands?.[b] !== null || total === null) return null;
      const others = answers.ageBand.filter((g) => g !== sixties).map((g) => g.stepBands?.[b] ?? null);
      return others.includes(null) ? null : total - others.reduce((s: number, v) => s + v!, 0);
    });
    expect(recovered.filter((v) => v !== null && v > 0 && v < INSIGHTS_MIN_GROUP)).toEqual([]);
    // And no sum or difference of the three answers' shown figures gives any hidden cell under 5.
    expect(derivableSmallCells(audited, answers)).toEqual([]);
    // What is still shown: the tenant's participants, and the bands the floor does not need to hide.
    expect(answers.none[0]).toMatchObject({ members: 111, stepParticipation: 1 });
  });

  it('the demo company: no hidden cell under 5 follows from its three answers for the console’s default period', async () => {
    const to = addDays(new Date(clock).toISOString().slice(0, 10), -1);
    const from = addDays(to, -83);
    const audited = await rows<AuditPerson & { daily: number | null }>(
      t.database.db,
      sql`SELECT u.attribution1 AS dept,
                 CASE WHEN u.birth_year IS NULL THEN 'unknown' ELSE (greatest(0, (${Number(to.slice(0, 4))}::int - u.birth_year) / 10) * 10)::text END AS age,
                 (SELECT avg(d.steps)::float8 FROM daily_steps d WHERE d.user_id = u.id AND d.day BETWEEN ${from}::date AND ${to}::date) AS daily
            FROM users u WHERE u.tenant_id = ${companyTenant}`,
    );
    const people = audited.map((p) => ({
      dept: p.dept,
      age: p.age,
      band: p.daily === null ? null : [2000, 5000, 8000, 10000].filter((bound) => p.daily! >= bound).length,
    }));
    const answer = async (groupBy: InsightsGroupBy) =>
      (await insights(owner, { tenantId: companyTenant, from, to, groupBy })).body.groups as InsightsGroup[];
    const answers = { none: await answer('none'), department: await answer('department'), ageBand: await answer('ageBand') };
    expect(people.filter((p) => p.band !== null).length).toBeGreaterThan(100);
    expect(derivableSmallCells(people, answers)).toEqual([]);
  });

  it('a tenant under the floor answers suppressed as a whole', async () => {
    const tiny = await createTenant(t.database.db);
    await createMember(t.database.db, { tenantId: tiny });
    const res = await insights(owner, { tenantId: tiny, from: FROM, to: TO, groupBy: 'none' });
    expect(res.body.groups).toEqual([expect.objectContaining({ key: 'all', members: null, suppressed: true })]);
  });

  it('owners and support ask for any tenant; a company operator for its own only (403 otherwise, audited); editors never', async () => {
    expect((await insights(support, { tenantId, from: FROM, to: TO })).body.succeed).toBe(true);
    const own = await insights(company, { tenantId: companyTenant, from: FROM, to: TO, groupBy: 'department' });
    expect(own.body.succeed).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: 'getCompanyInsights', operator_email: 'hr@example.com', target_id: String(companyTenant) });
    const other = await insights(company, { tenantId, from: FROM, to: TO });
    expect([other.status, other.body.errorCode]).toEqual([403, 'forbidden']);
    expect(await lastAudit()).toMatchObject({ action: 'denied', operator_email: 'hr@example.com', target_id: String(tenantId) });
    expect((await insights(editor, { tenantId, from: FROM, to: TO })).status).toBe(403);
    // Its invitation codes: its own tenant's only.
    expect((await t.consoleRaw('listInvitationCodes', { tenantId: companyTenant }, { token: company })).body.succeed).toBe(true);
    expect((await t.consoleRaw('listInvitationCodes', { tenantId }, { token: company })).status).toBe(403);
    const created = await t.consoleCall('createInvitationCode', { tenantId, maxUses: 3, expiresAt: clock + DAY }, { token: owner });
    expect((await t.consoleCall('revokeInvitationCode', { code: created.body.code }, { token: company })).body.errorCode).toBe('notFound');
    expect((await t.consoleRaw('searchMembers', { query: 'a' }, { token: company })).status).toBe(403);
    expect((await t.consoleRaw('getMemberStatus', { id: people[0]!.id }, { token: company })).status).toBe(403);
  });

  it('owners invite company operators bound to a tenant; the role cannot move in or out of company', async () => {
    const bad = await t.consoleRaw('inviteOperator', { email: 'hr2@example.com', displayName: 'HR', role: 'company' }, { token: owner });
    expect(bad.status).toBe(400);
    expect(
      (await t.consoleRaw('inviteOperator', { email: 'x@example.com', displayName: 'X', role: 'editor', tenantId }, { token: owner })).status,
    ).toBe(400);
    expect(
      (await t.consoleCall('inviteOperator', { email: 'hr3@example.com', displayName: 'HR', role: 'company', tenantId: 999_999 }, { token: owner }))
        .body.errorCode,
    ).toBe('notFound');
    const ok = await t.consoleCall('inviteOperator', { email: 'hr4@example.com', displayName: 'HR', role: 'company', tenantId }, { token: owner });
    expect(ok.body.succeed).toBe(true);
    const list = await t.consoleCall('listOperators', {}, { token: owner });
    expect(list.body.operators.find((o) => o.email === 'hr4@example.com')).toMatchObject({ role: 'company', tenantId });
    expect((await t.consoleCall('updateOperator', { id: ok.body.id, role: 'owner' }, { token: owner })).body.errorCode).toBe('companyRole');
  });

  it('bad input answers 400 with a clear message; an unknown tenant notFound', async () => {
    const reversed = await insights(owner, { tenantId, from: '2026-02-01', to: '2026-01-01', locale: 'en' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.validationErrorMessage!.join(' ')).toContain('The end day must not be before the start day');
    const long = await insights(owner, { tenantId, from: '2025-01-01', to: '2026-01-01', locale: 'en' });
    expect(long.status).toBe(400);
    expect(long.body.validationErrorMessage!.join(' ')).toContain('at most 12 months');
    expect((await insights(owner, { tenantId, from: '2025-01-01', to: '2025-12-31' })).status).toBe(200);
    for (const from of ['2026-02-30', '2026-1-1', '', '2026-01-01\u0000', 20260101]) {
      expect((await insights(owner, { tenantId, from, to: TO })).status, String(from)).toBe(400);
    }
    expect((await insights(owner, { tenantId: 999_999, from: FROM, to: TO })).body.errorCode).toBe('notFound');
    expect((await insights(owner, { tenantId: -1, from: FROM, to: TO })).status).toBe(400);
  });

  it('exportCompanyInsights: a zip of one CSV per section, in the operator’s language, hidden cells marked as the screen marks them, audited', async () => {
    const exportAs = async (locale: 'ja' | 'en') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/console/exportCompanyInsights',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
        payload: JSON.stringify({ tenantId, from: FROM, to: TO, groupBy: 'department', locale }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`insights-tenant-${tenantId}-${FROM}-${TO}-department.zip`);
      const files = await unzip(res.rawPayload);
      /** Each CSV as rows of cells (RFC 4180 as a spreadsheet reads it). */
      const tables = new Map(
        [...files]
          .filter(([name]) => name.endsWith('.csv'))
          .map(([name, body]) => {
            expect(body.startsWith('\ufeff')).toBe(true);
            return [name, parseCsv(body.slice(1))] as const;
          }),
      );
      return { files, tables };
    };
    const screen = (lang: 'ja' | 'en') =>
      JSON.parse(fs.readFileSync(new URL(`../../../../web/src/locales/${lang}/consoleInsights.json`, import.meta.url), 'utf8')) as {
        hidden: string;
        figures: Record<string, string>;
        tables: Record<string, string>;
        lifestyle: Record<string, string>;
        definitions: Record<string, string>;
      };

    const ja = await exportAs('ja');
    const jaScreen = screen('ja');
    const mark = jaScreen.hidden.replace('{{floor}}', String(INSIGHTS_MIN_GROUP));
    expect(mark).toBe('5人未満');
    // One table per section, nothing else in the zip but its README.
    expect([...ja.files.keys()].sort()).toEqual([
      '1-summary.csv',
      '2-step-bands.csv',
      '3-weekly-steps.csv',
      '4-lifestyle.csv',
      '5-articles.csv',
      '6-programs.csv',
      'README.txt',
    ]);
    const summary = ja.tables.get('1-summary.csv')!;
    expect(summary[0]).toEqual([
      jaScreen.figures.group,
      jaScreen.figures.members,
      jaScreen.figures.activeMembers,
      `${jaScreen.figures.stepParticipation}（%）`,
      jaScreen.figures.avgDailySteps,
      jaScreen.figures.eventReservations,
      jaScreen.figures.eventAttendance,
      `${jaScreen.figures.surveyResponseRate}（%）`,
    ]);
    expect(summary[0]).toContain('登録者');
    const row = (rows: string[][], group: string) => rows.find((r) => r[0] === group)!;
    // A hidden group reads "5人未満" in every cell, as on the screen; no blank cell and no suppressed=false beside it.
    expect(row(summary, '総務部')).toEqual(['総務部', mark, mark, mark, mark, mark, mark, mark]);
    expect(row(summary, '開発部').slice(0, 4)).toEqual(['開発部', '8', '8', '100']);
    expect(row(summary, "'=CMD()")).toBeDefined();
    expect(summary).toHaveLength(1 + 4);
    expect(summary.flat()).not.toContain('');
    const bands = ja.tables.get('2-step-bands.csv')!;
    expect(bands[0]).toEqual(['グループ', '2,000歩未満', '2,000〜4,999歩', '5,000〜7,999歩', '8,000〜9,999歩', '10,000歩以上']);
    expect(row(bands, '総務部').slice(1)).toEqual([mark, mark, mark, mark, mark]);
    const weekly = ja.tables.get('3-weekly-steps.csv')!;
    expect(weekly[0]![0]).toBe(jaScreen.figures.weekStart);
    expect(new Set(weekly[0]!.slice(1))).toEqual(new Set(['営業部', '総務部', '開発部', "'=CMD()"]));
    expect(weekly.slice(1).map((r) => r[0])).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(ja.tables.get('4-lifestyle.csv')![0]).toEqual([
      'グループ',
      ...['score', 'exercise', 'meal', 'drinking', 'sleep', 'stress'].map((d) => jaScreen.lifestyle[d]),
    ]);
    expect(ja.tables.get('5-articles.csv')![0]).toEqual(['順位', '記事', '読んだ人数']);
    // The README: the period, the mark, and each figure's definition as the screen gives it.
    const readme = ja.files.get('README.txt')!;
    expect(readme).toContain(`${FROM} – ${TO}`);
    expect(readme).toContain(`「${mark}」`);
    expect(INSIGHTS_EXPORT_TEXT.ja.definitions).toEqual(jaScreen.definitions);
    for (const definition of Object.values(jaScreen.definitions)) expect(readme).toContain(definition);
    expect(JSON.stringify([...ja.files.values()])).not.toContain(people[0]!.email);
    expect(await lastAudit()).toMatchObject({ action: 'exportCompanyInsights', target_id: String(tenantId) });

    const en = await exportAs('en');
    const enScreen = screen('en');
    const enSummary = en.tables.get('1-summary.csv')!;
    expect(enSummary[0]!.slice(0, 3)).toEqual([enScreen.figures.group, enScreen.figures.members, enScreen.figures.activeMembers]);
    expect(row(enSummary, '総務部')[1]).toBe(enScreen.hidden.replace('{{floor}}', '5'));
    expect(INSIGHTS_EXPORT_TEXT.en.definitions).toEqual(enScreen.definitions);
    for (const definition of Object.values(enScreen.definitions)) expect(en.files.get('README.txt')!).toContain(definition);
  });
});

/** RFC 4180 rows (quoted fields with commas, quotes and line breaks), CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('the end of a contract', () => {
  it('needs confirmPurge when the purge would come within 7 days, and changes nothing without it', async () => {
    const other = await createTenant(t.database.db);
    const base = {
      id: other,
      name: { ja: '終了株式会社' },
      contractType: 1,
      corporateContract: true,
      teamMatchEnabled: false,
      emailDistributionEnabled: false,
    };
    const soon = clock - 85 * DAY;
    expect((await t.consoleCall('saveTenant', { ...base, contractEndsAt: soon }, { token: owner })).body.errorCode).toBe('purgeNeedsConfirmation');
    const [row] = await rows<{ contract_ends_at: unknown }>(t.database.db, sql`SELECT contract_ends_at FROM tenants WHERE id = ${other}`);
    expect(row!.contract_ends_at).toBeNull();
    expect((await t.consoleCall('saveTenant', { ...base, contractEndsAt: soon, confirmPurge: true }, { token: owner })).body.succeed).toBe(true);
    // Support may not end a contract.
    expect((await t.consoleRaw('saveTenant', { ...base, contractEndsAt: null }, { token: support })).status).toBe(403);
  });

  it('from the end members cannot sign in and their sessions end; 90 days later the purge deletes their personal data once', async () => {
    const ending = await createTenant(t.database.db);
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await createMember(t.database.db, { tenantId: ending, password: i === 0 ? 'password-123' : undefined }));
    await t.database.db.execute(sql`INSERT INTO daily_steps (user_id, day, steps) VALUES (${members[1]!.id}, '2026-02-01', 5000)`);
    const base = {
      id: ending,
      name: { ja: '契約終了株式会社' },
      contractType: 1,
      corporateContract: true,
      teamMatchEnabled: false,
      emailDistributionEnabled: false,
    };
    const endsAt = clock + 30 * DAY;
    expect((await t.consoleCall('saveTenant', { ...base, contractEndsAt: endsAt }, { token: owner })).body.succeed).toBe(true);
    const listed = await t.consoleCall('listTenants', { perPage: 100 }, { token: owner });
    expect(listed.body.tenants.find((x) => x.id === ending)).toMatchObject({
      contractEndsAt: endsAt,
      purgeAt: endsAt + PURGE_AFTER_MS,
      purgedAt: null,
    });

    expect((await t.call('login', { id: members[0]!.email, password: 'password-123' })).body.succeed).toBe(true);
    expect((await t.call('authenticateWithToken', {}, members[2]!.token)).status).toBe(200);

    clock = endsAt + 1000;
    const refused = await t.call('login', { id: members[0]!.email, password: 'password-123' });
    expect(refused.body).toMatchObject({ succeed: false, errorCode: 'contractEnded' });
    expect((await t.call('authenticateWithToken', {}, members[2]!.token)).status).toBe(401);
    // Company insights stay until the purge.
    owner = await ownerNow();
    const during = await insights(owner, { tenantId: ending, from: '2026-02-01', to: '2026-02-28' });
    expect(during.body, JSON.stringify(during.body)).toMatchObject({ succeed: true });
    expect((during.body.groups as InsightsGroup[])[0]).toMatchObject({ members: 6 });

    // The owner can still move the end (and with it the purge) before the purge.
    expect(await purgeEndedContracts(t.database.db, new Date(endsAt + PURGE_AFTER_MS - 1000))).not.toContain(ending);
    const purgedAt = endsAt + PURGE_AFTER_MS;
    clock = purgedAt;
    expect(await purgeEndedContracts(t.database.db, new Date(clock))).toContain(ending);
    const [left] = await rows<{ users: number; steps: number; sessions: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM users WHERE tenant_id = ${ending})::int AS users,
                 (SELECT count(*) FROM daily_steps WHERE user_id = ${members[1]!.id})::int AS steps,
                 (SELECT count(*) FROM sessions WHERE user_id = ANY(${`{${members.map((m) => m.id).join(',')}}`}::int[]))::int AS sessions`,
    );
    expect(left).toEqual({ users: 0, steps: 0, sessions: 0 });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'purgeTenant', target_id: String(ending) });
    expect(audit.summary).toContain('members 6');
    expect(audit.summary).toContain('dailySteps 1');
    expect(audit.summary).not.toContain(members[0]!.email);
    // Once: a second run finds nothing, and the tenant cannot move any more.
    expect(await purgeEndedContracts(t.database.db, new Date(clock + DAY))).toEqual([]);
    owner = await ownerNow();
    expect((await t.consoleCall('saveTenant', { ...base, contractEndsAt: null }, { token: owner })).body.errorCode).toBe('purged');
  });
});
