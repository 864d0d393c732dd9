import { z } from 'zod';
import { localizedOut } from './content.ts';
import { calendarDay } from './help.ts';
import { consoleId, defineConsoleFunction } from './protocol.ts';

/**
 * Company insights (issue 32, docs/requirements/insights.md#insights-company-role; decision 146): aggregates of one tenant's members for its HR
 * team, never a named member or one person's value. Groups are fixed (the tenant, each department, each 10-year age
 * band); a group under INSIGHTS_MIN_GROUP members answers its figures null and `suppressed: true`, and so does the
 * next-smallest group whenever the others would let one subtract a suppressed group from the total.
 */

/** The privacy floor: every figure is computed over at least this many members. A constant, never lower. */
export const INSIGHTS_MIN_GROUP = 5;
/** The longest period one call covers. */
export const INSIGHTS_MAX_MONTHS = 12;
export const INSIGHTS_GROUP_BY = ['none', 'department', 'ageBand'] as const;
export type InsightsGroupBy = (typeof INSIGHTS_GROUP_BY)[number];
/** Average daily steps bands: [lower bound, upper bound) in steps; the last is open. */
export const STEP_BANDS = [0, 2000, 5000, 8000, 10000] as const;
/** The lifestyle score's dimensions (docs/decisions/030). */
export const LIFESTYLE_DIMENSIONS = ['score', 'exercise', 'meal', 'drinking', 'sleep', 'stress'] as const;
export type LifestyleDimension = (typeof LIFESTYLE_DIMENSIONS)[number];

/** `to` is at most 12 months after `from` (the same day a year later is one day too many). */
export function insightsPeriodTooLong(from: string, to: string): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const limit = `${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return to >= limit;
}

export const insightsPayload = z
  .object({
    tenantId: consoleId,
    /** Tokyo days, both included. */
    from: calendarDay,
    to: calendarDay,
    groupBy: z.enum(INSIGHTS_GROUP_BY).default('none'),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'msg:dateRangeInvalid' });
    else if (insightsPeriodTooLong(v.from, v.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'msg:insightsPeriodTooLong' });
  });

const count = z.number().int().nullable();
const rate = z.number().min(0).max(1).nullable();

export const insightsGroupSchema = z.object({
  /** `all` (groupBy none), the department's name ('' when members gave none), or the age band's lower bound ('20', 'unknown'). */
  key: z.string(),
  /** Registered members (now) of the group; null when suppressed. */
  members: count,
  /** Members who signed in, called or uploaded in the period. */
  activeMembers: count,
  /** Share of members with at least one day of steps in the period (0..1). */
  stepParticipation: rate,
  /** Mean over participants of each one's average daily steps. */
  avgDailySteps: count,
  /** Participants by their average daily steps, one count per STEP_BANDS band; a band under the floor is null. */
  stepBands: z.array(count).nullable(),
  /** Each week (Monday, Tokyo) touching the period: the mean steps of the days recorded; null under the floor. */
  weeklySteps: z.array(z.object({ weekStart: z.string(), avgDailySteps: count, participants: count })).nullable(),
  /** The mean of each dimension over the days logged in the period; null when fewer members logged than the floor. */
  lifestyleAverages: z.record(z.enum(LIFESTYLE_DIMENSIONS), z.number().nullable()).nullable(),
  /** Reservations (not cancelled) of sessions held in the period, and those checked in. */
  eventReservations: count,
  eventAttendance: count,
  /** Share of members who answered at least one survey in the period. */
  surveyResponseRate: rate,
  suppressed: z.boolean(),
});
export type InsightsGroup = z.infer<typeof insightsGroupSchema>;

export const topArticleSchema = z.object({ id: z.number().int(), title: localizedOut, readers: z.number().int() });

export const insightsSchema = z.object({
  tenant: z.object({ id: z.number().int(), name: localizedOut }),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(INSIGHTS_GROUP_BY),
  minGroupSize: z.number().int(),
  groups: z.array(insightsGroupSchema),
  /** The articles most read by the tenant's members in the period (distinct readers, at least the floor), up to 5. */
  topArticles: z.array(topArticleSchema),
});
export type CompanyInsights = z.infer<typeof insightsSchema>;

export const getCompanyInsights = defineConsoleFunction({
  name: 'getCompanyInsights',
  roles: ['owner', 'support', 'company'],
  summary:
    'Aggregates of a tenant’s members for a period (Tokyo days, at most 12 months) in fixed groups, with the privacy floor of 5. A company operator may ask for its own tenant only (forbidden otherwise).',
  payload: insightsPayload,
  response: insightsSchema,
  errorCodes: ['notFound'],
});

export const exportCompanyInsights = defineConsoleFunction({
  name: 'exportCompanyInsights',
  roles: ['owner', 'support', 'company'],
  kind: 'zip',
  summary:
    'The same figures as getCompanyInsights as a zip of CSV files (UTF-8 with BOM), one table per section, headers in the operator’s language (`locale`), cells under the floor marked as the screen marks them, and a README with each figure’s definition. Audited.',
  payload: insightsPayload,
  response: z.object({}),
  errorCodes: ['notFound'],
});

export const consoleInsightsFunctions = [getCompanyInsights, exportCompanyInsights] as const;
