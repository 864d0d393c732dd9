import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { DAY_MS } from '@hibi/contract/time';
import { tokyoParts } from '../../../lib/format.ts';
import { appNow } from '../../../lib/timeMachine.ts';
import { canGoForward, weekRange } from '../logic.ts';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** One day of a shown week: its midnight, "M/D", its weekday's name and a stable key. */
export interface WeekDay {
  ms: number;
  short: string;
  weekday: string;
  key: string;
}

/**
 * The Monday-to-Sunday week a chart shows (Asia/Tokyo): this week at first, any earlier week by going back, never
 * past the current week going forward (docs/requirements/health.md#health-week).
 */
export function useWeek() {
  const { t } = useTranslation('health');
  const [offset, setOffset] = useState(0);
  const { from, to } = weekRange(appNow(), offset);
  const days: WeekDay[] = WEEKDAYS.map((wd, i) => {
    const ms = from + i * DAY_MS;
    const p = tokyoParts(ms);
    return { ms, short: `${Number(p.month)}/${Number(p.day)}`, weekday: t(`weekday.${wd}`), key: `${p.year}-${p.month}-${p.day}` };
  });
  return {
    from,
    to,
    days,
    canGoForward: canGoForward(offset),
    previous: () => setOffset((o) => o - 1),
    next: () => setOffset((o) => (canGoForward(o) ? o + 1 : o)),
  };
}

export type Week = ReturnType<typeof useWeek>;
