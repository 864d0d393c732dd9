import type { ProgramDay } from '@hibi/contract/functions/programs';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { DAY_STATES, formatDay } from '../format.ts';

/**
 * The member's own days in a program (docs/requirements/programs.md#programs-counting): the figure the program holds,
 * what it counts and the day's state, in words with a legend (a state is never told by colour alone).
 */
export function DaysList({ days }: { days: ProgramDay[] }) {
  const { t } = useTranslation('programs');
  const locale = currentLocale();
  return (
    <section className="program-section" aria-labelledby="program-days-title">
      <h2 className="program-section__title" id="program-days-title">
        {t('days.title')}
      </h2>
      {days.length === 0 ? (
        <p className="empty-state">{t('days.empty')}</p>
      ) : (
        <div className="program-table-scroll">
          <table className="program-table">
            <caption className="visually-hidden">{t('days.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('days.day')}</th>
                <th scope="col" className="program-table__number">
                  {t('days.steps')}
                </th>
                <th scope="col" className="program-table__number">
                  {t('days.counted')}
                </th>
                <th scope="col">{t('days.state')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="program-table__day">
                    {formatDay(d.day, locale, false)}
                  </th>
                  <td className="program-table__number">{d.steps === null ? t('days.noUpload') : formatNumber(d.steps, locale)}</td>
                  <td className="program-table__number">{formatNumber(d.counted, locale)}</td>
                  <td>
                    <span className={`program-day-state program-day-state--${d.state}`}>{t(`days.states.${d.state}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details className="program-legend">
        <summary>{t('days.legendTitle')}</summary>
        <dl>
          {DAY_STATES.map((state) => (
            <div key={state}>
              <dt>
                <span className={`program-day-state program-day-state--${state}`}>{t(`days.states.${state}`)}</span>
              </dt>
              <dd>{t(`days.legend.${state}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
