import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FLAG_MEDIAN_FACTOR, FLAG_MEDIAN_MIN } from '@hibi/contract/functions/programs';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { rows } from '../db/query.ts';
import {
  commitDraw,
  entrants,
  holdDays,
  insertTeamEntry,
  insertTeamMatch,
  markFormed,
  replaceTeams,
  setTeamMatchTenants,
} from '../domains/programs/data.ts';
import { planTeams } from '../domains/programs/formation.ts';
import type { SeedContext } from './context.ts';

/** The demo round's recorded formation seed (hex) and its teams' least size. */
const DEMO_SEED = '5eed0057a11c0de5eed0057a11c0de00';
const MIN_TEAM = 7;

/**
 * Programs' demo content (docs/requirements/programs.md, decision 187), written through the programs' own code: a
 * running Team Walk by department (the second hundred of the population, formed by the service's formation, a week
 * of held days) and committed draws with two prizes on the running general challenge and on the finished one, whose
 * results are final so that the office can run the draw.
 */
export async function seedPrograms(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const today = tokyoDay(now.getTime());
  const id = await insertTeamMatch(
    db,
    {
      nameJa: '冬の部署対抗ウォーク 2026',
      nameEn: 'Winter Department Walk 2026',
      entryFrom: addDays(today, -20),
      entryTo: addDays(today, 2),
      startDate: addDays(today, -6),
      endDate: addDays(today, 7),
      formationMode: 'department',
      minTeamSize: MIN_TEAM,
      teamsPerLeague: 4,
      dailyCap: 30_000,
      graceDays: 7,
    },
    'seed',
    now,
  );
  await setTeamMatchTenants(db, id, [ctx.tenants.corporate]);
  const people = ctx.users.population.slice(100);
  for (const u of people) await insertTeamEntry(db, id, u, new Date(now.getTime() - 10 * 86_400_000));
  // Formed a day before the start by the formation the console's "Form teams now" runs (formation.ts planTeams, by
  // department, from the recorded seed), written by the same data functions; no push (nobody's device is in the demo).
  const people28 = await entrants(db, id, addDays(today, -7));
  const plan = planTeams(
    'department',
    people28.map((p) => ({ userId: p.user_id, tenantId: p.tenant_id, department: p.department, priorAvg: p.prior_avg })),
    [],
    MIN_TEAM,
    4,
    DEMO_SEED,
  );
  await replaceTeams(db, id, plan);
  await markFormed(db, id, DEMO_SEED, new Date(now.getTime() - 7 * 86_400_000));
  await holdDays(db, today, { kind: 'teamMatch', programId: id, ignoreWindow: true }, now, FLAG_MEDIAN_MIN, FLAG_MEDIAN_FACTOR);

  // Two general challenges with prizes and a committed draw (members see sha256(seed)): the running one, and the
  // finished one whose results are final, so that the office can run its draw (the seed is as secret as a real one).
  const prizes = [
    { ja: 'ウォーキングシューズ', en: 'Walking shoes', winners: 1 },
    { ja: 'カフェギフト券', en: 'Cafe gift card', winners: 5 },
  ];
  for (const name of ['Winter Walking Challenge', 'Autumn Challenge (results)']) {
    const [challenge] = await rows<{ id: number }>(db, sql`SELECT id FROM individual_matches WHERE name_en = ${name}`);
    if (!challenge) continue;
    await db.execute(sql`UPDATE individual_matches SET prizes = ${JSON.stringify(prizes)}::jsonb WHERE id = ${challenge.id}`);
    const seed = crypto.randomBytes(32).toString('hex');
    const commitment = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    await commitDraw(db, challenge.id, seed, commitment, 'seed', new Date(now.getTime() - 86_400_000));
  }
}
