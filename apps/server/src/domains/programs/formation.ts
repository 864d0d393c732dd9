// Team formation (docs/requirements/programs.md#programs-team-walk, decision 187): every entrant on exactly one team,
// none under the minimum size, deterministic from a recorded seed (hex). Pure functions: the same entrants (in any
// order) and the same seed give the same teams.
import crypto from 'node:crypto';
import { TEAM_CODE_LENGTH } from '@hibi/contract/functions/programs';
import type { FormationMode } from '@hibi/contract/console/programs';

export interface FormEntrant {
  userId: number;
  tenantId: number;
  department: string;
  priorAvg: number;
}

/** A self-formed team as members made it (selfFormed). */
export interface OwnTeam {
  nameJa: string;
  nameEn: string | null;
  code: string;
  tenantId: number | null;
  members: number[];
}

export interface PlannedTeam {
  nameJa: string;
  nameEn: string | null;
  league: string;
  code: string | null;
  tenantId: number | null;
  department: string | null;
  priorAvg: number;
  members: number[];
}

/** A small fast PRNG (sfc32) seeded from the seed's first 16 bytes: the formation's only source of chance. */
export function prng(seedHex: string): () => number {
  const b = Buffer.from(seedHex.padEnd(32, '0').slice(0, 32), 'hex');
  let a = b.readUInt32LE(0);
  let c = b.readUInt32LE(4);
  let d = b.readUInt32LE(8);
  let e = b.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    c >>>= 0;
    d >>>= 0;
    e >>>= 0;
    let t = (a + c) | 0;
    a = c ^ (c >>> 9);
    c = (d + (d << 3)) | 0;
    d = (d << 21) | (d >>> 11);
    e = (e + 1) | 0;
    t = (t + e) | 0;
    d = (d + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

export const newSeed = () => crypto.randomBytes(16).toString('hex');

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Crockford base 32 (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function teamCode(): string {
  const bytes = crypto.randomBytes(TEAM_CODE_LENGTH);
  return Array.from(bytes, (x) => CROCKFORD[x & 31]).join('');
}

export const leagueName = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `L${i + 1}`);

interface Bucket {
  tenantId: number | null;
  department: string | null;
  nameJa: string;
  nameEn: string | null;
  code: string | null;
  members: FormEntrant[];
}

/** Splits `people` into `k` teams: a snake draft by prior average (balanced) or dealt round in order. */
function split(people: FormEntrant[], k: number, snake: boolean): FormEntrant[][] {
  const teams: FormEntrant[][] = Array.from({ length: k }, () => []);
  const order = snake ? [...people].sort((x, y) => y.priorAvg - x.priorAvg) : people;
  order.forEach((p, i) => {
    const round = Math.floor(i / k);
    const pos = i % k;
    teams[snake && round % 2 === 1 ? k - 1 - pos : pos]!.push(p);
  });
  return teams;
}

/** Adds each leftover member to the smallest of `into` (first by position on ties). */
function spread(leftover: FormEntrant[], into: Bucket[]): void {
  for (const p of leftover) {
    let best = into[0]!;
    for (const b of into) if (b.members.length < best.members.length) best = b;
    best.members.push(p);
  }
}

const byId = (a: FormEntrant, b: FormEntrant) => a.userId - b.userId;

/**
 * The plan of a formation. department: by department within a tenant, departments too small merged into a mixed
 * team of the tenant or spread over its teams; balanced: per tenant, a snake draft by the last 28 days' averages;
 * selfFormed: the members' own teams, those under the minimum merged within their tenant. A tenant with fewer entrants
 * than the minimum joins the others' teams. Leagues: teams by prior average, `teamsPerLeague` each (a last league of
 * one team joins the one before).
 */
export function planTeams(
  mode: FormationMode,
  entrants: FormEntrant[],
  ownTeams: OwnTeam[],
  minSize: number,
  teamsPerLeague: number,
  seed: string,
): PlannedTeam[] {
  const rnd = prng(seed);
  const people = [...entrants].sort(byId);
  const tenants = [...new Set(people.map((p) => p.tenantId))].sort((a, b) => a - b);
  const teams: Bucket[] = [];
  const loose: FormEntrant[] = [];
  const mixedNames = { n: 0 };
  const mixed = (tenantId: number | null, members: FormEntrant[]): Bucket => {
    mixedNames.n += 1;
    return { tenantId, department: null, nameJa: `合同チーム ${mixedNames.n}`, nameEn: `Mixed team ${mixedNames.n}`, code: null, members };
  };

  if (mode === 'selfFormed') {
    const assigned = new Set<number>();
    const known = new Map(people.map((p) => [p.userId, p]));
    for (const tenantId of tenants) {
      const own = ownTeams
        .filter((t) => t.tenantId === tenantId)
        .map((t) => ({ ...t, members: t.members.filter((u) => known.has(u)).sort((a, b) => a - b) }))
        .filter((t) => t.members.length > 0)
        .sort((a, b) => b.members.length - a.members.length || (a.code < b.code ? -1 : 1));
      const big: Bucket[] = [];
      const small: Bucket[] = [];
      for (const t of own) {
        t.members.forEach((u) => assigned.add(u));
        const b: Bucket = {
          tenantId,
          department: null,
          nameJa: t.nameJa,
          nameEn: t.nameEn,
          code: t.code,
          members: t.members.map((u) => known.get(u)!),
        };
        (b.members.length >= minSize ? big : small).push(b);
      }
      // Small teams merged in a shuffled order until each merged team reaches the minimum.
      let acc: Bucket | null = null;
      for (const s of shuffle(small, rnd)) {
        if (!acc) acc = s;
        else acc.members.push(...s.members);
        if (acc.members.length >= minSize) {
          big.push(acc);
          acc = null;
        }
      }
      if (acc) {
        if (big.length > 0) spread(acc.members, big);
        else loose.push(...acc.members);
      }
      teams.push(...big);
    }
    loose.push(...people.filter((p) => !assigned.has(p.userId)));
  } else {
    for (const tenantId of tenants) {
      const own = people.filter((p) => p.tenantId === tenantId);
      if (own.length < minSize) {
        loose.push(...own);
        continue;
      }
      if (mode === 'balanced') {
        const k = Math.floor(own.length / minSize);
        const base = teams.length;
        split(shuffle(own, rnd), k, true).forEach((m, i) =>
          teams.push({ tenantId, department: null, nameJa: `チーム ${base + i + 1}`, nameEn: `Team ${base + i + 1}`, code: null, members: m }),
        );
        continue;
      }
      const departments = [...new Set(own.map((p) => p.department))].sort();
      const tenantTeams: Bucket[] = [];
      const pool: FormEntrant[] = [];
      for (const dep of departments) {
        const members = shuffle(
          own.filter((p) => p.department === dep),
          rnd,
        );
        const k = Math.floor(members.length / minSize);
        if (k === 0) {
          pool.push(...members);
          continue;
        }
        const label = dep || '部署未設定';
        const labelEn = dep || 'No department';
        split(members, k, false).forEach((m, i) =>
          tenantTeams.push({
            tenantId,
            department: dep,
            nameJa: k > 1 ? `${label} ${i + 1}` : label,
            nameEn: k > 1 ? `${labelEn} ${i + 1}` : labelEn,
            code: null,
            members: m,
          }),
        );
      }
      if (pool.length >= minSize) {
        const k = Math.floor(pool.length / minSize);
        split(pool, k, false).forEach((m) => tenantTeams.push(mixed(tenantId, m)));
      } else if (pool.length > 0) spread(pool, tenantTeams);
      teams.push(...tenantTeams);
    }
  }

  if (loose.length > 0) {
    if (loose.length >= minSize) {
      const k = Math.floor(loose.length / minSize);
      split(shuffle(loose, rnd), k, mode === 'balanced').forEach((m) => teams.push(mixed(null, m)));
    } else if (teams.length > 0) spread(loose, teams);
    else teams.push(mixed(null, loose));
  }

  const planned = teams.map((b) => ({
    nameJa: b.nameJa,
    nameEn: b.nameEn,
    league: '',
    code: b.code,
    tenantId: b.tenantId,
    department: b.department,
    priorAvg: b.members.length === 0 ? 0 : Math.round(b.members.reduce((a, p) => a + p.priorAvg, 0) / b.members.length),
    members: b.members.map((p) => p.userId).sort((a, b2) => a - b2),
  }));
  assignLeagues(planned, teamsPerLeague);
  return planned;
}

/** Leagues of similar prior average: teams sorted by it (then by their first member), `perLeague` each. */
export function assignLeagues(teams: PlannedTeam[], perLeague: number): void {
  const order = [...teams].sort((a, b) => b.priorAvg - a.priorAvg || (a.members[0] ?? 0) - (b.members[0] ?? 0));
  const leagues = Math.max(1, Math.floor(order.length / perLeague) + (order.length % perLeague > 1 || order.length < perLeague ? 1 : 0));
  order.forEach((t, i) => {
    t.league = leagueName(Math.min(Math.floor(i / perLeague), leagues - 1));
  });
}
