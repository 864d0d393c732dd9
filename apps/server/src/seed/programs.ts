import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FLAG_MEDIAN_FACTOR, FLAG_MEDIAN_MIN } from '@hibi/contract/functions/programs';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { rows } from '../db/query.ts';
import { commitDraw, holdDays, insertTeamEntry, insertTeamMatch, markFormed, replaceTeams, setTeamMatchTenants } from '../domains/programs/data.ts';
import type { SeedContext } from './context.ts';

/** The demo round's recorded formation seed (hex) and its teams' least size. */
const DEMO_SEED = '5eed0057a11c0de5eed0057a11c0de00';
const MIN_TEAM = 7;

/**
 * Programs' demo content (docs/requirements/programs.md, decision 187), written through the programs' data module:
 * a running Team Walk by department (the second hundred of the population, formed into teams of their departments,
 * a week of held days) and a committed draw on the running general challenge with two prizes.
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
  // Teams of each department (floor(n / 7) of them, dealt in turn); what is left over joins the smallest team.
  const found = await rows<{ id: number; department: string }>(
    db,
    sql`SELECT id, coalesce(attribution1, '') AS department FROM users WHERE id = ANY(${`{${people.join(',')}}`}::int[]) ORDER BY attribution1, id`,
  );
  const byDept = new Map<string, number[]>();
  for (const r of found) byDept.set(r.department, [...(byDept.get(r.department) ?? []), Number(r.id)]);
  const teams: {
    nameJa: string;
    nameEn: string | null;
    league: string;
    code: null;
    tenantId: number;
    department: string | null;
    priorAvg: number;
    members: number[];
  }[] = [];
  const loose: number[] = [];
  for (const [dept, ids] of byDept) {
    const k = Math.floor(ids.length / MIN_TEAM);
    if (k === 0) {
      loose.push(...ids);
      continue;
    }
    for (let i = 0; i < k; i++)
      teams.push({
        nameJa: k > 1 ? `${dept || '部署未設定'} ${i + 1}` : dept || '部署未設定',
        nameEn: null,
        league: '',
        code: null,
        tenantId: ctx.tenants.corporate,
        department: dept,
        priorAvg: 0,
        members: ids.filter((_, j) => j % k === i),
      });
  }
  for (const u of loose) teams.reduce((a, t) => (t.members.length < a.members.length ? t : a)).members.push(u);
  teams.forEach((t, i) => (t.league = String.fromCharCode(65 + Math.floor(i / 4))));
  await replaceTeams(db, id, teams);
  await markFormed(db, id, DEMO_SEED, new Date(now.getTime() - 6 * 86_400_000));
  await holdDays(db, today, { kind: 'teamMatch', programId: id, ignoreWindow: true }, now, FLAG_MEDIAN_MIN, FLAG_MEDIAN_FACTOR);

  // The running general challenge: two prizes and a committed draw (members see sha256(seed)).
  const [challenge] = await rows<{ id: number }>(db, sql`SELECT id FROM individual_matches WHERE name_en = 'Winter Walking Challenge'`);
  if (challenge) {
    await db.execute(
      sql`UPDATE individual_matches SET prizes = ${JSON.stringify([
        { ja: 'ウォーキングシューズ', en: 'Walking shoes', winners: 1 },
        { ja: 'カフェギフト券', en: 'Cafe gift card', winners: 5 },
      ])}::jsonb WHERE id = ${challenge.id}`,
    );
    const seed = crypto.createHash('sha256').update(`hibi-demo-draw:${today}`).digest('hex');
    const commitment = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    await commitDraw(db, challenge.id, seed, commitment, 'seed', new Date(now.getTime() - 86_400_000));
  }
}
