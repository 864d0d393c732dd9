import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STEP_BANDS, type InsightsGroupBy } from '@hibi/contract/console/insights';
import { addDays, mondayOf } from '@hibi/contract/time';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/query.ts';
import * as insights from './data.ts';
import { refreshAllAggregates } from '../health/data.ts';
import { foldWeekCells } from './data.ts';
import { applyStaged, recordDay, stageUpload } from '../health/service.ts';
import { scopeOf } from './service.ts';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { createTestDatabase } from '../../../test/helpers.ts';

/**
 * Issue 32's scale (decision 149): the insights read the health domain's running totals and the tenant's weekly cells
 * instead of the members' days. Here they must give the very figures the days give, for random periods and every
 * grouping: after a bulk load, after uploads and logs through the health service (old days too), after a member moves
 * department, birth year and tenant, and after a member is deleted. The reference reads daily_steps and health_logs
 * and computes in exact integers.
 */
let database: Database;
let tenantId = 0;
let otherTenant = 0;
const ids: number[] = [];
const FIRST = '2026-01-05';
const DAYS = 120;
const DEPTS = ['総務部', '営業部', '開発部', ''];

/** A small deterministic generator, so that a failure can be run again. */
let seed = 20261127;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

interface DayRow {
  user_id: number;
  day: string;
  steps: number | null;
  exercise: number | null;
  breakfast: number | null;
  night_meal: number | null;
  overeating: number | null;
  overdrinking: number | null;
  sleepness: number | null;
  feeling: number | null;
}
interface Member {
  id: number;
  attribution1: string;
  birth_year: number | null;
}

/** round(num / den, digits) as PostgreSQL rounds a numeric (half away from zero), for num, den >= 0. */
function roundRatio(num: bigint, den: bigint, digits: number): number | null {
  if (den === 0n) return null;
  const scale = 10n ** BigInt(digits);
  const q = (2n * num * scale + den) / (2n * den);
  return Number(q) / Number(scale);
}

function bandOf(daily: number): number {
  let band = 0;
  STEP_BANDS.forEach((lower, i) => {
    if (daily >= lower) band = i;
  });
  return band;
}

/** The figures from the days themselves. */
async function reference(from: string, to: string, groupBy: InsightsGroupBy) {
  const members = await rows<Member>(database.db, sql`SELECT id, attribution1, birth_year FROM users WHERE tenant_id = ${tenantId}`);
  const endYear = Number(to.slice(0, 4));
  const keyOf = (m: Member) =>
    groupBy === 'department'
      ? m.attribution1
      : groupBy === 'ageBand'
        ? m.birth_year === null
          ? 'unknown'
          : String(Math.max(0, Math.floor((endYear - m.birth_year) / 10)) * 10)
        : 'all';
  const days = await rows<DayRow>(
    database.db,
    sql`SELECT coalesce(s.user_id, l.user_id) AS user_id, coalesce(s.day, l.day)::text AS day, s.steps, l.exercise, l.breakfast,
               l.night_meal, l.overeating, l.overdrinking, l.sleepness, l.feeling
          FROM (SELECT * FROM daily_steps WHERE day BETWEEN ${from}::date AND ${to}::date) s
          FULL JOIN (SELECT * FROM health_logs WHERE day BETWEEN ${from}::date AND ${to}::date AND exercise IS NOT NULL) l
            ON l.user_id = s.user_id AND l.day = s.day
         WHERE coalesce(s.user_id, l.user_id) IN (SELECT id FROM users WHERE tenant_id = ${tenantId})`,
  );
  const byMember = new Map<number, DayRow[]>();
  for (const d of days) byMember.set(d.user_id, [...(byMember.get(d.user_id) ?? []), d]);
  const groups = new Map<string, { members: number; dailies: number[]; people: number; logDays: bigint; sums: bigint[] }>();
  for (const m of members) {
    const k = keyOf(m);
    const g = groups.get(k) ?? { members: 0, dailies: [], people: 0, logDays: 0n, sums: [0n, 0n, 0n, 0n, 0n, 0n] };
    groups.set(k, g);
    g.members += 1;
    const mine = byMember.get(m.id) ?? [];
    const stepDays = mine.filter((d) => d.steps !== null);
    if (stepDays.length > 0) g.dailies.push(stepDays.reduce((a, d) => a + d.steps!, 0) / stepDays.length);
    const logs = mine.filter((d) => d.exercise !== null);
    if (logs.length > 0) g.people += 1;
    for (const d of logs) {
      const healthy = (v: number | null) => (v === 1 ? 1n : 0n);
      const exercise480 = 24000n * healthy(d.exercise) + 3n * BigInt(Math.min(d.steps ?? 0, 8000));
      const meal3 = 100n * (healthy(d.breakfast) + healthy(d.night_meal) + healthy(d.overeating));
      const rest = 100n * (healthy(d.overdrinking) + healthy(d.sleepness) + healthy(d.feeling));
      // The day's score as health_daily_scores has it: the mean of the five, rounded to one decimal (x 10).
      const score10 = BigInt(Math.round(roundRatio(exercise480 * 3n + meal3 * 480n + rest * 1440n, 1440n * 5n, 1)! * 10));
      g.logDays += 1n;
      g.sums = [
        g.sums[0]! + score10,
        g.sums[1]! + exercise480,
        g.sums[2]! + meal3,
        g.sums[3]! + healthy(d.overdrinking),
        g.sums[4]! + healthy(d.sleepness),
        g.sums[5]! + healthy(d.feeling),
      ];
    }
  }
  const base = [...groups.entries()].map(([k, g]) => ({
    k,
    members: g.members,
    participants: g.dailies.length,
    avg_daily: g.dailies.length === 0 ? null : Math.round(g.dailies.reduce((a, b) => a + b, 0) / g.dailies.length),
    bands: STEP_BANDS.map((_, i) => g.dailies.filter((daily) => bandOf(daily) === i).length),
    people: g.people,
    score: roundRatio(g.sums[0]!, 10n * g.logDays, 1),
    exercise: roundRatio(g.sums[1]!, 480n * g.logDays, 1),
    meal: roundRatio(g.sums[2]!, 3n * g.logDays, 1),
    drinking: roundRatio(100n * g.sums[3]!, g.logDays, 1),
    sleep: roundRatio(100n * g.sums[4]!, g.logDays, 1),
    stress: roundRatio(100n * g.sums[5]!, g.logDays, 1),
  }));
  // Whole weeks inside the period.
  const firstMonday = mondayOf(from) === from ? from : addDays(mondayOf(from), 7);
  const endMonday = mondayOf(addDays(to, 1));
  const weeks = new Map<string, { steps: number; days: number; people: Set<number> }>();
  const memberKey = new Map(members.map((m) => [m.id, keyOf(m)]));
  for (const d of days) {
    if (d.steps === null || d.day < firstMonday || d.day >= endMonday) continue;
    const key = `${memberKey.get(d.user_id)}|${mondayOf(d.day)}`;
    const w = weeks.get(key) ?? { steps: 0, days: 0, people: new Set<number>() };
    weeks.set(key, w);
    w.steps += d.steps;
    w.days += 1;
    w.people.add(d.user_id);
  }
  const weekly = [...weeks.entries()].map(([key, w]) => {
    const [k, week] = key.split('|') as [string, string];
    return { k, week, avg_daily: Math.round(w.steps / w.days), people: w.people.size };
  });
  return { base, weekly };
}

async function actual(from: string, to: string, groupBy: InsightsGroupBy) {
  const scope = scopeOf(tenantId, from, to, groupBy);
  // groupBase answers every grouping at once (decision 176): the asked one's rows are compared.
  const base = (await insights.groupBase(database.db, scope, STEP_BANDS))
    .filter((row) => row.g === groupBy)
    .map(({ active: _active, g: _grouping, ...g }) => g);
  const weekly = await insights.weeklySteps(database.db, scope);
  return { base, weekly };
}

const byKey = <T extends { k: string }>(list: T[]) => [...list].sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
const byWeek = <T extends { k: string; week: string }>(list: T[]) => [...list].sort((a, b) => (`${a.k}|${a.week}` < `${b.k}|${b.week}` ? -1 : 1));

/** Random periods (some on Mondays, some a day long, some over the data's ends) in every grouping. */
async function expectSameAsTheDays(periods = 8) {
  for (let i = 0; i < periods; i++) {
    const start = addDays(FIRST, rand(DAYS + 20) - 10);
    const from = i === 0 ? FIRST : i === 1 ? mondayOf(start) : start;
    const to = i === 2 ? from : addDays(from, rand(DAYS));
    for (const groupBy of ['none', 'department', 'ageBand'] as const) {
      const [want, got] = await Promise.all([reference(from, to, groupBy), actual(from, to, groupBy)]);
      const label = `${from}..${to} by ${groupBy}`;
      expect(byKey(got.base), label).toEqual(byKey(want.base));
      expect(byWeek(got.weekly), label).toEqual(byWeek(want.weekly));
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  tenantId = await createTenant(database.db);
  otherTenant = await createTenant(database.db);
  for (let i = 0; i < 24; i++) {
    const m = await createMember(database.db, {
      tenantId,
      attribution1: DEPTS[i % DEPTS.length]!,
      birthYear: i % 7 === 0 ? null : 1960 + rand(45),
    });
    ids.push(m.id);
  }
  // A bulk load, as the seed and the benchmark write: most days have steps, a third have a log (some logs without
  // ratings, which do not count), a few members have nothing.
  const steps = [];
  const logs = [];
  for (const id of ids.slice(0, 21)) {
    for (let d = 0; d < DAYS; d++) {
      if (rand(10) < 8) steps.push(sql`(${id}, ${addDays(FIRST, d)}::date, ${rand(16000)})`);
      if (rand(3) === 0) {
        const r = () => 1 + rand(2);
        const rated = rand(8) > 0;
        logs.push(
          sql`(${id}, ${addDays(FIRST, d)}::date, ${rated ? r() : null}, ${r()}, ${r()}, ${r()}, ${r()}, ${r()}, ${r()}, ${rand(2) ? 60.5 : null})`,
        );
      }
    }
  }
  await database.db.execute(sql`INSERT INTO daily_steps (user_id, day, steps) VALUES ${sql.join(steps, sql`, `)}`);
  await database.db.execute(
    sql`INSERT INTO health_logs (user_id, day, exercise, breakfast, night_meal, overeating, overdrinking, sleepness, feeling, weight)
        VALUES ${sql.join(logs, sql`, `)}`,
  );
  await refreshAllAggregates(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('insights from the running totals and the weekly cells (issue 32, decision 149)', () => {
  it('give the figures of the days after a bulk load', async () => {
    await expectSameAsTheDays();
  });

  it('follow uploads and logs through the health service, old days and new ones', async () => {
    const device = { source: 'watch', osType: 'ios', osVersion: '18', appVersion: '1.0' };
    for (let i = 0; i < 12; i++) {
      const id = ids[rand(ids.length)]!;
      const day = addDays(FIRST, rand(DAYS));
      await stageUpload(database.db, id, device, [
        { day, steps: 20000 + rand(5000), weight: null, body_fat_percentage: null },
        { day: addDays(day, 1), steps: rand(9000), weight: null, body_fat_percentage: null },
      ]);
      await applyStaged(database.db, id, device.source, addDays(day, 2));
      await recordDay(database.db, id, addDays(day, -rand(30)), {
        weight: null,
        bodyFat: null,
        exercise: 1 + rand(2),
        breakfast: 1 + rand(2),
        nightMeal: 1 + rand(2),
        overeating: 1,
        overdrinking: 2,
        sleepness: 1 + rand(2),
        feeling: 1,
        note: null,
      });
    }
    await expectSameAsTheDays();
  });

  it('follow members who move department, birth year and tenant, and members deleted', async () => {
    await database.db.execute(sql`UPDATE users SET attribution1 = '営業部' WHERE id = ${ids[0]!}`);
    await database.db.execute(sql`UPDATE users SET birth_year = 1999 WHERE id = ${ids[1]!}`);
    await database.db.execute(sql`UPDATE users SET birth_year = NULL, attribution1 = '新部署' WHERE id = ${ids[2]!}`);
    await database.db.execute(sql`UPDATE users SET tenant_id = ${otherTenant} WHERE id = ${ids[3]!}`);
    await database.db.execute(sql`DELETE FROM users WHERE id = ${ids[4]!}`);
    await expectSameAsTheDays();
    // The answers above read the cells and the changes not folded yet; folded, the cells alone hold the same
    // (migration 0810). Nothing is left in a cell of the member who moved away or was deleted, and the other tenant
    // has the mover's weeks.
    expect(await foldWeekCells(database.db)).toBeGreaterThan(0);
    expect(await foldWeekCells(database.db)).toBe(0);
    await expectSameAsTheDays();
    const [cells] = await rows<{ here: number; there: number; weeks: number }>(
      database.db,
      sql`SELECT (SELECT coalesce(sum(people), 0) FROM insights_week_cells WHERE tenant_id = ${tenantId})::int AS here,
                 (SELECT coalesce(sum(people), 0) FROM insights_week_cells WHERE tenant_id = ${otherTenant})::int AS there,
                 (SELECT count(*) FROM weekly_steps w JOIN users u ON u.id = w.user_id WHERE u.tenant_id = ${tenantId})::int AS weeks`,
    );
    expect(cells!.here).toBe(cells!.weeks);
    expect(cells!.there).toBeGreaterThan(0);
  });

  it('keep no empty cells and no running totals of the deleted', async () => {
    const [left] = await rows<{ empty: number; orphans: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM insights_week_cells WHERE people = 0)::int AS empty,
                 (SELECT count(*) FROM health_running_totals WHERE user_id = ${ids[4]!})::int AS orphans`,
    );
    expect(left).toEqual({ empty: 0, orphans: 0 });
  });
});
