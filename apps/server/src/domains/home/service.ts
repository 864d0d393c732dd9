// The home domain's service and public module (issue 60; decision 181): the console home in one call, each part read
// only for the roles that see it (HOME_BLOCK_ROLES), every list and figure one statement, the usage block's
// per-tenant figures under the privacy floor of 5 with complementary suppression (the insights domain's rule).
import {
  HOME_LIST_MAX,
  HOME_USAGE_MAX_TENANTS,
  HOME_WEEK_MAX_ENTRIES,
  HOME_WEEK_MS,
  homeBlockVisible,
  mailFailureReason,
  type ConsoleHome,
  type MissingEnglishField,
  type UsageFigure,
  type UsageRow,
} from '@hibi/contract/console/home';
import { INSIGHTS_MIN_GROUP } from '@hibi/contract/console/insights';
import type { OperatorRole } from '@hibi/contract/console/protocol';
import { DAY_MS } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { calendarBetween } from '../calendar/service.ts';
import { suppressCells } from '../insights/service.ts';
import * as data from './data.ts';

/** The week ahead from the content calendar's one statement (decision 156): whatever kinds it has, this shows. */
async function week(db: Db, now: Date): Promise<NonNullable<ConsoleHome['week']>> {
  return calendarBetween(db, now, new Date(now.getTime() + HOME_WEEK_MS), now, HOME_WEEK_MAX_ENTRIES);
}

async function failedMail(db: Db): Promise<NonNullable<ConsoleHome['decisions']['failedMail']>> {
  const found = await data.failedMail(db, HOME_LIST_MAX);
  return {
    total: found[0]?.total ?? 0,
    items: found.map((r) => ({
      id: r.id,
      kind: r.kind,
      recipient: r.to_address,
      reason: mailFailureReason(r.last_error),
      lastError: r.last_error,
      attempts: r.attempts,
      createdAt: r.created_at,
    })),
  };
}

async function fullSessions(db: Db, now: Date): Promise<NonNullable<ConsoleHome['decisions']['fullSessions']>> {
  const found = await data.fullSessions(db, now, HOME_LIST_MAX);
  return {
    total: found[0]?.total ?? 0,
    items: found.map((r) => ({
      eventId: r.event_id,
      sessionId: r.session_id,
      title: { ja: r.title_ja, en: r.title_en },
      sessionTitle: { ja: r.session_title_ja, en: r.session_title_en },
      startAt: r.start_at,
      capacity: r.capacity,
      reserved: r.reserved,
      waiting: r.waiting,
    })),
  };
}

async function missingEnglish(db: Db, now: Date): Promise<NonNullable<ConsoleHome['decisions']['missingEnglish']>> {
  const found = await data.missingEnglish(db, now, HOME_LIST_MAX);
  return {
    total: found[0]?.total ?? 0,
    items: found.map((r) => ({
      itemType: r.item_type,
      itemId: r.item_id,
      title: { ja: r.title_ja, en: r.title_en },
      publishAt: r.publish_at,
      fields: r.fields as MissingEnglishField[],
    })),
  };
}

/** A usage cell before suppression: who it is, and each figure with the members it rests on. */
interface Cell {
  kind: UsageRow['kind'];
  tenantId: number | null;
  name: UsageRow['name'];
  figures: Record<FigureName, { value: number; base: number }>;
}
const FIGURES = ['members', 'active', 'activeBefore', 'signUps', 'signUpsBefore', 'bookings', 'bookingsBefore', 'answers', 'answersBefore'] as const;
type FigureName = (typeof FIGURES)[number];

function cellOf(kind: UsageRow['kind'], tenantId: number | null, name: UsageRow['name'], rs: data.UsageRow[]): Cell {
  const sum = (f: (r: data.UsageRow) => number) => rs.reduce((s, r) => s + f(r), 0);
  const plain = (f: (r: data.UsageRow) => number) => ({ value: sum(f), base: sum(f) });
  return {
    kind,
    tenantId,
    name,
    figures: {
      members: plain((r) => r.members),
      active: plain((r) => r.active),
      activeBefore: plain((r) => r.active_before),
      signUps: plain((r) => r.sign_ups),
      signUpsBefore: plain((r) => r.sign_ups_before),
      // A member may book several events: the floor counts the members behind the figure.
      bookings: { value: sum((r) => r.bookings), base: sum((r) => r.bookers) },
      bookingsBefore: { value: sum((r) => r.bookings_before), base: sum((r) => r.bookers_before) },
      answers: plain((r) => r.answers),
      answersBefore: plain((r) => r.answers_before),
    },
  };
}

/**
 * The usage rows: everybody first, then the largest HOME_USAGE_MAX_TENANTS tenants by name, the other tenants
 * together, and members of no tenant. Per figure, the cells (every row but the total) are suppressed with the
 * insights domain's rule: under 5 members, and then the smallest others until the hidden ones hold 5 (so the total
 * minus the shown rows tells nothing smaller). The total is hidden only when it rests on fewer than 5 itself.
 */
export function usageRows(found: data.UsageRow[], role: OperatorRole): UsageRow[] {
  const tenants = found.filter((r) => r.tenant_id !== 0);
  const named = tenants.slice(0, HOME_USAGE_MAX_TENANTS);
  const others = tenants.slice(HOME_USAGE_MAX_TENANTS);
  const none = found.filter((r) => r.tenant_id === 0);
  const cells: Cell[] = named.map((r) => cellOf('tenant', r.tenant_id, { ja: r.name_ja ?? '', en: r.name_en }, [r]));
  if (others.length > 0) cells.push(cellOf('otherTenants', null, null, others));
  if (none.length > 0) cells.push(cellOf('noTenant', null, null, none));
  const total = cellOf('total', null, null, found);

  const hidden = {} as Record<FigureName, boolean[]>;
  for (const f of FIGURES) hidden[f] = suppressCells(cells.map((c) => c.figures[f].base));
  const seesMembers = homeBlockVisible('members', role);
  const seesEngagement = homeBlockVisible('engagement', role);
  const shape = (c: Cell, i: number | null): UsageRow => {
    const value = (f: FigureName) => {
      const { value: v, base } = c.figures[f];
      if (i === null) return base > 0 && base < INSIGHTS_MIN_GROUP ? null : v;
      return hidden[f][i] ? null : v;
    };
    const pair = (cur: FigureName, prev: FigureName): UsageFigure => ({ current: value(cur), previous: value(prev) });
    return {
      kind: c.kind,
      tenantId: c.tenantId,
      name: c.name,
      members: seesMembers || seesEngagement ? value('members') : null,
      active: seesMembers ? pair('active', 'activeBefore') : null,
      signUps: seesMembers ? pair('signUps', 'signUpsBefore') : null,
      bookings: seesEngagement ? pair('bookings', 'bookingsBefore') : null,
      surveyAnswers: seesEngagement ? pair('answers', 'answersBefore') : null,
    };
  };
  return [shape(total, null), ...cells.map((c, i) => shape(c, i))];
}

/**
 * How long a process keeps the usage figures: the fortnight's aggregate over every member is the one part of the home
 * that grows with the members, and every open console reads the home each minute. Figures of 7 days that are at most
 * this old are the same figures to the office; the lists and the week are read fresh on every call.
 */
export const USAGE_KEEP_MS = 30_000;
const keptUsage = new WeakMap<Db, { at: number; generation: number; rows: Promise<data.UsageRow[]> }>();
let generation = 0;

/** The usage rows at `now`: kept ones when they were read less than USAGE_KEEP_MS before (one read at a time). */
function usageAt(db: Db, now: Date): Promise<data.UsageRow[]> {
  const kept = keptUsage.get(db);
  const t = now.getTime();
  if (kept && kept.generation === generation && t >= kept.at && t - kept.at < USAGE_KEEP_MS) return kept.rows;
  const read = data.usage(db, now, new Date(t - 7 * DAY_MS), new Date(t - 14 * DAY_MS));
  keptUsage.set(db, { at: t, generation, rows: read });
  // A failed read is not kept: the next call reads again.
  read.catch(() => {
    if (keptUsage.get(db)?.rows === read) keptUsage.delete(db);
  });
  return read;
}

/** Forgets every kept usage figure (the benchmark's calls that read anew; a test that writes members' rows). */
export function forgetUsage(): void {
  generation += 1;
}

/** The home for an operator of `role` at `now`: each part read (one statement each) only when the role sees it. */
export async function consoleHome(db: Db, role: OperatorRole, now: Date): Promise<ConsoleHome> {
  const sees = (block: Parameters<typeof homeBlockVisible>[0]) => homeBlockVisible(block, role);
  // One after another: the reading pool is small on purpose (decision 159), and each statement takes milliseconds.
  const weekAhead = sees('week') ? await week(db, now) : null;
  const mail = sees('failedMail') ? await failedMail(db) : null;
  const full = sees('fullSessions') ? await fullSessions(db, now) : null;
  const english = sees('missingEnglish') ? await missingEnglish(db, now) : null;
  const usage =
    sees('members') || sees('engagement')
      ? {
          rows: usageRows(await usageAt(db, now), role),
        }
      : null;
  return {
    now: now.getTime(),
    weekEnd: now.getTime() + HOME_WEEK_MS,
    week: weekAhead,
    decisions: { failedMail: mail, fullSessions: full, missingEnglish: english },
    usage,
  };
}
