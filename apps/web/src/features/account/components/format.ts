import type { Locale } from '@hibi/contract/protocol';
import { formatNumber, tokyoParts } from '../../../lib/format.ts';

/** Height to one decimal plus cm; target weight to one decimal plus kg (docs/requirements/account.md#account-profile). */
export const formatHeight = (cm: number) => `${cm.toFixed(1)}cm`;
export const formatWeight = (kg: number) => `${kg.toFixed(1)}kg`;
export const formatSteps = (steps: number, locale: Locale) => formatNumber(steps, locale);

const weekdaysJa: Record<string, string> = { Mon: '月', Tue: '火', Wed: '水', Thu: '木', Fri: '金', Sat: '土', Sun: '日' };

/** M/D (weekday) of a Tokyo day, for chart rows. */
export function formatDayShort(epochMs: number, locale: Locale): string {
  const p = tokyoParts(epochMs);
  const wd = locale === 'ja' ? weekdaysJa[p.weekday] : p.weekday;
  return `${Number(p.month)}/${Number(p.day)} (${wd})`;
}
