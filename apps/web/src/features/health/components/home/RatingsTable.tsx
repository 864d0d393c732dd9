import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { WeekDay } from '../../hooks/useWeek.ts';

export const RATINGS = ['exercise', 'breakfast', 'nightMeal', 'overeating', 'overdrinking', 'sleepness', 'feeling'] as const;
export type Rating = (typeof RATINGS)[number];
/** A lifestyle answer: 1 is the good habit, 2 the other; null when the day has no answer. */
const GOOD = 1;

type DayEntry = ({ [R in Rating]?: number | null } & { score?: number | null }) | null;

/** The week's seven lifestyle answers (○ good, × not) and the day's score, a column a day; scrolls sideways on a phone. */
export function RatingsTable({ days, entries }: { days: WeekDay[]; entries: DayEntry[] }) {
  const { t } = useTranslation('health');
  return (
    <div className="health-ratings-wrap" tabIndex={0} role="group" aria-label={t('ratings.caption')}>
      <table className="health-table health-ratings">
        <caption>{t('ratings.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('ratings.item')}</span>
            </th>
            {days.map((d) => (
              <th scope="col" key={d.key}>
                <span className="health-ratings__date">{d.short}</span>
                <span className="health-ratings__weekday">{d.weekday}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RATINGS.map((r) => (
            <tr key={r}>
              <th scope="row">{t(`ratings.${r}`)}</th>
              {entries.map((e, i) => {
                const v = e?.[r] ?? null;
                return (
                  <td key={days[i]!.key}>
                    {v === null ? (
                      <span className="health-mark health-mark--none">
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">{t('noData')}</span>
                      </span>
                    ) : (
                      <span className={`health-mark health-mark--${v === GOOD ? 'good' : 'bad'}`}>
                        <span aria-hidden="true">{v === GOOD ? '○' : '×'}</span>
                        <span className="visually-hidden">{t(`ratings.${r}${v === GOOD ? 'Good' : 'Bad'}`)}</span>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('ratings.score')}</th>
            {entries.map((e, i) => (
              <td key={days[i]!.key} className="health-ratings__score">
                {e?.score ?? '–'}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
