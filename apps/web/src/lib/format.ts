import { TIME_ZONE } from '@hibi/contract/constants';
import type { Locale } from '@hibi/contract/protocol';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

/** Calendar fields of an instant in Asia/Tokyo. */
export function tokyoParts(epochMs: number) {
  const map: Record<string, string> = {};
  for (const p of parts.formatToParts(new Date(epochMs))) map[p.type] = p.value;
  return { year: map.year!, month: map.month!, day: map.day!, hour: map.hour!, minute: map.minute!, weekday: map.weekday! };
}

/** YYYY.MM.DD in Asia/Tokyo, the product's default date format. */
export function formatDate(epochMs: number): string {
  const p = tokyoParts(epochMs);
  return `${p.year}.${p.month}.${p.day}`;
}

export function formatTime(epochMs: number): string {
  const p = tokyoParts(epochMs);
  return `${p.hour}:${p.minute}`;
}

const weekdaysJa: Record<string, string> = { Mon: '月', Tue: '火', Wed: '水', Thu: '木', Fri: '金', Sat: '土', Sun: '日' };

/** YYYY.MM.DD (曜) / YYYY.MM.DD (Mon) in Asia/Tokyo. */
export function formatDateWithWeekday(epochMs: number, locale: Locale): string {
  const p = tokyoParts(epochMs);
  const wd = locale === 'ja' ? weekdaysJa[p.weekday] : p.weekday;
  return `${p.year}.${p.month}.${p.day} (${wd})`;
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US').format(value);
}
