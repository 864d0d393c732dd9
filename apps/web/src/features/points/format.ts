import { TIME_ZONE } from '@hibi/contract/constants';
import type { Locale } from '@hibi/contract/locale';
import type { DeliveryEstimate } from '@hibi/contract/functions/points';
import { addMonths, tokyoDay } from '@hibi/contract/time';

/**
 * Numbers of the contract's functions/points.ts that the screens use. That module brings zod, which the web app
 * imports as types only outside the application form (docs/architecture.md), so they are repeated here; format.test.ts
 * checks they agree.
 */
export const POINTS_VALID_YEARS = 3;
/** A balance that expires within this many days is shown as a warning (the first notice, POINTS_EXPIRY_NOTICE_DAYS). */
export const EXPIRY_WARNING_DAYS = 30;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { timeZone: TIME_ZONE, ...options });
    formats.set(key, found);
  }
  return found;
}

/** Noon of a Tokyo day or month's first day, as epoch ms (NaN when malformed). */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00+09:00`);

/** A Tokyo calendar day (YYYY-MM-DD) in the member's language: 2027年1月5日(火) / Tue, Jan 5, 2027. */
export function formatDay(day: string, locale: Locale): string {
  const noon = noonOf(day);
  return Number.isNaN(noon) ? day : format(locale, { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(noon);
}

/** An instant's Tokyo day in the member's language. */
export const formatInstantDay = (epochMs: number, locale: Locale) => formatDay(tokyoDay(epochMs), locale);

/** A month (YYYY-MM) in the member's language: 2027年1月 / January 2027. */
export function formatMonth(month: string, locale: Locale): string {
  const noon = noonOf(`${month}-01`);
  return Number.isNaN(noon) ? month : format(locale, { year: 'numeric', month: 'long' }).format(noon);
}

/** The message key and month words of a delivery estimate ("mid January 2027" / "2027年1月中旬"). */
export function estimateWords(estimate: DeliveryEstimate, locale: Locale): { key: `estimate.${'mid' | 'late'}`; month: string } {
  return { key: `estimate.${estimate.part}`, month: formatMonth(estimate.month, locale) };
}

/** Whole days from today (Tokyo) until a Tokyo day; negative when past. */
export function daysUntil(day: string, today: string): number {
  return Math.round((noonOf(day) - noonOf(today)) / 86_400_000);
}

/** Today in Tokyo, the calendar points count in. */
export const todayInTokyo = (now = Date.now()) => tokyoDay(now);

/** The month `n` months after a YYYY-MM month (the time module counts months by their first day). */
export const shiftMonth = (month: string, n: number) => addMonths(`${month}-01`, n).slice(0, 7);

/** This Tokyo month, YYYY-MM. */
export const thisMonth = (now = Date.now()) => tokyoDay(now).slice(0, 7);

/** A signed amount: +500 / −1,200 (a real minus sign). */
export function formatAmount(amount: number, locale: Locale): string {
  const digits = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US').format(Math.abs(amount));
  return amount > 0 ? `+${digits}` : amount < 0 ? `\u2212${digits}` : digits;
}

/** A month parameter of the address bar that can name a month (YYYY-MM), else null. */
export function monthParam(value: string | null): string | null {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
}
