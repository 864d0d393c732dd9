import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { signIn as signInFunction } from '@hibi/contract/console/auth';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import type { ConsolePayload } from '../../../lib/types.ts';
import type { useSignIn, SignInResult } from '../api/sign-in.ts';

type Values = ConsolePayload<'signIn'>;

/** The first step: email and password, checked with the contract's schema before it is sent. */
export function PasswordStep({
  mutation,
  onSignedIn,
  notice,
}: {
  mutation: ReturnType<typeof useSignIn>;
  onSignedIn: (answer: SignInResult) => void;
  notice?: string | undefined;
}) {
  const { t } = useTranslation('consoleAuth');
  const form = useForm<Values>({ resolver: zodResolver(signInFunction.payload), defaultValues: { email: '', password: '' } });
  const errors = form.formState.errors;
  const failure = mutation.data && !mutation.data.succeed ? failureText(mutation.data, { invalidCredentials: t('signIn.invalidCredentials') }) : null;
  const thrown = mutation.error ? callErrorText(mutation.error) : null;

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values, {
          onSuccess: (answer) => {
            if (answer.succeed) onSignedIn(answer);
          },
        }),
      )}
    >
      {notice && <p className="console-notice">{notice}</p>}
      <FormError>{failure ?? thrown}</FormError>
      <Field label={t('signIn.email')} error={fieldErrorText(errors.email)}>
        {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="username" required />}
      </Field>
      <Field label={t('signIn.password')} error={fieldErrorText(errors.password)}>
        {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="current-password" required />}
      </Field>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending || undefined}
      >
        {t('signIn.next')}
      </button>
    </form>
  );
}
