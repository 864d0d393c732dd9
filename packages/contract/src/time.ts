/**
 * Asia/Tokyo calendar arithmetic, the one module server, web and seed use (issue 14, item 3). Japan has kept
 * +09:00 without daylight saving since 1952, so a Tokyo day is a fixed UTC window and no time-zone database is needed.
 * Days are ISO calendar dates (YYYY-MM-DD); instants are epoch milliseconds or Dates. Zod-free: the web may import it.
 */
export const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const ms = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** The Tokyo calendar day of an instant, as YYYY-MM-DD. */
export function tokyoDay(instant: Date | number): string {
  return new Date(ms(instant) + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Tokyo calendar day (YYYY-MM-DD) starts, in epoch ms. */
export function tokyoDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - TOKYO_OFFSET_MS;
}

/** Midnight (Tokyo) of the day that contains the instant, in epoch ms. */
export function startOfTokyoDay(instant: Date | number): number {
  return Math.floor((ms(instant) + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the Monday-to-Sunday week of a calendar day. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Monday of the Monday-to-Sunday week (Tokyo) that contains the instant. */
export function tokyoWeekStart(instant: Date | number): string {
  return mondayOf(tokyoDay(instant));
}

/** The week containing the instant: Monday, Sunday, and the epoch-ms window [from, to] (to = Sunday 23:59:59.999). */
export function tokyoWeek(instant: Date | number) {
  const monday = tokyoWeekStart(instant);
  const sunday = addDays(monday, 6);
  return { monday, sunday, fromDateTime: tokyoDayStart(monday), toDateTime: tokyoDayStart(addDays(monday, 7)) - 1 };
}

/** The first day of the month of a calendar day (YYYY-MM-01). */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month `n` months after a month's first day. */
export function addMonths(month: string, n: number): string {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

export function daysInMonth(month: string): number {
  return (Date.parse(`${addMonths(month, 1)}T00:00:00Z`) - Date.parse(`${month}T00:00:00Z`)) / DAY_MS;
}
