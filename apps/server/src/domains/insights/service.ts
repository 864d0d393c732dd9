// The insights domain's service and public module (issue 32, docs/requirements/insights.md#insights-figures, decision 146): company
// insights with the privacy floor, their CSV, and the purge of a tenant's personal data 90 days after its contract.
import {
  INSIGHTS_GROUP_BY,
  INSIGHTS_MIN_GROUP,
  LIFESTYLE_DIMENSIONS,
  STEP_BANDS,
  type CompanyInsights,
  type InsightsGroup,
  type InsightsGroupBy,
} from '@hibi/contract/console/insights';
import { addDays, mondayOf, tokyoDayStart } from '@hibi/contract/time';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import { exportZip, ZipDownload, type Cell, type ExportTable } from '../../lib/export-zip.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { recordAudit } from '../operators/service.ts';
import * as data from './data.ts';
import { INSIGHTS_EXPORT_TEXT, type InsightsExportText } from './export-text.ts';
import { protectBandsAcrossGroupings, type BandRow } from './suppression.ts';

/** A contract's members' personal data is purged this long after its end (the terms: within 3 months). */
export const PURGE_AFTER_MS = 90 * 24 * 60 * 60 * 1000;
/** A contract end whose purge would come sooner than this needs confirmPurge. */
export const PURGE_CONFIRM_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;
const TOP_ARTICLES = 5;

/**
 * Which cells to hide so that no figure rests on fewer than the floor: every cell with 1..floor-1 people (or hidden
 * already), and then, while the hidden cells together hold fewer than the floor people (so a total minus the shown
 * cells would still tell a small group's figure), the smallest shown cell with people too (complementary
 * suppression). Empty cells need no hiding: there is nobody in them.
 */
export function suppressCells(sizes: readonly number[], hiddenAlready: readonly boolean[] = []): boolean[] {
  const hidden = sizes.map((n, i) => Boolean(hiddenAlready[i]) || (n > 0 && n < INSIGHTS_MIN_GROUP));
  const hiddenSum = () => sizes.reduce((sum, n, i) => sum + (hidden[i] ? n : 0), 0);
  while (hidden.some(Boolean) && hiddenSum() < INSIGHTS_MIN_GROUP) {
    let next = -1;
    sizes.forEach((n, i) => {
      if (!hidden[i] && n > 0 && (next < 0 || n < sizes[next]!)) next = i;
    });
    if (next < 0) break;
    hidden[next] = true;
  }
  return hidden;
}

/** The period of a call as the data module reads it: Tokyo days, their instants, and the whole weeks inside. */
export function scopeOf(tenantId: number, from: string, to: string, groupBy: InsightsGroupBy): data.InsightsScope {
  const monday = mondayOf(from);
  const firstMonday = monday === from ? from : addDays(monday, 7);
  const endMonday = mondayOf(addDays(to, 1));
  return {
    tenantId,
    groupBy,
    from,
    to,
    fromAt: new Date(tokyoDayStart(from)),
    toAt: new Date(tokyoDayStart(addDays(to, 1))),
    firstMonday,
    endMonday: endMonday < firstMonday ? firstMonday : endMonday,
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export interface GroupingPlan {
  base: data.GroupBaseRow[];
  /** The group itself: under the floor, or hidden to protect another (complementary). */
  groupHidden: boolean[];
  /** Step figures rest on the participants, the lifestyle on those who logged. */
  stepHidden: boolean[];
  lifeHidden: boolean[];
  /** The step bands as protectBandsAcrossGroupings sees them: hidden within the group first. */
  bandRows: BandRow[];
}

/**
 * What the floor hides in each grouping's groups (their rows of data.groupBase, every grouping at once), the step
 * bands decided for the three groupings together so that no hidden band cell can be worked out from the shown ones
 * of all three (issue 53, decision 176).
 */
export function planInsights(every: readonly data.GroupBaseRow[]): Record<InsightsGroupBy, GroupingPlan> {
  const plans = Object.fromEntries(
    INSIGHTS_GROUP_BY.map((groupBy) => [
      groupBy,
      planGrouping(
        groupBy,
        every.filter((r) => r.g === groupBy),
      ),
    ]),
  ) as Record<InsightsGroupBy, GroupingPlan>;
  protectBandsAcrossGroupings({
    tenant: plans.none.bandRows[0]!,
    department: plans.department.bandRows,
    ageBand: plans.ageBand.bandRows,
  });
  return plans;
}

/** One grouping's groups in their fixed order, and what the floor hides within the grouping. */
function planGrouping(groupBy: InsightsGroupBy, base: data.GroupBaseRow[]): GroupingPlan {
  // Fixed groups in a fixed order: by key (the age bands numerically), 'unknown' and '' last.
  const order = (k: string) => (k === '' || k === 'unknown' ? '~' : groupBy === 'ageBand' ? k.padStart(3, '0') : k);
  base.sort((a, b) => (order(a.k) < order(b.k) ? -1 : order(a.k) > order(b.k) ? 1 : 0));
  if (groupBy === 'none' && base.length === 0)
    base.push({
      g: 'none',
      k: 'all',
      members: 0,
      active: 0,
      participants: 0,
      avg_daily: null,
      bands: STEP_BANDS.map(() => 0),
      people: 0,
      score: null,
      exercise: null,
      meal: null,
      drinking: null,
      sleep: null,
      stress: null,
    });
  const groupHidden = suppressCells(
    base.map((g) => g.members),
    base.map((g) => g.members < INSIGHTS_MIN_GROUP),
  );
  const stepHidden = suppressCells(
    base.map((g) => g.participants),
    groupHidden,
  );
  const lifeHidden = suppressCells(
    base.map((g) => g.people),
    groupHidden,
  );
  const bandRows = base.map((g, i): BandRow => {
    const stepsShown = !groupHidden[i] && !stepHidden[i] && g.participants >= INSIGHTS_MIN_GROUP;
    return {
      // A shown group's participants can be worked out from its participation rate and members.
      participants: groupHidden[i] ? null : g.participants,
      bands: g.bands,
      hidden: stepsShown ? suppressCells(g.bands) : g.bands.map(() => true),
    };
  });
  return { base, groupHidden, stepHidden, lifeHidden, bandRows };
}

/** Insights of a tenant (the entry has refused a company operator's other tenants already). */
export async function companyInsights(
  db: Db,
  p: { tenantId: number; from: string; to: string; groupBy: InsightsGroupBy },
): Promise<CompanyInsights | BusinessFailure<'notFound'>> {
  const tenant = await data.tenantById(db, p.tenantId);
  if (!tenant) return failure('notFound');
  const s = scopeOf(p.tenantId, p.from, p.to, p.groupBy);
  const [every, weeks, part, articles] = await Promise.all([
    data.groupBase(db, s, STEP_BANDS),
    data.weeklySteps(db, s),
    data.participation(db, s),
    data.topArticles(db, s, INSIGHTS_MIN_GROUP, TOP_ARTICLES),
  ]);
  const plans = planInsights(every);
  const { base, groupHidden, stepHidden, lifeHidden, bandRows } = plans[p.groupBy];
  const partBy = new Map(part.map((r) => [r.k, r]));
  const weekKeys = [...new Set(weeks.map((w) => w.week))].sort();
  const weekBy = new Map(weeks.map((w) => [`${w.k}\u0000${w.week}`, w]));
  const weekHidden = new Map<string, boolean[]>();
  for (const week of weekKeys) {
    weekHidden.set(
      week,
      suppressCells(
        base.map((g) => weekBy.get(`${g.k}\u0000${week}`)?.people ?? 0),
        groupHidden.map((h, i) => h || stepHidden[i]!),
      ),
    );
  }

  const groups: InsightsGroup[] = base.map((g, i) => {
    if (groupHidden[i]) {
      return {
        key: g.k,
        members: null,
        activeMembers: null,
        stepParticipation: null,
        avgDailySteps: null,
        stepBands: null,
        weeklySteps: null,
        lifestyleAverages: null,
        eventReservations: null,
        eventAttendance: null,
        surveyResponseRate: null,
        suppressed: true,
      };
    }
    const stepsShown = !stepHidden[i] && g.participants >= INSIGHTS_MIN_GROUP;
    const bandHidden = bandRows[i]!.hidden;
    const lifeShown = !lifeHidden[i] && g.people >= INSIGHTS_MIN_GROUP;
    const r = partBy.get(g.k);
    return {
      key: g.k,
      members: g.members,
      activeMembers: g.active,
      stepParticipation: round3(g.participants / g.members),
      avgDailySteps: stepsShown ? g.avg_daily : null,
      stepBands: stepsShown ? g.bands.map((n, b) => (bandHidden[b] ? null : n)) : null,
      weeklySteps: stepsShown
        ? weekKeys.map((week) => {
            const w = weekBy.get(`${g.k}\u0000${week}`);
            const shown = w !== undefined && w.people >= INSIGHTS_MIN_GROUP && !weekHidden.get(week)![i];
            return { weekStart: week, avgDailySteps: shown ? w.avg_daily : null, participants: shown ? w.people : null };
          })
        : null,
      lifestyleAverages: lifeShown ? (Object.fromEntries(LIFESTYLE_DIMENSIONS.map((d) => [d, g[d]])) as InsightsGroup['lifestyleAverages']) : null,
      eventReservations: r?.reservations ?? 0,
      eventAttendance: r?.attended ?? 0,
      surveyResponseRate: round3((r?.respondents ?? 0) / g.members),
      suppressed: false,
    };
  });

  return {
    tenant: { id: tenant.id, name: { ja: tenant.name_ja, en: tenant.name_en } },
    from: p.from,
    to: p.to,
    groupBy: p.groupBy,
    minGroupSize: INSIGHTS_MIN_GROUP,
    groups,
    topArticles: articles.map((a) => ({ id: a.id, title: { ja: a.title_ja, en: a.title_en }, readers: a.readers })),
  };
}

/** A group's name as the Insights page gives it: the tenant, a department (or "not set"), an age band ("30s"). */
function groupName(text: InsightsExportText, groupBy: InsightsGroupBy, key: string): string {
  if (groupBy === 'none') return text.groups.all;
  if (key === '' || key === 'unknown') return text.groups.unknown;
  return groupBy === 'ageBand' ? text.groups.ageBand(key) : key;
}

/** The step bands' names as the page gives them: "2,000歩未満", "2,000–4,999 steps", …. */
function bandNames(text: InsightsExportText): string[] {
  const f = (n: number) => n.toLocaleString('en-US');
  return STEP_BANDS.map((lower, i) => {
    const upper = STEP_BANDS[i + 1];
    if (i === 0) return text.bands.under(f(upper!));
    if (upper === undefined) return text.bands.over(f(lower));
    return text.bands.between(f(lower), f(upper - 1));
  });
}

/** A table of the export: its header in the reader's words and its rows (one page: a few dozen groups at most). */
function table(name: string, header: readonly string[], rows: readonly Cell[][]): ExportTable {
  const columns = header.map((_, i) => `c${i}`);
  const records = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
  return {
    name,
    columns,
    header,
    pages: async function* () {
      yield records;
    },
  };
}

/**
 * The same figures as a zip of CSV files, one table per section of the Insights page (overview, step bands, weekly
 * steps, lifestyle, articles), with the page's headers and group names in the operator's language and a hidden cell
 * written as the page writes it ("5人未満" / "Fewer than 5"); a README gives the period and each figure's definition.
 */
export async function exportInsights(
  ctx: ConsoleContext,
  p: { tenantId: number; from: string; to: string; groupBy: InsightsGroupBy },
): Promise<ZipDownload | BusinessFailure<'notFound'>> {
  const insights = await companyInsights(ctx.db, p);
  if (!('groups' in insights)) return insights;
  const text = INSIGHTS_EXPORT_TEXT[ctx.locale === 'en' ? 'en' : 'ja'];
  const hidden = text.hidden(insights.minGroupSize);
  const value = (v: number | null | undefined): Cell => (v === null || v === undefined ? hidden : v);
  const percent = (v: number | null): Cell => (v === null ? hidden : Math.round(v * 1000) / 10);
  const name = (key: string) => groupName(text, insights.groupBy, key);
  const f = text.figures;
  const weeks = insights.groups.find((g) => g.weeklySteps)?.weeklySteps?.map((w) => w.weekStart) ?? [];
  const tables = [
    table(
      '1-summary',
      [
        f.group,
        f.members,
        f.activeMembers,
        text.file.percent(f.stepParticipation),
        f.avgDailySteps,
        f.eventReservations,
        f.eventAttendance,
        text.file.percent(f.surveyResponseRate),
      ],
      insights.groups.map((g) => [
        name(g.key),
        value(g.members),
        value(g.activeMembers),
        percent(g.stepParticipation),
        value(g.avgDailySteps),
        value(g.eventReservations),
        value(g.eventAttendance),
        percent(g.surveyResponseRate),
      ]),
    ),
    table(
      '2-step-bands',
      [f.group, ...bandNames(text)],
      insights.groups.map((g) => [name(g.key), ...STEP_BANDS.map((_, b) => value(g.stepBands?.[b]))]),
    ),
    table(
      '3-weekly-steps',
      [f.weekStart, ...insights.groups.map((g) => name(g.key))],
      weeks.map((week) => [week, ...insights.groups.map((g) => value(g.weeklySteps?.find((w) => w.weekStart === week)?.avgDailySteps))]),
    ),
    table(
      '4-lifestyle',
      [f.group, ...LIFESTYLE_DIMENSIONS.map((d) => text.lifestyle[d])],
      insights.groups.map((g) => [name(g.key), ...LIFESTYLE_DIMENSIONS.map((d) => value(g.lifestyleAverages?.[d]))]),
    ),
    table(
      '5-articles',
      [text.file.rank, text.file.title, text.file.readers],
      insights.topArticles.map((a, i) => [i + 1, (ctx.locale === 'en' && a.title.en) || a.title.ja, a.readers]),
    ),
  ];
  const d = text.definitions;
  const tenantName = (ctx.locale === 'en' && insights.tenant.name.en) || insights.tenant.name.ja;
  const readme = [
    `${text.readme.title}`,
    `${text.readme.tenant}: ${tenantName}`,
    `${text.readme.period}: ${p.from} – ${p.to}`,
    `${text.readme.grouping}: ${text.groupBy[p.groupBy]}`,
    '',
    text.readme.floor(insights.minGroupSize),
    '',
    `${text.readme.files}:`,
    `1-summary.csv: ${text.tables.summary}`,
    `2-step-bands.csv: ${text.tables.bands}`,
    `3-weekly-steps.csv: ${text.tables.weekly}`,
    `4-lifestyle.csv: ${text.tables.lifestyle}`,
    `5-articles.csv: ${text.tables.articles}`,
    '',
    `${text.readme.definitions}:`,
    `${f.members}: ${d.members}`,
    `${f.activeMembers}: ${d.activeMembers}`,
    `${f.stepParticipation}: ${d.stepParticipation}`,
    `${f.avgDailySteps}: ${d.avgDailySteps}`,
    `${f.eventReservations}: ${d.eventReservations}`,
    `${f.eventAttendance}: ${d.eventAttendance}`,
    `${f.surveyResponseRate}: ${d.surveyResponseRate}`,
    `${text.tables.bands}: ${d.stepBands}`,
    `${text.tables.weekly}: ${d.weekly}`,
    `${text.tables.lifestyle}: ${d.lifestyle}`,
    ...LIFESTYLE_DIMENSIONS.map((dim) => `  ${text.lifestyle[dim]}: ${d[`lifestyle_${dim}`]}`),
    `${text.tables.articles}: ${d.articles}`,
    '',
  ].join('\r\n');
  const folder = `insights-tenant-${p.tenantId}-${p.from}-${p.to}-${p.groupBy}`;
  ctx.note({ targetType: 'tenant', targetId: p.tenantId, summary: `insights ${p.from}..${p.to} by ${p.groupBy} exported` });
  return new ZipDownload(`${folder}.zip`, () => exportZip(folder, CSV_BOM + readme, tables, { json: false }));
}

/* ------------------------------------------------------------------ end of contract */

/**
 * One purge run (maintenance, every minute, in every process): under an advisory lock, each tenant whose contract
 * ended 90 days ago has its members' personal data deleted in one transaction, recorded in the audit log with the
 * counts. Returns the tenants purged (none when another process holds the run).
 */
export async function purgeEndedContracts(db: Db, now: Date): Promise<number[]> {
  return transaction(db, async (tx) => {
    if (!(await data.tryPurgeLock(tx))) return [];
    const due = await data.tenantsDueForPurge(tx, now, PURGE_AFTER_MS);
    for (const tenant of due) {
      const counts = await data.purgeTenantMembers(tx, tenant.id, now);
      await recordAudit(tx, {
        operatorId: null,
        operatorEmail: null,
        action: 'purgeTenant',
        targetType: 'tenant',
        targetId: String(tenant.id),
        summary: `contract ended ${new Date(tenant.contract_ends_at!).toISOString()}; deleted ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        at: now,
      });
    }
    return due.map((t) => t.id);
  });
}

/** Runs purgeEndedContracts every minute in this process (safe in every process: the advisory lock). */
export function startContractPurge(db: Db, onError: (error: unknown) => void, everyMs = 60_000): () => void {
  return repeatEvery(everyMs, () => purgeEndedContracts(db, new Date()), onError);
}

/** How often each process folds the weekly cells' pending changes (migration 0810). */
export const FOLD_EVERY_MS = 5_000;

/**
 * Folds the weekly cells' pending changes every few seconds in this process (safe in every process: one folds at a
 * time, under an advisory lock). Uploads only append their changes, so none of them waits on a tenant's cell row.
 */
export function startWeekCellsFold(db: Db, onError: (error: unknown) => void, everyMs = FOLD_EVERY_MS): () => void {
  return repeatEvery(everyMs, () => data.foldWeekCells(db), onError);
}

/** A contract end that would purge within 7 days needs confirmPurge (saveTenant). */
export function purgeNeedsConfirmation(contractEndsAt: number | null | undefined, confirmPurge: boolean | undefined, now: Date): boolean {
  if (contractEndsAt == null || confirmPurge) return false;
  return contractEndsAt + PURGE_AFTER_MS - now.getTime() < PURGE_CONFIRM_WITHIN_MS;
}
