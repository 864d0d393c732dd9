import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADJUST_NOTE_MAX, adjustPoints } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { MEMBER_POINTS_PAGE, useAdjustPoints, useMemberPoints } from '../api/points.ts';

const count = (value: number) => value.toLocaleString('ja-JP');
const signed = (value: number) => (value > 0 ? `+${count(value)}` : value < 0 ? `−${count(-value)}` : '0');

interface AdjustForm {
  amount: string;
  note: string;
}

/**
 * A member's points on the member's page (owners and support; docs/requirements/points.md#points-ledger): the balance and
 * the Tokyo day it expires, the ledger's entries newest first, paged (label, amount, balance after, when). An owner adds
 * or takes points with a note the member sees (pointsShort when the balance would go below 0); after saving, the
 * outcome is focused.
 */
export function MemberPoints({ memberID, canAdjust }: { memberID: number; canAdjust: boolean }) {
  const { t } = useTranslation('consolePoints');
  const [offset, setOffset] = useState(0);
  const query = useMemberPoints(memberID, offset);
  const data = query.data;
  return (
    <section className="console-section" aria-labelledby="member-points-title">
      <h2 id="member-points-title">{t('member.title')}</h2>
      <QueryState query={query} error={callErrorText(query.error, { notFound: t('errors.notFound') })}>
        {data && (
          <>
            <dl className="console-facts">
              <dt>{t('member.balance')}</dt>
              <dd>{t('member.pointsValue', { points: count(data.balance) })}</dd>
              <dt>{t('member.expiresOn')}</dt>
              <dd>{data.expiresOn ?? t('member.noExpiry')}</dd>
            </dl>
            {data.entries.length === 0 ? (
              <p className="empty-state">{t('member.noEntries')}</p>
            ) : (
              <div className="console-table-wrap" role="region" aria-label={t('member.entries')} tabIndex={0}>
                <table className="console-table">
                  <caption className="visually-hidden">{t('member.entries')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('member.at')}</th>
                      <th scope="col">{t('member.label')}</th>
                      <th scope="col">{t('member.amount')}</th>
                      <th scope="col">{t('member.balanceAfter')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{formatDateTime(entry.at)}</td>
                        <th scope="row">{entry.label}</th>
                        <td>{signed(entry.amount)}</td>
                        <td>{count(entry.balanceAfter)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager offset={offset} perPage={MEMBER_POINTS_PAGE} total={data.total} onChange={setOffset} />
          </>
        )}
      </QueryState>
      {canAdjust && <AdjustPointsForm memberID={memberID} onSaved={() => setOffset(0)} />}
    </section>
  );
}

function AdjustPointsForm({ memberID, onSaved }: { memberID: number; onSaved: () => void }) {
  const { t } = useTranslation('consolePoints');
  const adjust = useAdjustPoints();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<AdjustForm>({
    defaultValues: { amount: '', note: '' },
    resolver: async (values, context, options) =>
      (zodResolver(adjustPoints.payload) as never as (v: unknown, c: unknown, o: unknown) => Promise<never>)(
        { memberID, amount: values.amount.trim() === '' ? Number.NaN : Number(values.amount), note: values.note },
        context,
        options,
      ),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((payload) => {
    const { amount, note } = payload as unknown as { amount: number; note: string };
    setError(null);
    setResult(null);
    adjust.mutate(
      { memberID, amount, note },
      {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            const text = failureText(answer, { notFound: t('errors.notFound'), pointsShort: t('errors.pointsShort') });
            if (answer.errorCode === 'pointsShort') form.setError('amount', { type: 'pointsRule', message: text });
            return setError(text);
          }
          form.reset({ amount: '', note: '' });
          onSaved();
          setResult(t('member.adjusted', { amount: signed(amount), balance: count(answer.balance) }));
          // The outcome is where the operator's attention goes next.
          requestAnimationFrame(() => resultRef.current?.focus());
        },
        onError: (thrown) => setError(callErrorText(thrown, { pointsShort: t('errors.pointsShort') })),
      },
    );
  });

  const amountError = errors.amount?.type === 'pointsRule' ? errors.amount.message : fieldErrorText(errors.amount);
  return (
    <form className="console-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="member-points-adjust">
      <h3 id="member-points-adjust">{t('member.adjustTitle')}</h3>
      <p className="console-muted">{t('member.adjustIntro')}</p>
      <FormError>{error}</FormError>
      <p ref={resultRef} tabIndex={-1} role="status" className="status-message">
        {result && <span className="form-success">{result}</span>}
      </p>
      <Field label={t('member.adjustAmount')} hint={t('member.adjustAmountHint')} error={amountError} requiredMark>
        {(control) => <input {...control} {...form.register('amount')} type="number" inputMode="numeric" step={1} required />}
      </Field>
      <Field
        label={t('member.adjustNote')}
        hint={t('member.adjustNoteHint', { max: ADJUST_NOTE_MAX })}
        error={fieldErrorText(errors.note)}
        requiredMark
      >
        {(control) => <textarea {...control} {...form.register('note')} rows={2} maxLength={ADJUST_NOTE_MAX} required />}
      </Field>
      <button type="submit" className="button button--primary" disabled={adjust.isPending} aria-busy={adjust.isPending || undefined}>
        {t('member.adjustSave')}
      </button>
    </form>
  );
}
