import type { Locale } from '@hibi/contract/locale';
import { formatDateWithWeekday, formatTime } from '../../lib/format.ts';
import { DAY_MS } from '@hibi/contract/time';

/**
 * The date of an event or session (spec 1 §4): one day when end - start <= 86,400,000 ms, shown with times;
 * otherwise a period whose last day is that of end - 1 ms.
 */
export function formatEventDate(start: number, end: number, locale: Locale, withTime = true): string {
  if (end - start <= DAY_MS) {
    const day = formatDateWithWeekday(start, locale);
    return withTime ? `${day} ${formatTime(start)}–${formatTime(end)}` : day;
  }
  return `${formatDateWithWeekday(start, locale)} – ${formatDateWithWeekday(end - 1, locale)}`;
}

export function formatDateTime(ms: number, locale: Locale): string {
  return `${formatDateWithWeekday(ms, locale)} ${formatTime(ms)}`;
}
