/** Asia/Tokyo calendar helpers. Japan has no daylight saving time, so a Tokyo day is a fixed UTC+9 window. */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Tokyo calendar day of an instant, as YYYY-MM-DD. */
export function tokyoDay(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Tokyo calendar day (YYYY-MM-DD) starts, in epoch ms. */
export function tokyoDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - TOKYO_OFFSET_MS;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the Monday-to-Sunday week (Asia/Tokyo) that contains the instant. */
export function tokyoWeekStart(instant: Date | number): string {
  const day = tokyoDay(instant);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The week containing the instant: Monday, Sunday, and the epoch-ms window [from, to] (to = Sunday 23:59:59.999). */
export function tokyoWeek(instant: Date | number) {
  const monday = tokyoWeekStart(instant);
  const sunday = addDays(monday, 6);
  return { monday, sunday, fromDateTime: tokyoDayStart(monday), toDateTime: tokyoDayStart(addDays(monday, 7)) - 1 };
}
