import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Result } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { applyForReward } from '../api/apply-for-reward.ts';
import { pointsKeys } from '../api/keys.ts';
import { useRewards, type RewardItem } from '../api/list-rewards.ts';
import { AddressFields } from '../components/AddressFields.tsx';
import { applyBlock } from '../components/RewardCard.tsx';
import { EMPTY_ADDRESS, checkAddress, type AddressField, type AddressValues, type FieldErrors } from '../components/addressForm.ts';
import { estimateWords } from '../format.ts';
import type { ShippingAddress } from '@hibi/contract/functions/points';
import '../points.css';

/** The refusals of applyForReward that have a message of their own (points.json apply.errors.*). */
const KNOWN_ERRORS = new Set(['notFound', 'notAvailable', 'outOfStock', 'pointsShort', 'addressRequired', 'addressNotAllowed']);

type Applied = Omit<Extract<Result<'applyForReward'>, { succeed: true }>, 'succeed'>;

/**
 * /rewards/:rewardID: applying for one reward (docs/requirements/points.md#points-exchange): the price, the balance now
 * and after; for a physical reward the shipping address, checked with the contract's schema; a confirmation; then the
 * application with its delivery estimate in words. Each refusal has its own message.
 */
export default function RewardApplyPage() {
  const { t } = useTranslation('points');
  const rewardID = Number(useParams().rewardID);
  const query = useRewards();
  const reward = query.data?.rewards.find((r) => r.rewardID === rewardID);
  return (
    <div className="container page page--narrow points-page">
      <p className="points-back">
        <Link to="/rewards">{t('apply.back')}</Link>
      </p>
      <h1 className="page-title">{reward ? t('rewards.applyFor', { name: reward.name }) : t('apply.title')}</h1>
      <QueryState
        query={query}
        isEmpty={query.data !== undefined && !reward}
        empty={<p className="empty-state">{t('apply.notFound')}</p>}
        error={t('rewards.loadFailed')}
      >
        {reward && query.data && <ApplyFlow reward={reward} balance={query.data.balance} />}
      </QueryState>
    </div>
  );
}

function ApplyFlow({ reward, balance }: { reward: RewardItem; balance: number }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const client = useQueryClient();
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ address: ShippingAddress | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<Applied | null>(null);
  const physical = reward.kind === 'physical';
  const block = applyBlock(reward, balance);
  const n = (value: number) => formatNumber(value, locale);

  function change(field: AddressField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
  }

  function review(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!physical) return setConfirming({ address: null });
    const checked = checkAddress(values);
    if (checked.errors) {
      setFieldErrors(checked.errors);
      setFormError(t('apply.checkFields'));
      return;
    }
    setFieldErrors({});
    // The form shows what will be sent: the normalised postal code and phone.
    setValues((v) => ({ ...v, postalCode: checked.address.postalCode, phone: checked.address.phone }));
    setConfirming({ address: checked.address });
  }

  async function apply(address: ShippingAddress | null) {
    setBusy(true);
    try {
      const result = await applyForReward({ rewardID: reward.rewardID, ...(address ? { address } : {}) });
      if (result.succeed) {
        const { succeed: _, ...rest } = result;
        setApplied(rest);
        // The balance, stock and lists changed: read again when next shown (a refetch now could take this page's reward away).
        void client.invalidateQueries({ queryKey: pointsKeys.all, refetchType: 'none' });
      } else if (result.errorCode === 'validationError' && result.validationErrorMessage?.[0]) {
        setFormError(result.validationErrorMessage[0]);
      } else {
        setFormError(t(`apply.errors.${KNOWN_ERRORS.has(result.errorCode) ? result.errorCode : 'failed'}`));
      }
    } catch {
      setFormError(t('apply.errors.failed'));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  if (applied) return <AppliedView applied={applied} />;

  const after = balance - reward.points;
  const prefecture = confirming?.address ? t(`prefectures.${confirming.address.prefecture}`) : '';
  return (
    <form className="apply-form" onSubmit={review} noValidate>
      <section className="points-section card" aria-labelledby="apply-summary-title">
        <h2 className="points-section__title" id="apply-summary-title">
          {t('apply.summary')}
        </h2>
        <dl className="apply-summary">
          <div>
            <dt>{t('apply.price')}</dt>
            <dd>{t('unit', { count: reward.points, n: n(reward.points) })}</dd>
          </div>
          <div>
            <dt>{t('apply.balanceNow')}</dt>
            <dd>{t('unit', { count: balance, n: n(balance) })}</dd>
          </div>
          <div>
            <dt>{t('apply.balanceAfter')}</dt>
            <dd className={after < 0 ? 'apply-summary__short' : undefined}>{t('unit', { count: after, n: n(after) })}</dd>
          </div>
        </dl>
      </section>
      {physical ? (
        <fieldset className="points-section apply-address">
          <legend className="points-section__title">{t('apply.addressTitle')}</legend>
          <p className="points-lead">{t('apply.addressLead')}</p>
          <AddressFields values={values} errors={fieldErrors} onChange={change} />
        </fieldset>
      ) : (
        <p className="points-lead">{t('apply.digitalNote')}</p>
      )}
      <FormError>{formError}</FormError>
      {block && (
        <p className="reward__reason" id="apply-block">
          {block === 'soldOut' ? t('rewards.soldOut') : t('rewards.needMore', { count: -after, n: n(-after) })}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={block !== null}
        aria-describedby={block ? 'apply-block' : undefined}
      >
        {t('apply.review')}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={t('apply.confirmTitle')}
        confirmLabel={t('apply.confirm')}
        cancelLabel={t('apply.cancel')}
        tone="primary"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void apply(confirming?.address ?? null)}
      >
        <p>{t('apply.confirmBody', { name: reward.name, points: n(reward.points), after: n(after) })}</p>
        {confirming?.address && (
          <p className="apply-confirm__address">
            {t('apply.confirmShipTo', {
              address: [
                confirming.address.postalCode,
                prefecture,
                confirming.address.line1,
                confirming.address.line2,
                confirming.address.name,
                confirming.address.phone,
              ]
                .filter(Boolean)
                .join(' '),
            })}
          </p>
        )}
      </ConfirmDialog>
    </form>
  );
}

/** The application received: its number, the delivery estimate in words, the points used and the balance now. */
function AppliedView({ applied }: { applied: Applied }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const estimate = estimateWords(applied.estimate, locale);
  return (
    <section className="points-section card apply-done" aria-labelledby="apply-done-title">
      <h2 className="points-section__title" id="apply-done-title" ref={heading} tabIndex={-1}>
        {t('apply.doneTitle')}
      </h2>
      <dl className="apply-summary">
        <div>
          <dt>{t('apply.applicationNumber')}</dt>
          <dd>{applied.applicationID}</dd>
        </div>
        <div>
          <dt>{t('apply.estimate')}</dt>
          <dd>{t(estimate.key, { month: estimate.month })}</dd>
        </div>
        <div>
          <dt>{t('apply.pointsUsed')}</dt>
          <dd>{t('unit', { count: applied.points, n: formatNumber(applied.points, locale) })}</dd>
        </div>
        <div>
          <dt>{t('apply.balanceNowAfter')}</dt>
          <dd>{t('unit', { count: applied.balance, n: formatNumber(applied.balance, locale) })}</dd>
        </div>
      </dl>
      <p className="apply-done__links">
        <Link to="/rewards/applications">{t('apply.toApplications')}</Link> <Link to="/rewards">{t('apply.back')}</Link>
      </p>
    </section>
  );
}
