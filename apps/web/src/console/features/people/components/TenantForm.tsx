import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { CONTRACT_TYPES, tenantInputSchema, type TenantFormValues, type TenantRow } from '@hibi/contract/console/people';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { useSaveTenant } from '../api/tenants.ts';

/** A tenant's names, contract type and switches; read-only for support operators. */
export function TenantForm({ tenant, editable }: { tenant: TenantRow | null; editable: boolean }) {
  const { t } = useTranslation('consolePeople');
  const navigate = useNavigate();
  const save = useSaveTenant();
  const form = useForm<TenantFormValues>({
    resolver: zodResolver(tenantInputSchema),
    defaultValues: tenant
      ? {
          id: tenant.id,
          name: { ja: tenant.name.ja, en: tenant.name.en ?? '' },
          contractType: tenant.contractType,
          corporateContract: tenant.corporateContract,
          teamMatchEnabled: tenant.teamMatchEnabled,
          emailDistributionEnabled: tenant.emailDistributionEnabled,
        }
      : { name: { ja: '', en: '' }, contractType: 1, corporateContract: true, teamMatchEnabled: false, emailDistributionEnabled: false },
  });
  const errors = form.formState.errors;
  const answer = save.data;
  // The end of the contract (issue 32): Japan time in the field; the purge follows 90 days later.
  const [endInput, setEndInput] = useState(() => (tenant?.contractEndsAt != null ? toTokyoInput(tenant.contractEndsAt) : ''));
  const [confirmPurge, setConfirmPurge] = useState(false);
  const needsConfirmation = answer !== undefined && !answer.succeed && answer.errorCode === 'purgeNeedsConfirmation';
  const purged = tenant?.purgedAt != null;
  return (
    <form
      className="console-fieldset"
      noValidate
      aria-labelledby="tenant-settings"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          { ...values, contractEndsAt: endInput ? fromTokyoInput(endInput) : null, ...(confirmPurge ? { confirmPurge: true } : {}) },
          {
            onSuccess: (result) => {
              if (result.succeed && !tenant) void navigate(`/tenants/${result.id}`);
            },
          },
        ),
      )}
    >
      <h2 id="tenant-settings" className="console-editor__heading">
        {t('tenants.settings')}
      </h2>
      <FormError>
        {answer && !answer.succeed
          ? failureText(answer, {
              notFound: t('tenants.notFound'),
              purgeNeedsConfirmation: t('tenants.contract.needsConfirmation'),
              purged: t('tenants.contract.purgedNoChange'),
            })
          : save.error
            ? callErrorText(save.error)
            : null}
      </FormError>
      <fieldset disabled={!editable} className="console-plain-fieldset">
        <legend className="visually-hidden">{t('tenants.settings')}</legend>
        <div className="console-localized">
          <Field label={t('tenants.nameJa')} error={fieldErrorText(errors.name?.ja)} requiredMark>
            {(control) => <input {...control} {...form.register('name.ja')} type="text" required maxLength={100} />}
          </Field>
          <Field label={t('tenants.nameEn')} error={fieldErrorText(errors.name?.en)}>
            {(control) => <input {...control} {...form.register('name.en')} type="text" maxLength={100} lang="en" />}
          </Field>
          <Field label={t('tenants.contractType')} hint={t('tenants.contractTypeHint')} error={fieldErrorText(errors.contractType)}>
            {(control) => (
              <select {...control} {...form.register('contractType', { valueAsNumber: true })}>
                {CONTRACT_TYPES.map((n) => (
                  <option key={n} value={n}>
                    {t(`tenants.contractTypes.${n}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <label className="console-check">
          <input type="checkbox" {...form.register('corporateContract')} />
          {t('tenants.corporateContractLong')}
        </label>
        <label className="console-check">
          <input type="checkbox" {...form.register('teamMatchEnabled')} />
          {t('tenants.teamMatchEnabledLong')}
        </label>
        <label className="console-check">
          <input type="checkbox" {...form.register('emailDistributionEnabled')} />
          {t('tenants.emailDistributionEnabledLong')}
        </label>
        <Field label={t('tenants.contract.endsAt')} hint={t('tenants.contract.endsAtHint')}>
          {(control) => <input {...control} type="datetime-local" value={endInput} disabled={purged} onChange={(e) => setEndInput(e.target.value)} />}
        </Field>
        {tenant && (
          <p className="console-muted">
            {tenant.purgedAt != null
              ? t('tenants.contract.purgedAt', { at: formatDateTime(tenant.purgedAt) })
              : tenant.purgeAt != null
                ? t('tenants.contract.purgeAt', { at: formatDateTime(tenant.purgeAt) })
                : t('tenants.contract.openEnded')}
          </p>
        )}
        {needsConfirmation && (
          <label className="console-check">
            <input type="checkbox" checked={confirmPurge} onChange={(e) => setConfirmPurge(e.target.checked)} />
            {t('tenants.contract.confirmPurge')}
          </label>
        )}
      </fieldset>
      <StatusMessage message={answer?.succeed ? { text: t('tenants.saved'), error: false } : null} />
      {editable ? (
        <p>
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {tenant ? t('tenants.save') : t('tenants.create')}
          </button>
        </p>
      ) : (
        <p className="console-muted">{t('tenants.readOnly')}</p>
      )}
    </form>
  );
}
