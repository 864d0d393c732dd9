import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { inviteOperator as inviteFunction } from '@hibi/contract/console/operators';
import { OPERATOR_ROLES } from '@hibi/contract/console/protocol';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import type { ConsolePayload } from '../../../lib/types.ts';
import { useInviteOperator, useTenantChoices } from '../api/operators.ts';

type Values = ConsolePayload<'inviteOperator'>;

/** Invite an operator by email: the mail (through the outbox) carries a one-time link to set the password. */
export function InviteForm() {
  const { t } = useTranslation('consoleAdmin');
  const invite = useInviteOperator();
  const form = useForm<Values>({ resolver: zodResolver(inviteFunction.payload), defaultValues: { email: '', displayName: '', role: 'editor' } });
  const errors = form.formState.errors;
  const answer = invite.data;
  // A company operator is bound to one tenant (issue 32): chosen here, only for that role.
  const company = form.watch('role') === 'company';
  const tenants = useTenantChoices(company);
  return (
    <form
      className="console-fieldset console-invite"
      noValidate
      aria-labelledby="invite-title"
      onSubmit={form.handleSubmit((values) =>
        invite.mutate(values, {
          onSuccess: (result) => {
            if (result.succeed) form.reset();
          },
        }),
      )}
    >
      <h2 id="invite-title" className="console-editor__heading">
        {t('operators.inviteTitle')}
      </h2>
      <FormError>
        {answer && !answer.succeed
          ? failureText(answer, { emailTaken: t('operators.emailTaken'), notFound: t('operators.tenantNotFound') })
          : invite.error
            ? callErrorText(invite.error)
            : null}
      </FormError>
      <div className="console-localized">
        <Field label={t('operators.email')} error={fieldErrorText(errors.email)} requiredMark>
          {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="off" required />}
        </Field>
        <Field label={t('operators.displayName')} error={fieldErrorText(errors.displayName)} requiredMark>
          {(control) => <input {...control} {...form.register('displayName')} type="text" required />}
        </Field>
        <Field label={t('operators.role')}>
          {(control) => (
            <select {...control} {...form.register('role')}>
              {OPERATOR_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {company && (
          <Field label={t('operators.tenant')} error={fieldErrorText(errors.tenantId)} requiredMark>
            {(control) => (
              <select
                {...control}
                {...form.register('tenantId', { shouldUnregister: true, setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
                required
              >
                <option value="">{t('operators.chooseTenant')}</option>
                {tenants.data?.tenants.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name.ja}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <StatusMessage message={answer?.succeed ? { text: t('operators.invited'), error: false } : null} />
      <p>
        <button type="submit" className="button button--primary" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          {t('operators.invite')}
        </button>
      </p>
    </form>
  );
}
