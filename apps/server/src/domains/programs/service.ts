// Programs (issue 57; docs/requirements/programs.md, decision 187): the counting rule's held days, Team Walk rounds
// (save, entry, formation, ranks, standings, export) and the members' reads. Challenges and the draw are in
// challenges.ts, unusual days in flags.ts; the periodic run is at the end. "Today" is always the app's clock (ctx.now(),
// decision 154), never SQL's now().
import type { ConsoleTeamMatch, TeamMatchInput, TeamMatchListItem } from '@hibi/contract/console/programs';
import {
  FLAG_MEDIAN_FACTOR,
  FLAG_MEDIAN_MIN,
  type ProgramDay,
  type ProgramKind,
  type ProgramStatus,
  type ProgramSummary,
  type TeamStanding,
} from '@hibi/contract/functions/programs';
import type { Locale } from '@hibi/contract/protocol';
import { addDays, tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { CsvFile } from '../../lib/csv.ts';
import { startPoller } from '../../lib/poller.ts';
import { enqueuePush } from '../../push/outbox.ts';
import * as data from './data.ts';
import { newSeed, planTeams, teamCode } from './formation.ts';
import { dateProblem, daysBetween, entryOpen, finalFrom, isFinal, programStatus, throughDay, windowClosesOn, type ProgramDates } from './rules.ts';

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));
export const todayOf = (now: Date) => tokyoDay(now.getTime());

/* ------------------------------------------------------------------ the counting rule: held days */

/**
 * Holds a member's uploaded figures in every program they entered whose day windows are open on `today`
 * (docs/requirements/programs.md#programs-counting): called in the transaction of the health write (and at entry),
 * so the held figure is exactly what had arrived while the window was open. Flags unusual days as they are held.
 */
export async function holdMemberDays(tx: Db, userId: number, today: string, now: Date): Promise<number> {
  return data.holdDays(tx, today, { userId, flags: true }, now, FLAG_MEDIAN_MIN, FLAG_MEDIAN_FACTOR);
}

/** Holds every entrant's days of every program (or one) as if each upload came in time: the demo seed and the benchmark. */
export async function holdHistory(db: Db, now: Date, scope: { kind?: ProgramKind; programId?: number } = {}): Promise<number> {
  return data.holdDays(db, todayOf(now), { ...scope, ignoreWindow: true }, now, FLAG_MEDIAN_MIN, FLAG_MEDIAN_FACTOR);
}

/** The days of a program and what the member's figure of each finished day is (myDays). */
export function dayStates(p: ProgramDates & { dailyCap: number }, held: data.HeldDay[], today: string): ProgramDay[] {
  const last = throughDay(p, today);
  if (last === null) return [];
  const byDay = new Map(held.map((h) => [h.day, h]));
  return daysBetween(p.startDate, last).map((day) => {
    const h = byDay.get(day);
    const closed = windowClosesOn(day, p) < today;
    if (!h) return { day, steps: null, counted: 0, state: 'missing' as const };
    const state = h.flag === 'excluded' ? 'excluded' : h.flag === 'open' ? 'underReview' : closed ? 'final' : 'provisional';
    return { day, steps: Number(h.steps), counted: Number(h.counted), state };
  });
}

/* ------------------------------------------------------------------ Team Walk: console */

const datesOfTeam = (r: data.TeamMatchRow): ProgramDates => ({
  entryFrom: r.entry_from,
  entryTo: r.entry_to,
  startDate: r.start_date,
  endDate: r.end_date,
  graceDays: Number(r.grace_days),
});

function teamListItem(r: data.TeamMatchRow, today: string): TeamMatchListItem {
  return {
    teamMatchID: r.id,
    name: { ja: r.name_ja, en: r.name_en },
    status: programStatus(datesOfTeam(r), today),
    entryFrom: r.entry_from,
    entryTo: r.entry_to,
    startDate: r.start_date,
    endDate: r.end_date,
    formationMode: r.formation_mode,
    tenants: r.tenant_ids.length,
    entrants: Number(r.entrants),
    teams: r.formed_ms === null ? 0 : Number(r.teams),
    formedAt: num(r.formed_ms),
  };
}

export async function listTeamMatches(ctx: ConsoleContext, q: { status?: ProgramStatus | undefined; offset: number; perPage: number }) {
  const today = todayOf(ctx.now());
  const page = await data.teamMatchPage(ctx.db, today, q);
  return {
    teamMatches: page.map((r) => teamListItem(r, today)),
    total: page[0]?.total ?? (q.offset > 0 ? await data.countTeamMatches(ctx.db, today, q.status) : 0),
  };
}

export async function getConsoleTeamMatch(ctx: ConsoleContext, id: number): Promise<{ teamMatch: ConsoleTeamMatch } | BusinessFailure<'notFound'>> {
  const r = await data.teamMatchById(ctx.db, id);
  if (!r) return failure('notFound');
  const today = todayOf(ctx.now());
  return {
    teamMatch: {
      ...teamListItem(r, today),
      tenantIDs: r.tenant_ids,
      minTeamSize: Number(r.min_team_size),
      teamsPerLeague: Number(r.teams_per_league),
      dailyCap: Number(r.daily_cap),
      graceDays: Number(r.grace_days),
      formationSeed: r.formation_seed,
      leagues: r.formed_ms === null ? [] : await data.leaguesOf(ctx.db, id),
      finalFrom: finalFrom(datesOfTeam(r)),
      resultsNotifiedAt: num(r.results_notified_ms),
      updatedAt: num(r.updated_ms) ?? 0,
      updatedBy: r.updated_by,
    },
  };
}

const summaryOf = (ja: string) => `「${ja.slice(0, 80)}」`;

export async function saveTeamMatch(
  ctx: ConsoleContext,
  input: TeamMatchInput,
): Promise<
  | { teamMatchID: number }
  | BusinessFailure<'notFound' | 'endBeforeStart' | 'entryWindowInvalid' | 'tenantWithoutTeamMatches' | 'alreadyFormed' | 'alreadyFinal'>
> {
  const problem = dateProblem(input);
  if (problem) return failure(problem);
  const tenantIds = [...new Set(input.tenantIDs)].sort((a, b) => a - b);
  if ((await data.tenantsWithoutTeamMatches(ctx.db, tenantIds)).length > 0) return failure('tenantWithoutTeamMatches');
  const now = ctx.now();
  const today = todayOf(now);
  const by = ctx.operator!.email;
  const write: data.TeamMatchWrite = {
    nameJa: input.name.ja,
    nameEn: input.name.en ?? null,
    entryFrom: input.entryFrom,
    entryTo: input.entryTo,
    startDate: input.startDate,
    endDate: input.endDate,
    formationMode: input.formationMode,
    minTeamSize: input.minTeamSize,
    teamsPerLeague: input.teamsPerLeague,
    dailyCap: input.dailyCap,
    graceDays: input.graceDays,
  };
  const saved = await transaction(ctx.db, async (tx) => {
    if (input.teamMatchID === undefined) {
      const id = await data.insertTeamMatch(tx, write, by, now);
      await data.setTeamMatchTenants(tx, id, tenantIds);
      return { teamMatchID: id };
    }
    const found = await data.teamMatchById(tx, input.teamMatchID, true, false);
    if (!found) return failure('notFound');
    if (isFinal(datesOfTeam(found), today)) return failure('alreadyFinal');
    if (found.formed_ms !== null) {
      // Once formed: only the names, the entry end, cap and grace may change.
      const fixed =
        write.entryFrom === found.entry_from &&
        write.startDate === found.start_date &&
        write.endDate === found.end_date &&
        write.formationMode === found.formation_mode &&
        write.minTeamSize === Number(found.min_team_size) &&
        write.teamsPerLeague === Number(found.teams_per_league) &&
        tenantIds.join(',') === found.tenant_ids.join(',');
      if (!fixed) return failure('alreadyFormed');
    }
    await data.updateTeamMatch(tx, input.teamMatchID, write, by, now);
    await data.setTeamMatchTenants(tx, input.teamMatchID, tenantIds);
    return { teamMatchID: input.teamMatchID };
  });
  if (saved instanceof BusinessFailure) return saved;
  ctx.note({
    targetType: 'teamMatch',
    targetId: saved.teamMatchID,
    summary: `${input.teamMatchID ? 'edited' : 'created'} ${summaryOf(input.name.ja)} ${input.startDate}..${input.endDate} ${input.formationMode} tenants ${tenantIds.join(',')}`,
  });
  return saved;
}

/**
 * Forms the teams of a round in one transaction (docs/requirements/programs.md#programs-team-walk): a new seed, the
 * plan (formation.ts), the teams and members written, the ranks forgotten, each member told (push teamFormed, once).
 */
export async function formRound(
  db: Db,
  matchId: number,
  now: Date,
  opts: { byOperator: boolean; seed?: string },
): Promise<{ teams: number; entrants: number; leagues: number; seed: string } | BusinessFailure<'notFound' | 'tooFewEntrants' | 'alreadyStarted'>> {
  const today = todayOf(now);
  return transaction(db, async (tx) => {
    const m = await data.teamMatchById(tx, matchId, true, false);
    if (!m) return failure('notFound');
    if (opts.byOperator && m.formed_ms !== null && today >= m.start_date) return failure('alreadyStarted');
    if (!opts.byOperator && m.formed_ms !== null) return failure('alreadyStarted');
    const people = await data.entrants(tx, matchId, m.start_date < today ? m.start_date : today);
    const minSize = Number(m.min_team_size);
    if (people.length < minSize) return failure('tooFewEntrants');
    const own =
      m.formation_mode === 'selfFormed'
        ? (await data.teamsOf(tx, matchId))
            .filter((t) => t.code !== null)
            .map((t) => ({
              nameJa: t.name_ja,
              nameEn: t.name_en,
              code: t.code!,
              tenantId: t.tenant_id,
              members: people.filter((p) => p.team_id === t.id).map((p) => p.user_id),
            }))
        : [];
    const seed = opts.seed ?? newSeed();
    const plan = planTeams(
      m.formation_mode,
      people.map((p) => ({ userId: p.user_id, tenantId: p.tenant_id, department: p.department, priorAvg: p.prior_avg })),
      own,
      minSize,
      Number(m.teams_per_league),
      seed,
    );
    await data.replaceTeams(tx, matchId, plan);
    await data.markFormed(tx, matchId, seed, now);
    const userIds = plan.flatMap((t) => t.members);
    const fresh = await data.claimNotices(tx, 'teamMatch', matchId, 'teamFormed', userIds, now);
    await enqueuePush(
      tx,
      {
        kind: 'teamFormed',
        userIds: fresh,
        title: { ja: m.name_ja, en: m.name_en ?? m.name_ja },
        url: `/programs/team-walk/${matchId}`,
        dedupeKey: `teamFormed:${matchId}`,
        ttlSeconds: 86_400,
      },
      now,
    );
    return { teams: plan.length, entrants: people.length, leagues: new Set(plan.map((t) => t.league)).size, seed };
  });
}

export async function formTeams(ctx: ConsoleContext, matchId: number) {
  const r = await formRound(ctx.db, matchId, ctx.now(), { byOperator: true });
  if (r instanceof BusinessFailure) return r;
  ctx.note({
    targetType: 'teamMatch',
    targetId: matchId,
    summary: `formed ${r.teams} teams of ${r.entrants} entrants in ${r.leagues} leagues, seed ${r.seed}`,
  });
  return r;
}

/* ------------------------------------------------------------------ ranks */

/** How long a round's computed daily ranks are served before a read computes them again (late uploads of past days). */
export const TEAM_RANK_REFRESH_MS = 10 * 60 * 1000;

/**
 * Recomputes a round's daily ranks when they were computed for an earlier day, or longer ago than the refresh interval
 * (`force`: now). The state row is locked so that two processes do not compute the same round at once.
 */
export async function refreshTeamRanks(db: Db, matchId: number, now: Date, force = false): Promise<void> {
  const m = await data.teamMatchById(db, matchId, false, false);
  if (!m) return;
  const today = todayOf(now);
  const through = throughDay(datesOfTeam(m), today);
  const final = isFinal(datesOfTeam(m), today);
  const fresh = async (d: Db) => {
    const s = await data.rankState(d, matchId);
    if (s === undefined || s.through_day !== (through ?? '2000-01-01')) return false;
    // Once final nothing moves but an editor's review (which forgets the state).
    return final
      ? Number(s.computed_ms) >= Date.parse(`${addDays(finalFrom(datesOfTeam(m)), 1)}T00:00:00+09:00`)
      : now.getTime() - Number(s.computed_ms) < TEAM_RANK_REFRESH_MS;
  };
  if (!force && (await fresh(db))) return;
  await transaction(db, async (tx) => {
    await data.lockRankState(tx, matchId);
    if (!force && (await fresh(tx))) return;
    // Only days whose window was open at the last computation can have moved since (a review, a team change or a
    // date change forgets the state: then every day). Days before are kept as computed.
    const s = await data.rankState(tx, matchId);
    const valid = s !== undefined && s.through_day !== '2000-01-01' && Number(s.computed_ms) > 0;
    const lastToday = valid ? todayOf(new Date(Number(s.computed_ms))) : null;
    const from = lastToday === null ? null : addDays(lastToday, -Number(m.grace_days));
    const fromDay = from === null || from > addDays(s!.through_day, 1) ? null : from < m.start_date ? m.start_date : from;
    await data.rebuildTeamRanks(tx, matchId, through, Number(m.min_team_size), now, fromDay);
  });
}

export async function getTeamMatchStandings(
  ctx: ConsoleContext,
  q: { teamMatchID: number; league?: string | undefined; offset: number; perPage: number },
) {
  const m = await data.teamMatchById(ctx.db, q.teamMatchID, false, false);
  if (!m) return failure('notFound');
  const now = ctx.now();
  await refreshTeamRanks(ctx.db, m.id, now);
  const day = await data.lastRankedDay(ctx.db, m.id);
  const page = day === null ? [] : await data.standingsPage(ctx.db, m.id, day, 'ja', q);
  return {
    final: isFinal(datesOfTeam(m), todayOf(now)),
    throughDay: day,
    leagues: await data.leaguesOf(ctx.db, m.id),
    standings: page.map((r) => ({
      teamID: Number(r.team_id),
      name: r.name,
      tenantName: r.tenant_name,
      league: r.league,
      memberCount: Number(r.members),
      score: Number(r.score),
      rank: Number(r.rank),
      leagueRank: Number(r.league_rank),
    })),
    total: page[0]?.total ?? 0,
  };
}

const EXPORT_PAGE = 1000;

export async function exportTeamMatchStandings(ctx: ConsoleContext, id: number): Promise<CsvFile | BusinessFailure<'notFound'>> {
  const m = await data.teamMatchById(ctx.db, id, false, false);
  if (!m) return failure('notFound');
  const now = ctx.now();
  await refreshTeamRanks(ctx.db, id, now);
  const day = await data.lastRankedDay(ctx.db, id);
  const final = isFinal(datesOfTeam(m), todayOf(now));
  const db = ctx.db;
  async function* all() {
    if (day === null) return;
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const page = await data.standingsPage(db, id, day, 'ja', { offset, perPage: EXPORT_PAGE });
      for (const r of page) yield [Number(r.rank), Number(r.league_rank), r.league, r.name, r.tenant_name ?? '', Number(r.members), Number(r.score)];
      if (page.length < EXPORT_PAGE) return;
    }
  }
  ctx.note({ targetType: 'teamMatch', targetId: id, summary: `standings exported (${final ? 'final' : 'provisional'}) ${summaryOf(m.name_ja)}` });
  return new CsvFile(
    `team-walk-${id}-standings-${final ? 'final' : 'provisional'}.csv`,
    ['順位 (rank)', 'リーグ内順位 (league rank)', 'リーグ (league)', 'チーム (team)', '企業 (company)', '人数 (members)', '平均歩数 (average steps)'],
    all(),
  );
}

/* ------------------------------------------------------------------ members */

const pick = (locale: Locale, ja: string, en: string | null) => (locale === 'en' ? (en ?? ja) : ja);

function teamSummary(r: data.TeamMatchRow & { entered: boolean }, locale: Locale, today: string): ProgramSummary {
  const d = datesOfTeam(r);
  return {
    kind: 'teamMatch',
    id: r.id,
    name: pick(locale, r.name_ja, r.name_en),
    entryFrom: r.entry_from,
    entryTo: r.entry_to,
    startDate: r.start_date,
    endDate: r.end_date,
    status: programStatus(d, today),
    entered: r.entered,
    dailyCap: Number(r.daily_cap),
    graceDays: Number(r.grace_days),
    finalFrom: finalFrom(d),
    formationMode: r.formation_mode,
    minTeamSize: Number(r.min_team_size),
  };
}

export function individualSummary(r: data.IndividualMatchRow & { entered: boolean }, locale: Locale, today: string): ProgramSummary {
  const d = { entryFrom: r.entry_from, entryTo: r.entry_to, startDate: r.start_date, endDate: r.end_date, graceDays: Number(r.grace_days) };
  return {
    kind: 'individualMatch',
    id: r.id,
    name: pick(locale, r.name_ja, r.name_en),
    entryFrom: r.entry_from,
    entryTo: r.entry_to,
    startDate: r.start_date,
    endDate: r.end_date,
    status: programStatus(d, today),
    entered: r.entered,
    dailyCap: Number(r.daily_cap),
    graceDays: Number(r.grace_days),
    finalFrom: finalFrom(d),
    thresholdSteps: Number(r.threshold_steps),
  };
}

const ENDED_SHOWN_DAYS = 365;

/** The caller's programs: running and upcoming first (soonest start), then ended ones of the last year (latest first). */
export async function listPrograms(db: Db, user: AuthUser, locale: Locale, now: Date) {
  const today = todayOf(now);
  const since = addDays(today, -ENDED_SHOWN_DAYS);
  const [teams, individual] = await Promise.all([
    data.memberTeamMatches(db, user.id, user.tenantId, since),
    data.memberIndividualMatches(db, user.id, user.tenantId, since),
  ]);
  const all = [...teams.map((r) => teamSummary(r, locale, today)), ...individual.map((r) => individualSummary(r, locale, today))];
  const ended = (p: ProgramSummary) => p.status === 'provisional' || p.status === 'final';
  all.sort((a, b) =>
    ended(a) !== ended(b)
      ? Number(ended(a)) - Number(ended(b))
      : ended(a)
        ? b.endDate.localeCompare(a.endDate) || b.id - a.id
        : a.startDate.localeCompare(b.startDate) || a.id - b.id,
  );
  return { programs: all };
}

/** Where a late entrant goes once teams exist: their department's team with room, else their tenant's, else any (smallest first). */
function teamForLateEntrant(teams: data.TeamRow[], mode: string, tenantId: number, department: string): data.TeamRow | null {
  const room = teams.filter((t) => Number(t.members) < 100);
  const smallest = (list: data.TeamRow[]) =>
    list.reduce<data.TeamRow | null>((a, t) => (a === null || Number(t.members) < Number(a.members) ? t : a), null);
  const ofTenant = room.filter((t) => t.tenant_id === tenantId);
  if (mode === 'department') return smallest(ofTenant.filter((t) => (t.department ?? '') === department)) ?? smallest(ofTenant) ?? smallest(room);
  return smallest(ofTenant) ?? smallest(room);
}

export async function enterTeamMatch(
  db: Db,
  user: AuthUser,
  now: Date,
  p: { teamMatchID: number; teamCode?: string | undefined; newTeamName?: string | undefined },
): Promise<{ teamCode: string | null } | BusinessFailure<'notFound' | 'entryClosed' | 'alreadyEntered' | 'teamCodeUnknown' | 'teamChoiceInvalid'>> {
  const today = todayOf(now);
  return transaction(db, async (tx) => {
    const [visible] = await data.memberTeamMatches(tx, user.id, user.tenantId, '2000-01-01', p.teamMatchID);
    if (!visible) return failure('notFound');
    const m = await data.teamMatchById(tx, p.teamMatchID, true, false);
    if (!m) return failure('notFound');
    if (!entryOpen(datesOfTeam(m), today)) return failure('entryClosed');
    const self = m.formation_mode === 'selfFormed';
    const hasCode = p.teamCode !== undefined && p.teamCode !== '';
    const hasName = p.newTeamName !== undefined && p.newTeamName !== '';
    if (self ? hasCode === hasName : hasCode || hasName) return failure('teamChoiceInvalid');
    if (await data.isTeamEntrant(tx, m.id, user.id)) return failure('alreadyEntered');
    let teamId: number | null = null;
    let code: string | null = null;
    if (self && hasCode) {
      const team = await data.teamByCode(tx, m.id, p.teamCode!);
      if (!team || (team.tenant_id !== null && team.tenant_id !== user.tenantId)) return failure('teamCodeUnknown');
      teamId = team.id;
      code = team.code;
    } else if (self) {
      code = teamCode();
      const league = m.formed_ms === null ? '' : ((await data.leaguesOf(tx, m.id)).at(-1) ?? 'A');
      teamId = await data.insertTeam(tx, m.id, {
        nameJa: p.newTeamName!,
        nameEn: null,
        league,
        code,
        tenantId: user.tenantId,
        department: null,
        priorAvg: 0,
      });
    } else if (m.formed_ms !== null) {
      const department = await data.departmentOf(tx, user.id);
      const team = teamForLateEntrant(await data.teamsOf(tx, m.id), m.formation_mode, user.tenantId, department);
      teamId = team?.id ?? null;
    }
    if (!(await data.insertTeamEntry(tx, m.id, user.id, now))) return failure('alreadyEntered');
    if (teamId !== null) {
      await data.addTeamMember(tx, m.id, teamId, user.id);
      await data.forgetRanks(tx, 'teamMatch', m.id);
    }
    await holdMemberDays(tx, user.id, today, now);
    return { teamCode: code };
  });
}

/**
 * The league standings of a round's last ranked day, the same for every member of the league until the ranks are
 * computed again: kept per process and database, keyed by the rank state's version (its row version, computation time
 * and day), so that a refresh anywhere (another process, the minute run, a review that forgets the state) is seen on
 * the next read. Without a rank state nothing is kept.
 */
interface RoundStandings {
  key: string;
  day: string;
  total: Promise<number>;
  leagues: Map<string, Promise<data.StandingRow[]>>;
}
const roundStandings = new WeakMap<Db, Map<number, RoundStandings>>();

function standingsOfRound(db: Db, id: number, key: string | null, day: string) {
  if (key === null) return null;
  let rounds = roundStandings.get(db);
  if (!rounds) roundStandings.set(db, (rounds = new Map()));
  let r = rounds.get(id);
  if (!r || r.key !== key || r.day !== day) {
    const total = data.rankedCounts(db, id, day, null).then((c) => c.total);
    r = { key, day, total, leagues: new Map() };
    rounds.set(id, r);
  }
  return r;
}

/** A read kept for the next calls, forgotten if it fails. */
function kept<T>(p: Promise<T>, forget: () => void): Promise<T> {
  return p.catch((error: unknown) => {
    forget();
    throw error;
  });
}

export async function getTeamMatch(db: Db, user: AuthUser, locale: Locale, now: Date, id: number) {
  const today = todayOf(now);
  // The page only reads: ranks are computed by the minute run (runPrograms), the console, or a review
  // (docs/requirements/programs.md#programs-scale), never on a member's request.
  const m = await data.roundPageHead(db, id, user.id, user.tenantId, locale);
  if (!m) return failure('notFound');
  const d = datesOfTeam(m);
  const team = m.team_id === null ? null : { id: m.team_id, name: m.team_name!, code: m.team_code, league: m.team_league! };
  const day = m.last_day;
  const league = team?.league;
  const cached = day === null ? null : standingsOfRound(db, id, m.ranks_key, day);
  const leagueKey = `${locale}:${league ?? '*'}`;
  let standingsRead: Promise<data.StandingRow[]>;
  if (day === null) standingsRead = Promise.resolve([]);
  else if (cached === null) standingsRead = data.standingsPage(db, id, day, locale, { league, offset: 0, perPage: 100 });
  else {
    let p = cached.leagues.get(leagueKey);
    if (!p) {
      p = kept(data.standingsPage(db, id, day, locale, { league, offset: 0, perPage: 100 }), () => cached.leagues.delete(leagueKey));
      cached.leagues.set(leagueKey, p);
    }
    standingsRead = p;
  }
  const totalRead =
    day === null
      ? Promise.resolve(0)
      : cached === null
        ? data.rankedCounts(db, id, day, null).then((c) => c.total)
        : kept(cached.total, () => roundStandings.get(db)?.delete(id));
  const [standingsRows, total] = await Promise.all([standingsRead, totalRead]);
  const held = m.entered ? m.held : [];
  const history = team ? m.history : [];
  const members = team ? m.members : [];
  // The league's ranked teams: those of the standings (a league has far fewer than a page of them).
  const counts = { total, league: team ? Number(standingsRows[0]?.total ?? 0) : 0 };
  const standings: TeamStanding[] = standingsRows.map((r) => ({
    teamID: Number(r.team_id),
    name: r.name,
    memberCount: Number(r.members),
    score: Number(r.score),
    rank: Number(r.rank),
    leagueRank: Number(r.league_rank),
    mine: team !== null && Number(r.team_id) === team.id,
  }));
  return {
    program: teamSummary(m, locale, today),
    team: team
      ? {
          id: team.id,
          name: team.name,
          code: m.formation_mode === 'selfFormed' ? team.code : null,
          members: members.map((x) => ({ nickname: x.nickname, me: Number(x.user_id) === user.id })),
        }
      : null,
    league: team && m.formed_ms !== null ? team.league : null,
    leagueTeams: counts.league,
    totalTeams: counts.total,
    final: isFinal(d, today),
    throughDay: day,
    standings,
    rankHistory: history.map((h) => ({ day: h.day, rank: Number(h.rank), leagueRank: Number(h.league_rank), score: Number(h.score) })),
    bestRank: history.length === 0 ? null : Math.min(...history.map((h) => Number(h.rank))),
    bestLeagueRank: history.length === 0 ? null : Math.min(...history.map((h) => Number(h.league_rank))),
    myDays: m.entered ? dayStates({ ...d, dailyCap: Number(m.daily_cap) }, held, today) : [],
  };
}

/** Whether a challenge's entry window is open by the app's clock (the account domain's enterIndividualMatch). */
export async function individualEntryOpen(db: Db, id: number, now: Date): Promise<boolean> {
  const r = await data.individualMatchById(db, id);
  if (!r) return false;
  return entryOpen(
    { entryFrom: r.entry_from, entryTo: r.entry_to, startDate: r.start_date, endDate: r.end_date, graceDays: Number(r.grace_days) },
    todayOf(now),
  );
}

/* ------------------------------------------------------------------ the run (every minute) */

// Every minute in every process (each step guarded, so two processes never do the same twice): rounds formed on their
// start date, daily ranks refreshed, final results announced once (push programResult), and sync reminders two days
// before a grace window closes (push syncReminder, once per member and program). "Today" is the app's clock.
/** A member with days missing is reminded this many days before the window closes. */
export const SYNC_REMINDER_DAYS_BEFORE = 2;

export async function runPrograms(db: Db, now: Date): Promise<{ formed: number; refreshed: number; announced: number; reminded: number }> {
  const today = todayOf(now);
  let formed = 0;
  for (const id of await data.unformedStarted(db, today)) {
    const r = await formRound(db, id, now, { byOperator: false });
    if (!('errorCode' in r)) formed += 1;
  }
  let refreshed = 0;
  let announced = 0;
  for (const id of await data.liveTeamMatches(db, today)) {
    await refreshTeamRanks(db, id, now);
    refreshed += 1;
    const m = await data.teamMatchById(db, id, false, false);
    if (m && m.results_notified_ms === null && isFinal({ endDate: m.end_date, graceDays: Number(m.grace_days) }, today)) {
      await transaction(db, async (tx) => {
        if (!(await data.markResultsNotified(tx, id, now))) return;
        const members = await data.teamMatchMemberIds(tx, id);
        await enqueuePush(
          tx,
          {
            kind: 'programResult',
            userIds: members,
            title: { ja: m.name_ja, en: m.name_en ?? m.name_ja },
            url: `/programs/team-walk/${id}`,
            dedupeKey: `programResult:teamMatch:${id}`,
            ttlSeconds: 7 * 86_400,
          },
          now,
        );
        announced += 1;
      });
    }
  }
  const reminded = await remindSync(db, now);
  return { formed, refreshed, announced, reminded };
}

/** Sync reminders: entrants with a finished day not uploaded whose window closes in two days; once per program. */
export async function remindSync(db: Db, now: Date): Promise<number> {
  const today = todayOf(now);
  const due = await data.membersMissingDays(db, today, addDays(today, SYNC_REMINDER_DAYS_BEFORE));
  let sent = 0;
  const byProgram = new Map<string, { kind: 'teamMatch' | 'individualMatch'; id: number; users: number[] }>();
  for (const r of due) {
    const key = `${r.kind}:${r.program_id}`;
    const entry = byProgram.get(key) ?? { kind: r.kind, id: Number(r.program_id), users: [] };
    entry.users.push(Number(r.user_id));
    byProgram.set(key, entry);
  }
  for (const p of byProgram.values()) {
    await transaction(db, async (tx) => {
      const fresh = await data.claimNotices(tx, p.kind, p.id, 'syncReminder', p.users, now);
      if (fresh.length === 0) return;
      const m = p.kind === 'teamMatch' ? await data.teamMatchById(tx, p.id, false, false) : await data.individualMatchById(tx, p.id);
      if (!m) return;
      sent += await enqueuePush(
        tx,
        {
          kind: 'syncReminder',
          userIds: fresh,
          title: { ja: m.name_ja, en: m.name_en ?? m.name_ja },
          url: p.kind === 'teamMatch' ? `/programs/team-walk/${p.id}` : `/programs/challenges/${p.id}`,
          dedupeKey: `syncReminder:${p.kind}:${p.id}`,
          ttlSeconds: 86_400,
        },
        now,
      );
    });
  }
  return sent;
}

export const PROGRAMS_EVERY_MS = 60_000;

export function startPrograms(db: Db, onError: (error: unknown) => void, now: () => Date = () => new Date()): () => Promise<void> {
  const poller = startPoller(() => runPrograms(db, now()), { everyMs: PROGRAMS_EVERY_MS, onError });
  return () => poller.close();
}
