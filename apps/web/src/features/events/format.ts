import { PROVIDING_TYPES } from '@hibi/contract/constants';
import type { Locale } from '@hibi/contract/locale';
import { formatDateWithWeekday, formatTime } from '../../lib/format.ts';
import { DAY_MS } from '@hibi/contract/time';

/**
 * The date of an event or session (docs/requirements/events.md#events-one-day): one day when end - start <= 86,400,000 ms, shown with times;
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

/** Where an event takes place: its venue, "Online", or both for an event held on site and online. */
export function eventPlace(event: { providingType: number; place: string | null }, online: string): string | null {
  if (event.providingType === PROVIDING_TYPES.online) return online;
  if (event.providingType === PROVIDING_TYPES.both) return [event.place, online].filter(Boolean).join(' / ');
  return event.place;
}
