import { useId } from 'react';
import { Link } from 'react-router';
import type { Reward } from '@hibi/contract/functions/points';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatDay } from '../format.ts';

/** Why a reward cannot be applied for from the catalogue (the server says the same as outOfStock / pointsShort), or null. */
export function applyBlock(reward: Pick<Reward, 'stock' | 'points'>, balance: number): 'soldOut' | 'short' | null {
  if (reward.stock <= 0) return 'soldOut';
  if (balance < reward.points) return 'short';
  return null;
}

/**
 * One reward of the catalogue (docs/requirements/points.md#points-exchange): the picture, name, description, the price
 * (the regular one struck through when a campaign lowers it), stock left, physical or digital, the last day, and the
 * apply button; disabled, with the reason beside it, when the stock is gone or the member's points are short.
 */
export function RewardCard({ reward, balance }: { reward: Reward; balance: number }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const id = useId();
  const block = applyBlock(reward, balance);
  const titleId = `${id}-title`;
  const reasonId = `${id}-reason`;
  return (
    <li className="reward card" aria-labelledby={titleId}>
      {reward.imageUrl && <img className="reward__image" src={reward.imageUrl} alt={reward.imageAlt ?? ''} loading="lazy" width="320" height="200" />}
      <h2 className="reward__name" id={titleId}>
        {reward.name}
      </h2>
      <p className="reward__description">{reward.description}</p>
      <dl className="reward__facts">
        <div>
          <dt>{t('rewards.price')}</dt>
          <dd className="reward__price">
            {reward.regularPoints !== null && (
              <>
                <s className="reward__regular">
                  <span className="visually-hidden">{t('rewards.regularPrice')} </span>
                  {t('unit', { count: reward.regularPoints, n: formatNumber(reward.regularPoints, locale) })}
                </s>{' '}
                <span className="visually-hidden">{t('rewards.campaignPrice')} </span>
              </>
            )}
            <strong>{t('unit', { count: reward.points, n: formatNumber(reward.points, locale) })}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('rewards.stock')}</dt>
          <dd className={reward.stock > 0 ? undefined : 'reward__sold-out'}>
            {reward.stock > 0 ? t('rewards.stockLeft', { count: reward.stock, n: formatNumber(reward.stock, locale) }) : t('rewards.soldOut')}
          </dd>
        </div>
        <div>
          <dt>{t('rewards.kindLabel')}</dt>
          <dd>{t(`rewards.kind.${reward.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('rewards.availableUntil')}</dt>
          <dd>{reward.availableTo ? formatDay(reward.availableTo, locale) : t('rewards.openEnded')}</dd>
        </div>
      </dl>
      <div className="reward__action">
        {block === null ? (
          <Link className="button button--primary button--block" to={`/rewards/${reward.rewardID}`} aria-describedby={titleId}>
            {t('rewards.apply')}
          </Link>
        ) : (
          <>
            <button type="button" className="button button--primary button--block" disabled aria-describedby={`${reasonId} ${titleId}`}>
              {t('rewards.apply')}
            </button>
            <p className="reward__reason" id={reasonId}>
              {block === 'soldOut'
                ? t('rewards.soldOut')
                : t('rewards.needMore', { count: reward.points - balance, n: formatNumber(reward.points - balance, locale) })}
            </p>
          </>
        )}
      </div>
    </li>
  );
}
