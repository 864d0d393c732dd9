import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IndividualMatchFormValues, TeamMatchFormValues } from '@hibi/contract/console/programs';
import { TEAM_CODE_LENGTH } from '@hibi/contract/functions/programs';
import { tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import * as data from './data.ts';
import { planTeams } from './formation.ts';
import { refreshTeamRanks, remindSync, runPrograms } from './service.ts';

/**
 * Programs through the real entries (issue 57, docs/requirements/programs.md, decision 187): roles, bad input that
 * changes nothing, entry, formation, ranks and standings, the export, challenges and the verifiable draw, unusual days.
 */
const at = (day: string, hour = 12) => new Date(tokyoDayStart(day) + hour * 3_600_000);
let clock = at('2027-01-10');
const now = () => clock;
/** Moves the app's clock; the operators' console sessions move with it (they expire when idle). */
async function move(to: Date) {
  clock = to;
  await t.database.db.execute(
    sql`UPDATE operator_sessions SET created_at = least(created_at, ${to.toISOString()}::timestamptz), last_used_at = ${to.toISOString()}::timestamptz,
          expires_at = ${to.toISOString()}::timestamptz + interval '1 day'`,
  );
  await t.database.db.execute(
    sql`UPDATE sessions SET expires_at = ${to.toISOString()}::timestamptz + interval '30 days', last_used_at = ${to.toISOString()}::timestamptz`,
  );
}
let t: TestApp;
const tok = {} as Record<'owner' | 'editor' | 'support' | 'company', string>;
let tenantA: number;
let tenantB: number;
const members: (MemberFixture & { dept: string })[] = [];
let outsider: MemberFixture;
const device = { source: 'phone', osType: 'ios', osVersion: '17', appVersion: '3.2.0' };

beforeAll(async () => {
  t = await createTestApp({ now });
  tok.owner = await t.operatorToken('owner@example.com');
  tok.editor = await t.operatorToken('editor@example.com');
  tok.support = await t.operatorToken('support@example.com');
  tok.company = await t.operatorToken('hr@example.com');
  const db = t.database.db;
  tenantA = await createTenant(db);
  tenantB = await createTenant(db, { teamMatchEnabled: false });
  const depts = [...Array(9).fill('営業'), ...Array(8).fill('開発'), ...Array(3).fill('総務')] as string[];
  for (const dept of depts) members.push({ ...(await createMember(db, { tenantId: tenantA, attribution1: dept, now: clock })), dept });
  outsider = await createMember(db, { tenantId: tenantB, now: clock });
  // The first two members' devices take the programs' push kinds (written as savePushSubscription would).
  for (const m of members.slice(0, 2))
    await db.execute(
      sql`INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, kinds, created_at, updated_at)
          SELECT ${m.id}, s.id, ${`https://push.example.com/${m.id}`}, 'p', 'a', ARRAY['teamFormed', 'programResult', 'syncReminder'], now(), now()
            FROM sessions s WHERE s.user_id = ${m.id} LIMIT 1`,
    );
}, 180_000);
const pushes = async (userId: number, kind: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = ${userId} AND o.kind = ${kind}`,
      )
    )[0]!.n,
  );
afterAll(async () => t?.close());

const db = () => t.database.db;
const count = async (table: string) => Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);

const round = (over: Partial<TeamMatchFormValues> = {}): TeamMatchFormValues => ({
  name: { ja: '冬のチーム対抗ウォーク', en: 'Winter Team Walk' },
  tenantIDs: [tenantA],
  entryFrom: '2027-01-05',
  entryTo: '2027-01-16',
  startDate: '2027-01-12',
  endDate: '2027-01-18',
  formationMode: 'department',
  graceDays: 3,
  ...over,
});

async function upload(token: string, day: string, steps: number) {
  const up = await t.call('uploadHealthData', { healthData: [{ dateTime: tokyoDayStart(day), steps }], ...device }, token);
  expect(up.body.succeed, JSON.stringify(up.body)).toBe(true);
  expect((await t.call('notifyHealthDataFixed', device, token)).body.succeed).toBe(true);
}

let walkId: number;

describe('demo content', () => {
  it('has a running Team Walk formed by department with held days, and a challenge with a committed draw', async () => {
    const [round] = await rows<{ id: number }>(db(), sql`SELECT id FROM team_matches WHERE name_en = 'Winter Department Walk 2026'`);
    const teams = await data.teamsOf(db(), round!.id);
    expect(teams.length).toBeGreaterThan(1);
    for (const team of teams) expect(Number(team.members)).toBeGreaterThanOrEqual(7);
    const [who] = await rows<{ email: string }>(
      db(),
      sql`SELECT u.email FROM team_match_members mm JOIN users u ON u.id = mm.user_id WHERE mm.team_match_id = ${round!.id} ORDER BY u.id LIMIT 1`,
    );
    // The page only reads the ranks: the minute run computes them.
    await refreshTeamRanks(db(), round!.id, clock);
    const page = (await t.call('getTeamMatch', { teamMatchID: round!.id }, await t.login(who!.email))).body;
    expect(page).toMatchObject({ succeed: true, final: false, totalTeams: teams.length });
    expect(page.program.status).toBe('running');
    expect(page.rankHistory.length).toBe(6);
    expect(page.myDays.filter((d) => d.state !== 'missing').length).toBeGreaterThan(0);
    const [challenge] = await rows<{ id: number }>(db(), sql`SELECT id FROM individual_matches WHERE name_en = 'Winter Walking Challenge'`);
    const got = (await t.consoleCall('getConsoleIndividualMatch', { individualMatchID: challenge!.id }, { token: tok.support })).body.individualMatch;
    expect(got.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(got.prizes).toHaveLength(2);
  });
});

describe('Team Walk: console', () => {
  it('lets support read and refuses support and company operators any write (403)', async () => {
    expect((await t.consoleCall('listTeamMatches', {}, { token: tok.support })).status).toBe(200);
    expect((await t.consoleCall('saveTeamMatch', round(), { token: tok.support })).status).toBe(403);
    expect((await t.consoleCall('saveTeamMatch', round(), { token: tok.company })).status).toBe(403);
    expect((await t.consoleCall('listTeamMatches', {}, { token: tok.company })).status).toBe(403);
    expect(await count("team_matches WHERE name_ja = '冬のチーム対抗ウォーク'")).toBe(0);
  });

  it('refuses bad rounds with their codes and writes nothing', async () => {
    const before = await count('team_matches');
    const code = async (f: TeamMatchFormValues) => (await t.consoleCall('saveTeamMatch', f, { token: tok.editor })).body.errorCode;
    expect(await code(round({ endDate: '2027-01-11' }))).toBe('endBeforeStart');
    expect(await code(round({ entryFrom: '2027-01-13' }))).toBe('entryWindowInvalid');
    expect(await code(round({ entryTo: '2027-01-04' }))).toBe('entryWindowInvalid');
    expect(await code(round({ tenantIDs: [tenantA, tenantB] }))).toBe('tenantWithoutTeamMatches');
    expect(await code(round({ teamMatchID: 999_999 }))).toBe('notFound');
    const small = await t.consoleCall('saveTeamMatch', round({ minTeamSize: 6 }), { token: tok.editor });
    expect(small.status).toBe(400);
    expect((await t.consoleRaw('saveTeamMatch', { ...round(), startDate: '2027-02-30' }, { token: tok.editor })).status).toBe(400);
    expect(await count('team_matches')).toBe(before);
  });

  it('creates a round, audited, and lists it as entryOpen', async () => {
    const r = await t.consoleCall('saveTeamMatch', round(), { token: tok.editor });
    expect(r.body.succeed, JSON.stringify(r.body)).toBe(true);
    walkId = r.body.teamMatchID;
    const got = (await t.consoleCall('getConsoleTeamMatch', { teamMatchID: walkId }, { token: tok.support })).body.teamMatch;
    expect(got).toMatchObject({
      status: 'entryOpen',
      tenantIDs: [tenantA],
      minTeamSize: 7,
      dailyCap: 30_000,
      graceDays: 3,
      finalFrom: '2027-01-21',
      teams: 0,
    });
    const audit = await rows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE target_type = 'teamMatch' AND target_id = ${String(walkId)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['saveTeamMatch']);
    const list = (await t.consoleCall('listTeamMatches', { status: 'entryOpen' }, { token: tok.editor })).body;
    expect(list.teamMatches.map((m) => m.teamMatchID)).toContain(walkId);
  });
});

describe('Team Walk: members enter', () => {
  it('shows the round to its tenant only; an outsider gets notFound and nothing changes', async () => {
    const mine = (await t.call('listPrograms', {}, members[0]!.token)).body.programs;
    expect(mine.find((p) => p.kind === 'teamMatch' && p.id === walkId)).toMatchObject({
      status: 'entryOpen',
      entered: false,
      formationMode: 'department',
    });
    expect((await t.call('listPrograms', {}, outsider.token)).body.programs.some((p) => p.kind === 'teamMatch' && p.id === walkId)).toBe(false);
    expect((await t.call('enterTeamMatch', { teamMatchID: walkId }, outsider.token)).body.errorCode).toBe('notFound');
    expect(await count(`team_match_entries WHERE team_match_id = ${walkId}`)).toBe(0);
  });

  it('enters each member once; a team choice in department mode is refused', async () => {
    expect((await t.call('enterTeamMatch', { teamMatchID: walkId, teamCode: 'ABCDEFGH' }, members[0]!.token)).body.errorCode).toBe(
      'teamChoiceInvalid',
    );
    // The last member enters late (after formation).
    for (const m of members.slice(0, -1)) {
      const r = await t.call('enterTeamMatch', { teamMatchID: walkId }, m.token);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ succeed: true, teamCode: null });
    }
    expect((await t.call('enterTeamMatch', { teamMatchID: walkId }, members[0]!.token)).body.errorCode).toBe('alreadyEntered');
    expect(await count(`team_match_entries WHERE team_match_id = ${walkId}`)).toBe(members.length - 1);
  });
});

describe('formation', () => {
  it('puts every entrant on exactly one team, none under the minimum, deterministic from the recorded seed', async () => {
    const r = await t.consoleCall('formTeams', { teamMatchID: walkId }, { token: tok.editor });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ succeed: true, entrants: members.length - 1 });
    expect(r.body.seed).toMatch(/^[0-9a-f]{32}$/);
    const teams = await data.teamsOf(db(), walkId);
    expect(teams.length).toBe(r.body.teams);
    for (const team of teams) expect(Number(team.members)).toBeGreaterThanOrEqual(7);
    const placed = await rows<{ user_id: number }>(db(), sql`SELECT user_id FROM team_match_members WHERE team_match_id = ${walkId}`);
    expect(new Set(placed.map((p) => p.user_id)).size).toBe(members.length - 1);
    expect(placed.length).toBe(members.length - 1);
    // Recomputed from the seed and the entrants: the same teams.
    const entrants = await data.entrants(db(), walkId, '2027-01-10');
    const again = planTeams(
      'department',
      entrants.map((e) => ({ userId: e.user_id, tenantId: e.tenant_id, department: e.department, priorAvg: e.prior_avg })),
      [],
      7,
      10,
      r.body.seed,
    );
    const byTeam = (list: { members: number[] }[]) => list.map((x) => x.members.join(',')).sort();
    const stored = teams.map((team) => ({
      members: entrants
        .filter((e) => e.team_id === team.id)
        .map((e) => e.user_id)
        .sort((a, b) => a - b),
    }));
    expect(byTeam(stored)).toEqual(byTeam(again));
    // Each member is told once (push teamFormed, the kind their device takes).
    expect(await pushes(members[0]!.id, 'teamFormed')).toBe(1);
    // Departments: 営業 (9) and 開発 (8) are teams; 総務 (3) is too small and is spread over them.
    expect(teams.map((x) => x.department).sort()).toEqual(['営業', '開発']);
  });

  it('puts a late entrant on a team of their department with room', async () => {
    const late = members.at(-1)!;
    expect((await t.call('enterTeamMatch', { teamMatchID: walkId }, late.token)).body.succeed).toBe(true);
    const [row] = await rows<{ department: string | null }>(
      db(),
      sql`SELECT t.department FROM team_match_members mm JOIN team_match_teams t ON t.id = mm.team_id WHERE mm.user_id = ${late.id} AND mm.team_match_id = ${walkId}`,
    );
    // The last member is of 総務, which has no team of its own: the tenant's smallest team.
    expect(row).toBeDefined();
  });

  it('balanced and selfFormed plans: each entrant once, none under the minimum, the same seed the same teams', () => {
    const people = Array.from({ length: 61 }, (_, i) => ({
      userId: i + 1,
      tenantId: 1 + (i % 3),
      department: `d${i % 4}`,
      priorAvg: (i * 997) % 12_000,
    }));
    for (const mode of ['balanced', 'department'] as const) {
      const a = planTeams(mode, people, [], 7, 3, 'ab'.repeat(16));
      const b = planTeams(mode, [...people].reverse(), [], 7, 3, 'ab'.repeat(16));
      expect(a).toEqual(b);
      const all = a.flatMap((x) => x.members);
      expect(all.sort((x, y) => x - y)).toEqual(people.map((p) => p.userId));
      for (const team of a) expect(team.members.length).toBeGreaterThanOrEqual(7);
      expect(new Set(a.map((x) => x.league)).size).toBeGreaterThan(1);
    }
    // Balanced: the teams' prior averages are close (snake draft).
    const balanced = planTeams('balanced', people, [], 7, 3, 'cd'.repeat(16)).filter((x) => x.tenantId === 1);
    const avgs = balanced.map((x) => x.priorAvg);
    expect(Math.max(...avgs) - Math.min(...avgs)).toBeLessThan(2_500);
    const own = [
      {
        nameJa: 'A',
        nameEn: null,
        code: 'AAAAAAAA',
        tenantId: 1,
        members: people
          .filter((p) => p.tenantId === 1)
          .slice(0, 12)
          .map((p) => p.userId),
      },
      {
        nameJa: 'B',
        nameEn: null,
        code: 'BBBBBBBB',
        tenantId: 1,
        members: people
          .filter((p) => p.tenantId === 1)
          .slice(12, 15)
          .map((p) => p.userId),
      },
      {
        nameJa: 'C',
        nameEn: null,
        code: 'CCCCCCCC',
        tenantId: 1,
        members: people
          .filter((p) => p.tenantId === 1)
          .slice(15, 19)
          .map((p) => p.userId),
      },
      { nameJa: 'D', nameEn: null, code: 'DDDDDDDD', tenantId: 2, members: people.filter((p) => p.tenantId === 2).map((p) => p.userId) },
    ];
    const self = planTeams('selfFormed', people, own, 7, 10, 'ef'.repeat(16));
    expect(self.flatMap((x) => x.members).sort((x, y) => x - y)).toEqual(people.map((p) => p.userId));
    for (const team of self) expect(team.members.length).toBeGreaterThanOrEqual(7);
    expect(planTeams('selfFormed', people, own, 7, 10, 'ef'.repeat(16))).toEqual(self);
  });

  it('selfFormed: a new team gets a Crockford code, others join with it, a foreign code changes nothing', async () => {
    const r = await t.consoleCall('saveTeamMatch', round({ name: { ja: '自分たちで組む', en: null }, formationMode: 'selfFormed' }), {
      token: tok.editor,
    });
    const id = r.body.teamMatchID;
    const made = await t.call('enterTeamMatch', { teamMatchID: id, newTeamName: '朝歩き部' }, members[0]!.token);
    expect(made.body.teamCode).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${TEAM_CODE_LENGTH}}$`));
    expect((await t.call('enterTeamMatch', { teamMatchID: id }, members[1]!.token)).body.errorCode).toBe('teamChoiceInvalid');
    expect((await t.call('enterTeamMatch', { teamMatchID: id, teamCode: 'ZZZZZZZZ' }, members[1]!.token)).body.errorCode).toBe('teamCodeUnknown');
    expect(await count(`team_match_entries WHERE team_match_id = ${id}`)).toBe(1);
    const joined = await t.call('enterTeamMatch', { teamMatchID: id, teamCode: made.body.teamCode!.toLowerCase() }, members[1]!.token);
    expect(joined.body.teamCode).toBe(made.body.teamCode);
    const page = (await t.call('getTeamMatch', { teamMatchID: id }, members[1]!.token)).body;
    expect(page.team).toMatchObject({ name: '朝歩き部', code: made.body.teamCode });
    expect(page.team!.members.map((m) => m.me).sort()).toEqual([false, true]);
  });
});

describe('ranks and standings', () => {
  it('ranks teams by the average per enrolled member since the start; the member sees their days', async () => {
    await move(at('2027-01-12', 21));
    for (const [i, m] of members.entries()) await upload(m.token, '2027-01-12', 4_000 + i * 300);
    await move(at('2027-01-13', 21));
    for (const [i, m] of members.entries()) if (i % 2 === 0) await upload(m.token, '2027-01-13', 6_000 + i * 100);
    // Over the cap: counted 30,000, flagged.
    await upload(members[3]!.token, '2027-01-13', 45_000);
    await move(at('2027-01-14', 9));
    // Sync reminder: 01-13's window closes 01-16 (grace 3), two days from today; members[1] has no upload of it.
    await remindSync(db(), clock);
    await remindSync(db(), clock);
    // Once per program: this round and the self-formed one members[1] entered too (no upload of 01-13 in either).
    expect(await pushes(members[1]!.id, 'syncReminder')).toBe(2);
    expect(await pushes(members[0]!.id, 'syncReminder')).toBe(0);
    // The minute run's refresh (the page itself never computes ranks).
    await refreshTeamRanks(db(), walkId, clock);
    const page = (await t.call('getTeamMatch', { teamMatchID: walkId }, members[0]!.token)).body;
    expect(page, JSON.stringify(page)).toMatchObject({ succeed: true, final: false, throughDay: '2027-01-13', totalTeams: 2 });
    expect(page.rankHistory.map((h) => h.day)).toEqual(['2027-01-12', '2027-01-13']);
    expect(page.myDays).toEqual([
      { day: '2027-01-12', steps: 4_000, counted: 4_000, state: 'provisional' },
      { day: '2027-01-13', steps: 6_000, counted: 6_000, state: 'provisional' },
    ]);
    expect(page.standings.filter((s) => s.mine)).toHaveLength(1);
    expect(page.bestRank).toBe(Math.min(...page.rankHistory.map((h) => h.rank)));
    const capped = (await t.call('getTeamMatch', { teamMatchID: walkId }, members[3]!.token)).body.myDays.at(-1);
    expect(capped).toEqual({ day: '2027-01-13', steps: 45_000, counted: 30_000, state: 'underReview' });
    // Recomputed here: each team's score = sum of counted / enrolled members, averaged over the days.
    const teams = await data.entrants(db(), walkId, '2027-01-10');
    const counted = (userId: number, day: string) => {
      const i = members.findIndex((m) => m.id === userId);
      if (day === '2027-01-12') return 4_000 + i * 300;
      if (i === 3) return 30_000;
      return i % 2 === 0 ? 6_000 + i * 100 : 0;
    };
    const standings = (await t.consoleCall('getTeamMatchStandings', { teamMatchID: walkId }, { token: tok.support })).body;
    expect(standings.total).toBe(2);
    for (const s of standings.standings) {
      const ids = teams.filter((e) => e.team_id === s.teamID).map((e) => e.user_id);
      const day = (d: string) => ids.reduce((a, u) => a + counted(u, d), 0) / ids.length;
      expect(s.score).toBe(Math.round((day('2027-01-12') + day('2027-01-13')) / 2));
      expect(s.memberCount).toBe(ids.length);
    }
    expect(standings.standings[0]!.score).toBeGreaterThanOrEqual(standings.standings[1]!.score);
  });

  it('exports the standings as CSV with a BOM, provisional in the name, audited', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportTeamMatchStandings',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.editor}` },
      payload: JSON.stringify({ teamMatchID: walkId }),
    });
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain('provisional');
    expect(csv.body.startsWith('\ufeff')).toBe(true);
    expect(csv.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(3);
    expect((await t.consoleCall('exportTeamMatchStandings', { teamMatchID: walkId }, { token: tok.support })).status).toBe(403);
  });

  it('refuses edits of a formed round but its names, cap and grace (alreadyFormed)', async () => {
    expect(
      (await t.consoleCall('saveTeamMatch', round({ teamMatchID: walkId, startDate: '2027-01-11' }), { token: tok.editor })).body.errorCode,
    ).toBe('alreadyFormed');
    const ok = await t.consoleCall('saveTeamMatch', round({ teamMatchID: walkId, name: { ja: '冬のチーム対抗ウォーク 2027', en: null } }), {
      token: tok.editor,
    });
    expect(ok.body.succeed).toBe(true);
    expect((await t.consoleCall('formTeams', { teamMatchID: walkId }, { token: tok.editor })).body.errorCode).toBe('alreadyStarted');
  });
});

describe('unusual days', () => {
  it('flags a day held from steps entered by hand (the source manual), and shows it under review', async () => {
    // members[4] uploaded 6,400 for 01-13 from the phone; a larger figure typed in by hand becomes the day's figure.
    const manual = { ...device, source: 'Manual' };
    const up = await t.call(
      'uploadHealthData',
      { healthData: [{ dateTime: tokyoDayStart('2027-01-13'), steps: 9_999 }], ...manual },
      members[4]!.token,
    );
    expect(up.body.succeed).toBe(true);
    expect((await t.call('notifyHealthDataFixed', manual, members[4]!.token)).body.succeed).toBe(true);
    const flags = (await t.consoleCall('listStepFlags', { state: 'open', programKind: 'teamMatch', programID: walkId }, { token: tok.editor })).body;
    expect(flags.flags.filter((f) => f.reason === 'manual')).toMatchObject([{ day: '2027-01-13', steps: 9_999, state: 'open', median: null }]);
    const day = (await t.call('getTeamMatch', { teamMatchID: walkId }, members[4]!.token)).body.myDays.at(-1);
    expect(day).toEqual({ day: '2027-01-13', steps: 9_999, counted: 9_999, state: 'underReview' });
    // The phone's own figures are never flagged as entered by hand.
    expect(flags.flags.filter((f) => f.reason === 'manual' && f.steps !== 9_999)).toEqual([]);
  });

  it('lists the flag; support may not review; an exclusion counts 0 and the member sees it', async () => {
    const flags = (await t.consoleCall('listStepFlags', { state: 'open', programKind: 'teamMatch', programID: walkId }, { token: tok.support })).body;
    const flag = flags.flags.find((f) => f.steps === 45_000)!;
    expect(flag).toMatchObject({ reason: 'overCap', day: '2027-01-13', state: 'open' });
    expect((await t.consoleCall('reviewStepFlag', { flagID: flag.flagID, decision: 'exclude' }, { token: tok.support })).status).toBe(403);
    expect((await t.consoleCall('reviewStepFlag', { flagID: 999_999, decision: 'keep' }, { token: tok.editor })).body.errorCode).toBe('notFound');
    const r = await t.consoleCall('reviewStepFlag', { flagID: flag.flagID, decision: 'exclude' }, { token: tok.editor });
    expect(r.body).toMatchObject({ succeed: true, state: 'excluded' });
    expect((await t.call('getTeamMatch', { teamMatchID: walkId }, members[3]!.token)).body.myDays.at(-1)).toEqual({
      day: '2027-01-13',
      steps: 45_000,
      counted: 0,
      state: 'excluded',
    });
  });
});

describe('final results', () => {
  it('are final after the last window; a late upload then changes nothing; members are told once', async () => {
    await move(at('2027-01-22', 10));
    const before = (await t.call('getTeamMatch', { teamMatchID: walkId }, members[1]!.token)).body;
    expect(before.final).toBe(true);
    await upload(members[1]!.token, '2027-01-13', 20_000);
    const after = (await t.call('getTeamMatch', { teamMatchID: walkId }, members[1]!.token)).body;
    expect(after.standings).toEqual(before.standings);
    expect(after.myDays.find((d) => d.day === '2027-01-13')).toMatchObject({ steps: null, state: 'missing' });
    await runPrograms(db(), clock);
    const got = (await t.consoleCall('getConsoleTeamMatch', { teamMatchID: walkId }, { token: tok.editor })).body.teamMatch;
    expect(got.status).toBe('final');
    expect(got.resultsNotifiedAt).toBe(clock.getTime());
    await runPrograms(db(), clock);
    expect(await pushes(members[0]!.id, 'programResult')).toBe(1);
    expect((await t.consoleCall('saveTeamMatch', round({ teamMatchID: walkId }), { token: tok.editor })).body.errorCode).toBe('alreadyFinal');
  });
});

/* ------------------------------------------------------------------ challenges */

const challenge = (over: Partial<IndividualMatchFormValues> = {}): IndividualMatchFormValues => ({
  name: { ja: '春の歩数チャレンジ', en: 'Spring Step Challenge' },
  tenantIDs: [tenantA],
  entryFrom: '2027-02-01',
  entryTo: '2027-02-05',
  startDate: '2027-02-03',
  endDate: '2027-02-06',
  thresholdSteps: 5_000,
  graceDays: 1,
  prizes: [
    { name: { ja: '一等', en: 'First' }, winners: 1 },
    { name: { ja: '二等', en: 'Second' }, winners: 2 },
  ],
  ...over,
});

describe('challenges and the verifiable draw', () => {
  let id: number;
  it('saves a challenge (bad dates change nothing), members enter in the window only', async () => {
    await move(at('2027-01-31'));
    const before = await count('individual_matches');
    expect((await t.consoleCall('saveIndividualMatch', challenge({ endDate: '2027-02-01' }), { token: tok.editor })).body.errorCode).toBe(
      'endBeforeStart',
    );
    expect((await t.consoleCall('saveIndividualMatch', challenge({ prizes: [] }), { token: tok.editor })).status).toBe(400);
    expect((await t.consoleCall('saveIndividualMatch', challenge(), { token: tok.support })).status).toBe(403);
    expect(await count('individual_matches')).toBe(before);
    const r = await t.consoleCall('saveIndividualMatch', challenge(), { token: tok.editor });
    expect(r.body.succeed, JSON.stringify(r.body)).toBe(true);
    id = r.body.individualMatchID;
    await move(at('2027-01-31'));
    // Before its entry window a challenge is not shown yet.
    expect((await t.call('enterIndividualMatch', { individualMatchID: id, isGeneral: false }, members[0]!.token)).body.errorCode).toBe('notFound');
    await move(at('2027-02-02'));
    for (const m of members.slice(0, 10))
      expect((await t.call('enterIndividualMatch', { individualMatchID: id, isGeneral: false }, m.token)).body.succeed).toBe(true);
    expect((await t.call('enterIndividualMatch', { individualMatchID: id, isGeneral: false }, outsider.token)).body.errorCode).toBe('notFound');
    // After the entry window (entryTo 02-05): closed, nothing written.
    await move(at('2027-02-06'));
    expect((await t.call('enterIndividualMatch', { individualMatchID: id, isGeneral: false }, members[10]!.token)).body.errorCode).toBe('closed');
    expect(await count(`individual_match_entries WHERE individual_match_id = ${id}`)).toBe(10);
  });

  it('shows the counted average (missing days 0), days counted and left, eligibility', async () => {
    for (const day of ['2027-02-03', '2027-02-04', '2027-02-05', '2027-02-06']) {
      await move(at(day, 22));
      for (const [i, m] of members.slice(0, 10).entries()) if (i !== 9 || day === '2027-02-03') await upload(m.token, day, 3_000 + i * 600);
    }
    await move(at('2027-02-05', 9));
    const mid = (await t.call('getIndividualMatch', { individualMatchID: id }, members[9]!.token)).body;
    expect(mid).toMatchObject({
      entered: true,
      daysCounted: 2,
      daysTotal: 4,
      daysLeft: 2,
      final: false,
      averageSteps: Math.floor((3_000 + 9 * 600) / 2),
    });
    expect(mid.eligible).toBe(false);
    expect(mid.myDays.map((d) => d.state)).toEqual(['final', 'missing']);
    const other = (await t.call('getIndividualMatch', { individualMatchID: id }, members[8]!.token)).body;
    expect(other.myDays.map((d) => d.state)).toEqual(['final', 'provisional']);
  });

  it('commits, refuses the draw before final and without a commitment, then draws verifiably', async () => {
    const other = (await t.consoleCall('saveIndividualMatch', challenge({ name: { ja: '別のチャレンジ', en: null } }), { token: tok.editor })).body
      .individualMatchID;
    const c = await t.consoleCall('commitDraw', { individualMatchID: id }, { token: tok.editor });
    expect(c.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.consoleCall('commitDraw', { individualMatchID: id }, { token: tok.editor })).body.errorCode).toBe('alreadyCommitted');
    expect(
      (await t.consoleCall('saveIndividualMatch', challenge({ individualMatchID: id, thresholdSteps: 1_000 }), { token: tok.editor })).body.errorCode,
    ).toBe('alreadyCommitted');
    expect((await t.consoleCall('runDraw', { individualMatchID: id }, { token: tok.editor })).body.errorCode).toBe('notFinal');
    await move(at('2027-02-09'));
    expect((await t.consoleCall('runDraw', { individualMatchID: other }, { token: tok.editor })).body.errorCode).toBe('notCommitted');
    expect((await t.consoleCall('runDraw', { individualMatchID: id }, { token: tok.support })).status).toBe(403);
    const seen = (await t.call('getIndividualMatch', { individualMatchID: id }, members[0]!.token)).body;
    expect(seen.draw).toMatchObject({ commitment: c.body.commitment, seed: null, entryNumbers: null });
    const drawn = await t.consoleCall('runDraw', { individualMatchID: id }, { token: tok.editor });
    expect(drawn.body.succeed, JSON.stringify(drawn.body)).toBe(true);
    // Eligible: average over 4 days >= 5,000 → 3,000 + i*600 >= 5,000 → i >= 4 (i = 9 uploaded one day only).
    expect(drawn.body.entries).toBe(5);
    expect(drawn.body.winners).toHaveLength(3);
    expect((await t.consoleCall('runDraw', { individualMatchID: id }, { token: tok.editor })).body.errorCode).toBe('alreadyDrawn');

    // Recomputed from the published data only.
    const pub = (await t.call('getIndividualMatch', { individualMatchID: id }, members[0]!.token)).body;
    const seed = pub.draw.seed!;
    expect(crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(pub.draw.commitment);
    const order = [...pub.draw.entryNumbers!].sort((a, b) => {
      const h = (n: number) => crypto.createHmac('sha256', Buffer.from(seed, 'hex')).update(String(n)).digest('hex');
      return h(a) < h(b) ? -1 : 1;
    });
    const expected: { entryNumber: number; prizeIndex: number }[] = [];
    let k = 0;
    pub.prizes.forEach((p, prizeIndex) => {
      for (let j = 0; j < p.winners && k < order.length; j++) expected.push({ entryNumber: order[k++]!, prizeIndex });
    });
    const sorted = (w: { entryNumber: number; prizeIndex: number }[]) =>
      [...w].sort((a, b) => a.prizeIndex - b.prizeIndex || a.entryNumber - b.entryNumber);
    expect(sorted(pub.draw.winners!)).toEqual(sorted(expected));
    expect([...pub.draw.entryNumbers!].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    // Winners are told by mail (programWin); the console names them.
    const mails = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'programWin'`);
    expect(Number(mails[0]!.n)).toBe(3);
    const consoleView = (await t.consoleCall('getConsoleIndividualMatch', { individualMatchID: id }, { token: tok.support })).body.individualMatch;
    expect(consoleView.winners).toHaveLength(3);
    expect(consoleView.seed).toBe(seed);
    const audit = await rows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_log WHERE target_type = 'individualMatch' AND target_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['saveIndividualMatch', 'commitDraw', 'runDraw']);
  });
});
