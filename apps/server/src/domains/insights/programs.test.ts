import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEAM_WALK_GOAL_STEPS, type ProgramParticipation } from '@hibi/contract/console/insights';
import { addDays, tokyoDayStart } from '@hibi/contract/time';
import { createMember, createTenant } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { unzip } from '../../../test/unzip.ts';

/**
 * Issue 57 item 7 (docs/requirements/programs.md#programs-insights): company insights gain participation per program
 * (entrants, active entrants, completion) by the insights' groups, under the floor of 5. A Team Walk and a challenge
 * of the test's own tenant, with days the programs hold written as the counting rule writes them (program_days).
 */
const START = '2026-05-01';
const END = '2026-05-10';
// The clock: 2026-05-06 12:00 in Tokyo, so 5 days (1st..5th) are finished.
const clock = tokyoDayStart('2026-05-06') + 12 * 3600_000;
let t: TestApp;
let owner = '';
let tenantId = 0;
let teamMatchID = 0;
let challengeID = 0;
/** Department -> entrants: how many, how many walked, how many reached the goal each day. */
const plan: Record<string, { entrants: number; walked: number; reached: number; outsiders: number }> = {
  営業部: { entrants: 8, walked: 6, reached: 3, outsiders: 2 },
  開発部: { entrants: 6, walked: 6, reached: 6, outsiders: 0 },
  総務部: { entrants: 2, walked: 2, reached: 2, outsiders: 5 },
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  owner = await t.operatorToken('owner@example.com');
  tenantId = await createTenant(t.database.db);
  const db = t.database.db;
  await db.execute(sql`UPDATE tenants SET team_match_enabled = true WHERE id = ${tenantId}`);
  const startAt = new Date(tokyoDayStart(START)).toISOString();
  const endAt = new Date(tokyoDayStart(addDays(END, 1))).toISOString();
  teamMatchID = (
    (await db.execute(
      sql`INSERT INTO team_matches (name_ja, name_en, start_at, end_at, daily_cap) VALUES ('春のチーム対抗', 'Spring Team Walk', ${startAt}, ${endAt}, 20000) RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows[0]!.id;
  await db.execute(sql`INSERT INTO team_match_tenants (team_match_id, tenant_id) VALUES (${teamMatchID}, ${tenantId})`);
  challengeID = (
    (await db.execute(
      sql`INSERT INTO individual_matches (name_ja, display_start_at, display_end_at, start_at, end_at, threshold_steps, is_general, tenant_id)
          VALUES ('5月のチャレンジ', ${startAt}, ${endAt}, ${startAt}, ${endAt}, 8000, false, ${tenantId}) RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows[0]!.id;
  await db.execute(sql`INSERT INTO individual_match_tenants (individual_match_id, tenant_id) VALUES (${challengeID}, ${tenantId})`);
  for (const [dept, p] of Object.entries(plan)) {
    for (let i = 0; i < p.entrants + p.outsiders; i++) {
      const m = await createMember(db, { tenantId, attribution1: dept });
      if (i >= p.entrants) continue;
      await db.execute(sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at) VALUES (${teamMatchID}, ${m.id}, now())`);
      if (i < 5) await db.execute(sql`INSERT INTO individual_match_entries (individual_match_id, user_id) VALUES (${challengeID}, ${m.id})`);
      if (i >= p.walked) continue;
      // A walker who reaches the goal walks 25,000 a day (capped at 20,000 by the Team Walk); the others 3,000.
      // Today (the 6th) and a day after it are held too: they never count.
      const steps = i < p.reached ? 25_000 : 3_000;
      const days = Array.from({ length: 7 }, (_, d) => addDays(START, d));
      for (const [kind, id] of [
        ['teamMatch', teamMatchID],
        ['individualMatch', challengeID],
      ] as const) {
        await db.execute(
          sql`INSERT INTO program_days (program_kind, program_id, user_id, day, steps)
              VALUES ${sql.join(
                days.map((day) => sql`(${kind}, ${id}, ${m.id}, ${day}::date, ${day >= '2026-05-06' ? 0 : steps})`),
                sql`, `,
              )}`,
        );
      }
    }
  }
});
afterAll(async () => {
  await t?.close();
});

const insights = async (groupBy: 'none' | 'department' | 'ageBand') => {
  const r = await t.consoleCall('getCompanyInsights', { tenantId, from: '2026-04-01', to: '2026-05-31', groupBy }, { token: owner });
  expect(r.body.succeed).toBe(true);
  return r.body.programs as ProgramParticipation[];
};

describe('participation per program in company insights', () => {
  it('counts entrants, active entrants and completion for the whole tenant, finished days only', async () => {
    const programs = await insights('none');
    const team = programs.find((p) => p.kind === 'teamMatch' && p.id === teamMatchID)!;
    expect(team).toMatchObject({ goalSteps: TEAM_WALK_GOAL_STEPS, daysFinished: 5, startDate: START, endDate: END });
    // 16 entrants; 14 walked; 11 reached the goal (3 + 6 + 2): capped 20,000 ≥ 8,000, 3,000 < 8,000.
    expect(team.groups).toEqual([
      { key: 'all', entrants: 16, activeEntrants: 14, completion: Math.round((11 / 16) * 1000) / 1000, suppressed: false },
    ]);
    const challenge = programs.find((p) => p.kind === 'individualMatch' && p.id === challengeID)!;
    // 5 + 5 + 2 = 12 entrants, walkers among them 5 + 5 + 2, reached 3 + 5 + 2.
    expect(challenge.groups[0]).toMatchObject({ entrants: 12, activeEntrants: 12, completion: Math.round((10 / 12) * 1000) / 1000 });
  });

  it('hides a department under the floor and the next smallest with it, by entrants', async () => {
    const team = (await insights('department')).find((p) => p.kind === 'teamMatch' && p.id === teamMatchID)!;
    const by = Object.fromEntries(team.groups.map((g) => [g.key, g]));
    // 総務部 has 7 members (shown in the members' figures) but only 2 entrants: hidden; 開発部 (6) hidden with it so
    // that the total minus 営業部 does not give 総務部's 2.
    expect(by['総務部']).toMatchObject({ entrants: null, suppressed: true });
    expect(by['開発部']).toMatchObject({ entrants: null, suppressed: true });
    expect(by['営業部']).toMatchObject({ entrants: 8, activeEntrants: 6, completion: 0.375, suppressed: false });
  });

  it('lists only programs the tenant takes part in and that overlap the period', async () => {
    const r = await t.consoleCall('getCompanyInsights', { tenantId, from: '2026-06-01', to: '2026-06-30', groupBy: 'none' }, { token: owner });
    expect(r.body.programs.filter((p: ProgramParticipation) => p.id === teamMatchID && p.kind === 'teamMatch')).toEqual([]);
    const other = await createTenant(t.database.db);
    const o = await t.consoleCall('getCompanyInsights', { tenantId: other, from: '2026-04-01', to: '2026-05-31', groupBy: 'none' }, { token: owner });
    expect(o.body.programs.some((p: ProgramParticipation) => p.kind === 'teamMatch' && p.id === teamMatchID)).toBe(false);
  });

  it('writes the programs table into the export, hidden cells marked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportCompanyInsights',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      payload: JSON.stringify({ tenantId, from: '2026-04-01', to: '2026-05-31', groupBy: 'department', locale: 'en' }),
    });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const name = [...files.keys()].find((f) => f.endsWith('6-programs.csv'))!;
    const csv = files.get(name)!;
    expect(csv).toContain('Spring Team Walk');
    expect(csv).toMatch(/Spring Team Walk,2026-05-01 – 2026-05-10,営業部,8,6,37\.5/);
    expect(csv).toContain('Fewer than 5');
  });
});
