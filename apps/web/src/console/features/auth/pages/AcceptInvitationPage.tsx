import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { acceptInvitation as acceptInvitationFunction } from '@hibi/contract/console/auth';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import type { ConsolePayload } from '../../../lib/types.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';

type Values = ConsolePayload<'acceptInvitation'>;

/**
 * The one-time link of an invitation (or of the bootstrap owner, `npm run console:create-owner`): the operator sets a
 * password of 12 characters or more and a display name, then signs in, which enrols the authenticator app.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation('consoleAuth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const form = useForm<Values>({
    resolver: zodResolver(acceptInvitationFunction.payload),
    defaultValues: { token, password: '', displayName: '' },
  });
  const errors = form.formState.errors;
  const answer = accept.data;

  if (answer?.succeed) {
    return (
      <div className="console-auth">
        <h1 className="console-auth__title">{t('invitation.doneTitle')}</h1>
        <p role="status">{t('invitation.done', { email: answer.email })}</p>
        <p>
          <Link className="button button--primary" to="/signin">
            {t('invitation.toSignIn')}
          </Link>
        </p>
      </div>
    );
  }
  const failure = answer && !answer.succeed ? failureText(answer, { invalidToken: t('invitation.invalidToken') }) : null;
  return (
    <div className="console-auth">
      <h1 className="console-auth__title">{t('invitation.title')}</h1>
      <p>{t('invitation.lead')}</p>
      {!token ? (
        <p className="form-error" role="alert">
          {t('invitation.invalidToken')}
        </p>
      ) : (
        <form className="form console-form" noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values))}>
          <FormError>{failure ?? (accept.error ? callErrorText(accept.error) : null)}</FormError>
          <input type="hidden" {...form.register('token')} />
          <Field label={t('invitation.displayName')} error={fieldErrorText(errors.displayName)}>
            {(control) => <input {...control} {...form.register('displayName')} autoComplete="name" required />}
          </Field>
          <Field label={t('invitation.password')} hint={t('invitation.passwordHint')} error={fieldErrorText(errors.password)}>
            {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="new-password" required />}
          </Field>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={accept.isPending}
            aria-busy={accept.isPending || undefined}
          >
            {t('invitation.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
