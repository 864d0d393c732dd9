import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDays, tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';
import { applyStaged, stageUpload } from '../health/service.ts';
import * as data from './data.ts';
import { finalFrom, programStatus, throughDay, windowClosesOn } from './rules.ts';
import { formRound, refreshTeamRanks } from './service.ts';

/**
 * The one counting rule (docs/requirements/programs.md#programs-counting, decision 187): the held figure is the day's
 * upload (the larger of two devices, a second upload replacing the first), capped, today never counted, moved by late
 * uploads inside the grace window and by nothing after it; replaying the same uploads in any order gives the same
 * final standings.
 */
const START = '2027-03-01';
const END = '2027-03-05';
const GRACE = 2;
const CAP = 10_000;
const at = (day: string, hour = 12) => new Date(tokyoDayStart(day) + hour * 3_600_000);
const device = (source: string) => ({ source, osType: 'ios', osVersion: '17', appVersion: '3.2.0' });

let t: TestApp;
const clock = at('2027-02-20');
let matchId: number;
const users: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false, now: () => clock });
  const db = t.database.db;
  const tenant = await createTenant(db);
  for (let i = 0; i < 9; i++) users.push((await createMember(db, { tenantId: tenant, attribution1: `部${i % 3}`, now: clock })).id);
  matchId = await data.insertTeamMatch(
    db,
    {
      nameJa: '性質テスト',
      nameEn: null,
      entryFrom: '2027-02-15',
      entryTo: END,
      startDate: START,
      endDate: END,
      formationMode: 'department',
      minTeamSize: 3,
      teamsPerLeague: 2,
      dailyCap: CAP,
      graceDays: GRACE,
    },
    'test',
    clock,
  );
  await data.setTeamMatchTenants(db, matchId, [tenant]);
  for (const u of users) await data.insertTeamEntry(db, matchId, u, clock);
  const formed = await formRound(db, matchId, at('2027-02-25'), { byOperator: true, seed: '0123456789abcdef0123456789abcdef' });
  expect(formed).toMatchObject({ teams: 3, entrants: 9 });
}, 120_000);
afterAll(async () => t?.close());

async function upload(user: number, source: string, day: string, steps: number, now: Date) {
  await stageUpload(t.database.db, user, device(source), [{ day, steps, weight: null, body_fat_percentage: null }]);
  await applyStaged(t.database.db, user, source, tokyoDayOf(now), now);
}
const tokyoDayOf = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

const held = async (user: number, day: string) =>
  (
    await rows<{ steps: number }>(
      t.database.db,
      sql`SELECT steps FROM program_days WHERE program_kind = 'teamMatch' AND program_id = ${matchId} AND user_id = ${user} AND day = ${day}::date`,
    )
  )[0]?.steps ?? null;

async function reset() {
  const ids = `{${users.join(',')}}`;
  await t.database.db.execute(sql`DELETE FROM program_days WHERE user_id = ANY(${ids}::int[])`);
  await t.database.db.execute(sql`DELETE FROM step_flags WHERE user_id = ANY(${ids}::int[])`);
  await t.database.db.execute(sql`DELETE FROM device_daily_steps WHERE user_id = ANY(${ids}::int[])`);
  await t.database.db.execute(sql`DELETE FROM daily_steps WHERE user_id = ANY(${ids}::int[])`);
}

describe('the dates of the rule', () => {
  it('closes a day graceDays after it, never later than 3 days after the end; final from the day after', () => {
    const p = { entryFrom: '2027-02-15', entryTo: END, startDate: START, endDate: END, graceDays: 7 };
    expect(windowClosesOn(START, p)).toBe('2027-03-08');
    expect(windowClosesOn(END, p)).toBe('2027-03-08');
    expect(finalFrom({ endDate: END, graceDays: 1 })).toBe('2027-03-06');
    expect(programStatus(p, '2027-02-10')).toBe('upcoming');
    expect(programStatus(p, '2027-02-20')).toBe('entryOpen');
    expect(programStatus(p, START)).toBe('running');
    expect(programStatus(p, '2027-03-08')).toBe('provisional');
    expect(programStatus(p, '2027-03-09')).toBe('final');
    expect(throughDay(p, START)).toBeNull();
    expect(throughDay(p, '2027-03-03')).toBe('2027-03-02');
    expect(throughDay(p, '2027-04-01')).toBe(END);
  });
});

describe('the held figure', () => {
  it('is the larger of two devices, replaced by a later upload, kept after the window closes', async () => {
    await reset();
    const [u] = users;
    await upload(u!, 'phone', '2027-03-02', 4_000, at('2027-03-02', 20));
    await upload(u!, 'watch', '2027-03-02', 6_000, at('2027-03-02', 21));
    expect(await held(u!, '2027-03-02')).toBe(6_000);
    // The phone's second upload of the day replaces its first: now the larger.
    await upload(u!, 'phone', '2027-03-02', 7_500, at('2027-03-03', 8));
    expect(await held(u!, '2027-03-02')).toBe(7_500);
    // Late, inside the window (closes 03-04): moves it.
    await upload(u!, 'phone', '2027-03-02', 8_000, at('2027-03-04', 23));
    expect(await held(u!, '2027-03-02')).toBe(8_000);
    // After the window: kept in daily_steps, not in the program.
    await upload(u!, 'phone', '2027-03-02', 9_000, at('2027-03-05', 1));
    expect(await held(u!, '2027-03-02')).toBe(8_000);
    const [ds] = await rows<{ steps: number }>(t.database.db, sql`SELECT steps FROM daily_steps WHERE user_id = ${u!} AND day = '2027-03-02'`);
    expect(Number(ds!.steps)).toBe(9_000);
  });

  it('caps the counted figure, never counts today, and counts a missing day 0 for the team', async () => {
    await reset();
    const team = (await data.teamsOf(t.database.db, matchId))[0]!;
    const members = (await data.entrants(t.database.db, matchId, START)).filter((e) => e.team_id === team.id).map((e) => e.user_id);
    await upload(members[0]!, 'phone', START, 50_000, at(START, 22));
    await upload(members[1]!, 'phone', START, 2_000, at(START, 22));
    await upload(members[0]!, 'phone', '2027-03-02', 3_000, at('2027-03-02', 22));
    // Today (03-02): only 03-01 counts.
    await refreshTeamRanks(t.database.db, matchId, at('2027-03-02', 23), true);
    const ranks = await rows<{ day: string; day_avg: number }>(
      t.database.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, day_avg FROM team_match_day_ranks WHERE team_id = ${team.id} ORDER BY day`,
    );
    expect(ranks).toEqual([{ day: START, day_avg: Math.round((CAP + 2_000) / members.length) }]);
    // Over the cap: flagged, not removed.
    const flags = await rows<{ reason: string }>(
      t.database.db,
      sql`SELECT reason FROM step_flags WHERE user_id = ${members[0]!} AND day = ${START}::date`,
    );
    expect(flags.map((f) => f.reason)).toContain('overCap');
  });
});

describe('replaying the same uploads in any order', () => {
  it('gives the same final standings (property)', async () => {
    const days = [START, '2027-03-02', '2027-03-03', '2027-03-04', END];
    const inWindowAt = at('2027-03-06', 10); // every window still open (closes min(d + 2, end + 3) >= 03-06 for d >= 03-04)
    // Days 03-01..03-03 close before 03-06 for grace 2: upload those at their own next day instead.
    const upAt = (day: string) => (windowClosesOn(day, { endDate: END, graceDays: GRACE }) < '2027-03-06' ? at(addDays(day, 1), 10) : inWindowAt);
    const seriesArb = fc.array(
      fc.record({
        user: fc.integer({ min: 0, max: users.length - 1 }),
        source: fc.constantFrom('phone', 'watch', 'band'),
        day: fc.constantFrom(...days),
        increments: fc.array(fc.integer({ min: 0, max: 9_000 }), { minLength: 1, maxLength: 3 }),
        late: fc.integer({ min: 1, max: 5_000 }),
      }),
      { minLength: 1, maxLength: 14 },
    );
    await fc.assert(
      fc.asyncProperty(seriesArb, fc.infiniteStream(fc.nat()), async (series, picks) => {
        // One (user, source, day) once: a device's counter only grows, so its uploads keep their own order.
        const seen = new Set<string>();
        const streams = series.filter((s) => {
          const key = `${s.user}:${s.source}:${s.day}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        const queues = streams.map((s) => {
          let total = 0;
          return s.increments.map((inc) => ({ user: users[s.user]!, source: s.source, day: s.day, steps: (total += inc) }));
        });
        const play = async () => {
          await reset();
          const qs = queues.map((q) => [...q]);
          const it = picks[Symbol.iterator]();
          // Interleave the devices' queues in an arbitrary order; each upload at its day's in-window time.
          for (;;) {
            const live = qs.filter((q) => q.length > 0);
            if (live.length === 0) break;
            const q = live[it.next().value % live.length]!;
            const u = q.shift()!;
            await upload(u.user, u.source, u.day, u.steps, upAt(u.day));
          }
          // After every window: larger counts that must change nothing.
          for (const [i, s] of streams.entries()) {
            const last = queues[i]!.at(-1)!;
            await upload(last.user, s.source, s.day, last.steps + s.late, at('2027-03-09', 10));
          }
          await refreshTeamRanks(t.database.db, matchId, at('2027-03-10', 10), true);
          return JSON.stringify(
            await rows(
              t.database.db,
              sql`SELECT team_id, to_char(day, 'YYYY-MM-DD') AS day, day_avg, score, rank, league_rank FROM team_match_day_ranks
                   WHERE team_match_id = ${matchId} ORDER BY team_id, day`,
            ),
          );
        };
        const first = await play();
        const second = await play();
        expect(second).toBe(first);
        // And the standings equal the rule computed here: per member and day the largest device's last count, capped.
        const best = new Map<string, number>();
        for (const q of queues) {
          const last = q.at(-1)!;
          const key = `${last.user}:${last.day}`;
          best.set(key, Math.max(best.get(key) ?? 0, last.steps));
        }
        const teams = await data.entrants(t.database.db, matchId, START);
        const ranks = JSON.parse(first) as { team_id: number; day: string; day_avg: number }[];
        for (const r of ranks) {
          const members = teams.filter((e) => e.team_id === Number(r.team_id)).map((e) => e.user_id);
          const sum = members.reduce((a, u) => a + Math.min(CAP, best.get(`${u}:${r.day}`) ?? 0), 0);
          expect(Number(r.day_avg)).toBe(Math.round(sum / members.length));
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});

describe('the rank refresh', () => {
  it('writes only the days still open since the last computation, and gives what a full computation gives', async () => {
    await reset();
    await t.database.db.execute(sql`DELETE FROM team_match_rank_state WHERE team_match_id = ${matchId}`);
    for (const [i, u] of users.entries())
      for (const day of [START, '2027-03-02', '2027-03-03']) await upload(u, 'phone', day, 3_000 + i * 500, at(addDays(day, 1), 8));
    await refreshTeamRanks(t.database.db, matchId, at('2027-03-04', 9), true);
    // A late upload inside 03-03's window, then the refresh of the next day: only days from 03-02 on are written.
    await upload(users[0]!, 'phone', '2027-03-03', 9_000, at('2027-03-05', 8));
    await refreshTeamRanks(t.database.db, matchId, at('2027-03-05', 9), true);
    const snap = async () =>
      JSON.stringify(
        await rows(
          t.database.db,
          sql`SELECT team_id, to_char(day, 'YYYY-MM-DD') AS day, day_avg, score, rank, league_rank FROM team_match_day_ranks
               WHERE team_match_id = ${matchId} ORDER BY team_id, day`,
        ),
      );
    const partial = await snap();
    await t.database.db.execute(sql`DELETE FROM team_match_rank_state WHERE team_match_id = ${matchId}`);
    await refreshTeamRanks(t.database.db, matchId, at('2027-03-05', 9), true);
    expect(await snap()).toBe(partial);
    expect(JSON.parse(partial)).toHaveLength(3 * 4);
  });
});
