import type { TFunction } from '../../../../lib/i18n/core.ts';
import { STEP_BANDS, type InsightsGroupBy } from '@hibi/contract/console/insights';

/** A group's name on the page: the tenant, a department (or "not set"), an age band ("30s"). */
export function groupLabel(t: TFunction, groupBy: InsightsGroupBy, key: string): string {
  if (groupBy === 'none') return t('groups.all');
  if (key === '' || key === 'unknown') return t('groups.unknown');
  return groupBy === 'ageBand' ? t('groups.ageBand', { from: key }) : key;
}

/** The step bands' names: "under 2,000", "2,000–4,999", …, "10,000 or more". */
export function stepBandLabels(t: TFunction): string[] {
  return STEP_BANDS.map((lower, i) => {
    const upper = STEP_BANDS[i + 1];
    if (i === 0) return t('bands.under', { upper: upper!.toLocaleString() });
    if (upper === undefined) return t('bands.over', { lower: lower.toLocaleString() });
    return t('bands.between', { lower: lower.toLocaleString(), upper: (upper - 1).toLocaleString() });
  });
}
