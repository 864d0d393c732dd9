// An attacker's audit of company insights (issue 53 item 3, decision 176), independent of the server's own graph:
// every shown figure of the three groupings of one period becomes a linear equation over the finest cells (department
// x age band x step band, and those with no steps), shown zeros make each of their fine cells 0, and a hidden cell
// is derivable when its value is determined by those equations: its indicator lies in their row space, decided by
// exact elimination over the rationals (integers in BigInt, rows scaled).
import { STEP_BANDS, type InsightsGroup, type InsightsGroupBy } from '@hibi/contract/console/insights';

/** One member as the audit knows them: department, age band key, and step band (null: no steps in the period). */
export interface AuditPerson {
  dept: string;
  age: string;
  band: number | null;
}

export type AuditAnswers = Record<InsightsGroupBy, readonly InsightsGroup[]>;

const NO_STEPS = STEP_BANDS.length;

class RowSpace {
  private readonly basis: { col: number; row: bigint[] }[] = [];

  constructor(private readonly width: number) {}

  private reduce(v: readonly bigint[]): bigint[] {
    let row = [...v];
    for (const b of this.basis) {
      const f = row[b.col]!;
      if (f === 0n) continue;
      const p = b.row[b.col]!;
      row = row.map((x, i) => x * p - b.row[i]! * f);
      const g = row.reduce((acc, x) => gcd(acc, x < 0n ? -x : x), 0n);
      if (g > 1n) row = row.map((x) => x / g);
    }
    return row;
  }

  /** Adds the row (with its constant left out: only whether a cell is determined matters). */
  add(cols: readonly number[]): void {
    const v = new Array<bigint>(this.width).fill(0n);
    for (const c of cols) v[c] = 1n;
    const row = this.reduce(v);
    const col = row.findIndex((x) => x !== 0n);
    if (col >= 0) this.basis.push({ col, row });
  }

  /** Whether the sum of these fine cells is determined by the equations added. */
  determines(cols: readonly number[]): boolean {
    const v = new Array<bigint>(this.width).fill(0n);
    for (const c of cols) v[c] = 1n;
    return this.reduce(v).every((x) => x === 0n);
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The hidden cells (a group's members or participants, a step band cell) with 1..4 people whose value the shown
 * figures of the three answers determine, as readable names; [] when the floor holds.
 */
export function derivableSmallCells(people: readonly AuditPerson[], answers: AuditAnswers, floor = 5): string[] {
  const depts = [...new Set(people.map((p) => p.dept))];
  const ages = [...new Set(people.map((p) => p.age))];
  const kinds = NO_STEPS + 1;
  const index = (d: number, a: number, kind: number) => (d * ages.length + a) * kinds + kind;
  const width = depts.length * ages.length * kinds;
  const inGroup = (groupBy: InsightsGroupBy, key: string) => {
    const cells: { d: number; a: number }[] = [];
    depts.forEach((dept, d) =>
      ages.forEach((age, a) => {
        if (groupBy === 'none' || (groupBy === 'department' && dept === key) || (groupBy === 'ageBand' && age === key)) cells.push({ d, a });
      }),
    );
    return cells;
  };
  const cols = (groupBy: InsightsGroupBy, key: string, kinds: readonly number[]) =>
    inGroup(groupBy, key).flatMap(({ d, a }) => kinds.map((k) => index(d, a, k)));
  const bandKinds = STEP_BANDS.map((_, b) => b);
  const allKinds = [...bandKinds, NO_STEPS];
  const truth = (groupBy: InsightsGroupBy, key: string, kinds: readonly number[]) =>
    people.filter(
      (p) => (groupBy === 'none' || (groupBy === 'department' ? p.dept : p.age) === key) && kinds.includes(p.band === null ? NO_STEPS : p.band),
    ).length;

  const space = new RowSpace(width);
  const shownZero = (c: readonly number[]) => c.forEach((col) => space.add([col]));
  const targets: { name: string; cols: number[]; value: number }[] = [];
  for (const groupBy of ['none', 'department', 'ageBand'] as const) {
    for (const g of answers[groupBy]) {
      const members = cols(groupBy, g.key, allKinds);
      const participants = cols(groupBy, g.key, bandKinds);
      if (g.members !== null) {
        space.add(members);
        if (g.members === 0) shownZero(members);
      } else targets.push({ name: `${groupBy}:${g.key}:members`, cols: members, value: truth(groupBy, g.key, allKinds) });
      if (g.members !== null && g.stepParticipation !== null) {
        space.add(participants);
        if (Math.round(g.stepParticipation * g.members) === 0) shownZero(participants);
      } else targets.push({ name: `${groupBy}:${g.key}:participants`, cols: participants, value: truth(groupBy, g.key, bandKinds) });
      bandKinds.forEach((b) => {
        const cell = cols(groupBy, g.key, [b]);
        const shown = g.stepBands?.[b] ?? null;
        if (shown === null) targets.push({ name: `${groupBy}:${g.key}:band${b}`, cols: cell, value: truth(groupBy, g.key, [b]) });
        else {
          space.add(cell);
          if (shown === 0) shownZero(cell);
        }
      });
    }
  }
  return targets.filter((x) => x.value > 0 && x.value < floor && space.determines(x.cols)).map((x) => `${x.name}=${x.value}`);
}
