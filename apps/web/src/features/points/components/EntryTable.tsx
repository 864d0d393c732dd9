import type { PointEntry } from '@hibi/contract/functions/points';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatAmount, formatInstantDay } from '../format.ts';

/** The ledger's entries, newest first: the Tokyo day, the reason in the member's words, +/− points and the balance after. */
export function EntryTable({ entries }: { entries: readonly PointEntry[] }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  return (
    <div className="points-table-wrap">
      <table className="points-table">
        <caption className="visually-hidden">{t('ledger.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ledger.date')}</th>
            <th scope="col">{t('ledger.label')}</th>
            <th scope="col" className="points-table__number">
              {t('ledger.amount')}
            </th>
            <th scope="col" className="points-table__number">
              {t('ledger.balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="points-table__date">{formatInstantDay(entry.at, locale)}</td>
              <td className="points-table__label">{entry.label}</td>
              <td className={`points-table__number points-amount points-amount--${entry.amount > 0 ? 'plus' : 'minus'}`}>
                {formatAmount(entry.amount, locale)}
              </td>
              <td className="points-table__number">{formatNumber(entry.balanceAfter, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
