import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_BANDS, type InsightsGroup, type InsightsGroupBy } from '@hibi/contract/console/insights';
import type { GroupBaseRow } from './data.ts';
import { planInsights } from './service.ts';
import { derivableSmallCells, type AuditAnswers, type AuditPerson } from '../../../test/insights-audit.ts';

/**
 * Issue 53 item 3 (decision 176): for random populations, no hidden cell of 1..4 people can be derived by any sum or
 * difference of the shown cells of the three groupings of one period (tenant, department, age band). The server's
 * plan (planInsights, the same code getCompanyInsights runs) is checked by an audit of its own: exact elimination
 * over the finest cells (insights-audit.ts).
 */

/** The rows data.groupBase would answer for these people (the figures the floor looks at; the rest left out). */
function baseRows(people: readonly AuditPerson[]): GroupBaseRow[] {
  const rows: GroupBaseRow[] = [];
  const add = (g: InsightsGroupBy, k: string, members: readonly AuditPerson[]) => {
    const bands = STEP_BANDS.map((_, b) => members.filter((p) => p.band === b).length);
    const participants = members.filter((p) => p.band !== null).length;
    rows.push({
      g,
      k,
      members: members.length,
      active: members.length,
      participants,
      avg_daily: participants > 0 ? 1000 : null,
      bands,
      people: 0,
      score: null,
      exercise: null,
      meal: null,
      drinking: null,
      sleep: null,
      stress: null,
    });
  };
  add('none', 'all', people);
  for (const d of new Set(people.map((p) => p.dept)))
    add(
      'department',
      d,
      people.filter((p) => p.dept === d),
    );
  for (const a of new Set(people.map((p) => p.age)))
    add(
      'ageBand',
      a,
      people.filter((p) => p.age === a),
    );
  return rows;
}

/** The answers' figures the audit reads, as getCompanyInsights shapes them from the plan. */
function answersOf(people: readonly AuditPerson[]): AuditAnswers {
  const plans = planInsights(baseRows(people));
  const shape = (groupBy: InsightsGroupBy): InsightsGroup[] =>
    plans[groupBy].base.map((g, i) => {
      const hidden = plans[groupBy].groupHidden[i]!;
      const row = plans[groupBy].bandRows[i]!;
      return {
        key: g.k,
        members: hidden ? null : g.members,
        activeMembers: null,
        stepParticipation: hidden ? null : Math.round((g.participants / g.members) * 1000) / 1000,
        avgDailySteps: null,
        stepBands: row.hidden.every(Boolean) ? null : g.bands.map((n, b) => (row.hidden[b] ? null : n)),
        weeklySteps: null,
        lifestyleAverages: null,
        eventReservations: null,
        eventAttendance: null,
        surveyResponseRate: null,
        suppressed: hidden,
      };
    });
  return { none: shape('none'), department: shape('department'), ageBand: shape('ageBand') };
}

const person = (depts: number, ages: number) =>
  fc.record({
    dept: fc.integer({ min: 0, max: depts - 1 }).map((d) => `D${d}`),
    age: fc.integer({ min: 0, max: ages - 1 }).map((a) => String(20 + a * 10)),
    band: fc.option(fc.integer({ min: 0, max: STEP_BANDS.length - 1 }), { freq: 6 }),
  });
const population = fc
  .record({ depts: fc.integer({ min: 1, max: 4 }), ages: fc.integer({ min: 1, max: 4 }) })
  .chain(({ depts, ages }) => fc.array(person(depts, ages), { maxLength: 160 }));

describe('the privacy floor across groupings (issue 53)', () => {
  it('no hidden cell under 5 is determined by the shown cells of the three groupings, for random populations', () => {
    fc.assert(
      fc.property(population, (people) => {
        expect(derivableSmallCells(people, answersOf(people))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('populations with one large department and small cells everywhere else', () => {
    const skewed = fc.array(
      fc.record({
        dept: fc.constantFrom('big', 'big', 'big', 'small'),
        age: fc.constantFrom('20', '30', '40', '50', '60'),
        band: fc.option(fc.constantFrom(0, 1, 2, 3, 4, 4), { freq: 8 }),
      }),
      { minLength: 20, maxLength: 120 },
    );
    fc.assert(
      fc.property(skewed, (people) => {
        expect(derivableSmallCells(people, answersOf(people))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('the audit itself finds the subtraction of the within-group rule (it is no check otherwise)', () => {
    // The 60s: 3, 4, 2 and 2 people in the lower four bands; every other age band 5 in each band.
    const people: AuditPerson[] = [];
    const add = (age: string, counts: number[]) =>
      counts.forEach((n, band) => {
        for (let i = 0; i < n; i++) people.push({ dept: i % 2 ? 'A' : 'B', age, band });
      });
    for (const age of ['20', '30', '40', '50']) add(age, [5, 5, 5, 5, 5]);
    add('60', [3, 4, 2, 2, 0]);
    const answers = answersOf(people);
    expect(derivableSmallCells(people, answers)).toEqual([]);
    // The same answers with the 60s' cells hidden only within their group, as before this decision.
    const within = structuredClone(answers) as { [K in InsightsGroupBy]: InsightsGroup[] };
    within.none[0]!.stepBands = [23, 24, 22, 22, 20];
    for (const g of within.ageBand) g.stepBands = g.key === '60' ? [null, null, null, null, 0] : [5, 5, 5, 5, 5];
    expect(derivableSmallCells(people, within)).toEqual(['ageBand:60:band0=3', 'ageBand:60:band1=4', 'ageBand:60:band2=2', 'ageBand:60:band3=2']);
  });
});
