import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { EXPIRY_WARNING_DAYS, POINTS_VALID_YEARS, daysUntil, formatDay, todayInTokyo } from '../format.ts';

/**
 * The balance, large, and the Tokyo day it expires with the rule in plain words (docs/requirements/points.md#points-expiry):
 * valid POINTS_VALID_YEARS years from the last points earned; within EXPIRY_WARNING_DAYS days it is shown as a warning
 * with what to do.
 */
export function BalanceCard({ balance, expiresOn }: { balance: number; expiresOn: string | null }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const days = expiresOn ? daysUntil(expiresOn, todayInTokyo()) : null;
  const soon = days !== null && days <= EXPIRY_WARNING_DAYS;
  return (
    <section className={`points-balance card${soon ? ' points-balance--warning' : ''}`} aria-labelledby="points-balance-label">
      <h2 className="points-balance__label" id="points-balance-label">
        {t('ledger.balanceLabel')}
      </h2>
      <p className="points-balance__figure">
        <span className="points-balance__number">{formatNumber(balance, locale)}</span>{' '}
        <span className="points-balance__unit">{t('ledger.balanceUnit')}</span>
      </p>
      {expiresOn && days !== null ? (
        <div className="points-expiry">
          <p className="points-expiry__day">
            {soon
              ? t('ledger.expiresIn', { count: Math.max(days, 0), day: formatDay(expiresOn, locale) })
              : t('ledger.expiresOn', { day: formatDay(expiresOn, locale) })}
          </p>
          {soon && <p className="points-expiry__hint">{t('ledger.expirySoonHint')}</p>}
          <p className="points-expiry__rule">{t('ledger.expiryRule', { years: POINTS_VALID_YEARS })}</p>
        </div>
      ) : (
        <p className="points-expiry__rule">{t('ledger.noBalance')}</p>
      )}
    </section>
  );
}
