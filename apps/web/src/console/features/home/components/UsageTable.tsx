import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { UsageFigure, UsageRow } from '@hibi/contract/console/home';
import { INSIGHTS_MIN_GROUP } from '@hibi/contract/console/insights';
import { formatNumber } from '../../../../lib/format.ts';

type FigureKey = 'active' | 'signUps' | 'bookings' | 'surveyAnswers';
const FIGURES: FigureKey[] = ['active', 'signUps', 'bookings', 'surveyAnswers'];

/**
 * The usage block's table: a row for everybody, then each tenant (the largest first), the other tenants together
 * and members of no tenant; a column per figure the role sees, each "this week" with "the week before" under it. A
 * suppressed cell reads "Fewer than 5" in words.
 */
export function UsageTable({ rows }: { rows: UsageRow[] }) {
  const { t, i18n } = useTranslation('consoleHome');
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const total = rows[0];
  if (!total) return null;
  const shown = FIGURES.filter((f) => total[f] !== null);
  const number = (n: number | null) => (n === null ? t('usage.hidden', { floor: INSIGHTS_MIN_GROUP }) : formatNumber(n, lang));
  const name = (r: UsageRow) => {
    if (r.kind === 'tenant') return (lang === 'en' && r.name?.en) || r.name?.ja || '';
    return t(`usage.rows.${r.kind}`);
  };
  const figure = (f: UsageFigure) => (
    <>
      <span className="home-figure">{number(f.current)}</span>
      <span className="home-figure__before">{t('usage.before', { value: number(f.previous) })}</span>
    </>
  );
  return (
    <div className="console-table-wrap" tabIndex={0} role="region" aria-labelledby="home-usage-caption">
      <table className="console-table home-usage__table">
        <caption id="home-usage-caption" className="home-usage__caption">
          {t('usage.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('usage.group')}</th>
            <th scope="col">{t('usage.members')}</th>
            {shown.map((f) => (
              <th key={f} scope="col">
                {t(`usage.figures.${f}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}-${r.tenantId ?? ''}`} className={r.kind === 'total' ? 'home-usage__total' : undefined}>
              <th scope="row">{name(r)}</th>
              <td>{number(r.members)}</td>
              {shown.map((f) => (
                <td key={f}>{r[f] ? figure(r[f]) : null}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
