import { TIME_ZONE } from '@hibi/contract/constants';
import type { Locale } from '@hibi/contract/locale';
import type { ProgramDay, ProgramSummary } from '@hibi/contract/functions/programs';
import { tokyoDay } from '@hibi/contract/time';

/**
 * Numbers of the contract's functions/programs.ts that the screens show. That module brings zod, which the web app
 * imports as types only (docs/architecture.md), so they are repeated here; format.test.ts checks they agree.
 */
export const TEAM_NAME_MAX = 40;
export const TEAM_CODE_LENGTH = 8;
export const PROGRAM_GRACE_AFTER_END_MAX = 3;
/** The contract's PROGRAM_DAY_STATES, in the legend's order. */
export const DAY_STATES = ['final', 'provisional', 'missing', 'underReview', 'excluded'] as const satisfies readonly ProgramDay['state'][];

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: Locale, withYear: boolean) {
  const key = `${locale}:${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
      timeZone: TIME_ZONE,
      ...(withYear ? { year: 'numeric' } : {}),
      month: 'short',
      day: 'numeric',
      weekday: 'short',
    });
    dayFormats.set(key, format);
  }
  return format;
}

/** A Tokyo calendar day (YYYY-MM-DD) in the member's language: 2026年12月2日(水) / Wed, Dec 2, 2026. */
export function formatDay(day: string, locale: Locale, withYear = true): string {
  const noon = Date.parse(`${day}T12:00:00+09:00`);
  return Number.isNaN(noon) ? day : dayFormat(locale, withYear).format(noon);
}

/** Today in Tokyo, the calendar the programs count in. */
export const todayInTokyo = (now = Date.now()) => tokyoDay(now);

/** Whether the entry window is open today (entry may stay open while a round runs). */
export function entryOpenOn(program: Pick<ProgramSummary, 'entryFrom' | 'entryTo' | 'status'>, today: string): boolean {
  if (program.status === 'provisional' || program.status === 'final' || program.status === 'upcoming') return false;
  return program.entryFrom <= today && today <= program.entryTo;
}

/** The round page of a program. */
export function programPath(program: Pick<ProgramSummary, 'kind' | 'id'>): string {
  return program.kind === 'teamMatch' ? `/programs/team-walk/${program.id}` : `/programs/challenges/${program.id}`;
}
