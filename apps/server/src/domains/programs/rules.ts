// The counting rule's dates (docs/requirements/programs.md#programs-counting, decision 187): a day's grace window, a
// program's status and the day results become final, all from Tokyo days taken from the app's clock. Pure functions.
import { PROGRAM_GRACE_AFTER_END_MAX, type ProgramStatus } from '@hibi/contract/functions/programs';
import { addDays } from '@hibi/contract/time';

export interface ProgramDates {
  entryFrom: string;
  entryTo: string;
  startDate: string;
  endDate: string;
  graceDays: number;
}

/** The last Tokyo day on which an upload for `day` still moves the program: `graceDays` after it, at most 3 after the end. */
export function windowClosesOn(day: string, p: Pick<ProgramDates, 'endDate' | 'graceDays'>): string {
  const a = addDays(day, p.graceDays);
  const b = addDays(p.endDate, PROGRAM_GRACE_AFTER_END_MAX);
  return a < b ? a : b;
}

/** The day the last window closes; results are final from the next Tokyo day on. */
export const finalFrom = (p: Pick<ProgramDates, 'endDate' | 'graceDays'>) => windowClosesOn(p.endDate, p);

export const isFinal = (p: Pick<ProgramDates, 'endDate' | 'graceDays'>, today: string) => today > finalFrom(p);

export function programStatus(p: ProgramDates, today: string): ProgramStatus {
  if (today > finalFrom(p)) return 'final';
  if (today > p.endDate) return 'provisional';
  if (today >= p.startDate) return 'running';
  if (today >= p.entryFrom && today <= p.entryTo) return 'entryOpen';
  return 'upcoming';
}

export const entryOpen = (p: ProgramDates, today: string) => today >= p.entryFrom && today <= p.entryTo && today <= p.endDate;

/** The last day standings include: yesterday (today never counts), never after the end; null before the first day finished. */
export function throughDay(p: Pick<ProgramDates, 'startDate' | 'endDate'>, today: string): string | null {
  const yesterday = addDays(today, -1);
  const last = yesterday < p.endDate ? yesterday : p.endDate;
  return last < p.startDate ? null : last;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Date rules both kinds share (console/programs.ts): codes, nothing written. */
export function dateProblem(p: Omit<ProgramDates, 'graceDays'>): 'endBeforeStart' | 'entryWindowInvalid' | null {
  if (p.endDate < p.startDate) return 'endBeforeStart';
  if (p.entryTo < p.entryFrom || p.entryFrom > p.startDate || p.entryTo > p.endDate) return 'entryWindowInvalid';
  return null;
}
