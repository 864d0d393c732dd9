import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { useVerifyTotp } from '../api/verify-totp.ts';
import { verifyWithPasskey } from '../api/verify-passkey.ts';
import { passkeyErrorKind } from '../../../../lib/auth/passkeys.ts';
import type { SignInResult } from '../api/sign-in.ts';

// The QR code library is loaded only when an operator enrols.
const EnrolQr = lazy(() => import('./EnrolQr.tsx'));

/**
 * The second step: a 6-digit code from the authenticator app, or one of the recovery codes. When enrolling, the QR
 * code and the secret come first.
 */
export function CodeStep({
  answer,
  onDone,
  onRestart,
}: {
  answer: SignInResult;
  onDone: (recoveryCodes: string[] | undefined) => void;
  onRestart: (notice: string) => void;
}) {
  const { t } = useTranslation('consoleAuth');
  const verify = useVerifyTotp();
  const enrolling = answer.mfa === 'enrol';
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  /** A passkey instead of the code (decision 148); required when an owner asked for it and the operator has one. */
  async function signInWithPasskey() {
    setError(null);
    setPasskeyBusy(true);
    try {
      const result = await verifyWithPasskey(answer.challenge);
      if (result.succeed) return onDone(undefined);
      if (result.errorCode === 'invalidChallenge') return onRestart(t('code.challengeExpired'));
      setError(failureText(result, { noPasskeys: t('passkey.none'), passkeyRejected: t('passkey.rejected') }));
    } catch (thrown) {
      if (thrown instanceof ConsoleApiError) return setError(callErrorText(thrown));
      const kind = passkeyErrorKind(thrown);
      setError(kind === 'cancelled' || kind === 'aborted' ? t('passkey.cancelled') : t('passkey.failed'));
    } finally {
      setPasskeyBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const entered = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(entered)) return setError(t('code.format'));
    if (useRecovery && entered.length === 0) return setError(t('code.recoveryRequired'));
    setError(null);
    verify.mutate(
      { challenge: answer.challenge, ...(useRecovery ? { recoveryCode: entered } : { code: entered }) },
      {
        onSuccess: (result) => {
          if (result.succeed) return onDone(result.recoveryCodes);
          if (result.errorCode === 'invalidChallenge') return onRestart(t('code.challengeExpired'));
          setError(
            failureText(result, { invalidCode: t(useRecovery ? 'code.invalidRecovery' : 'code.invalid'), passkeyRequired: t('passkey.required') }),
          );
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      },
    );
  }

  return (
    <form className="form console-form" noValidate onSubmit={submit}>
      {enrolling ? (
        <>
          <h2 className="console-auth__step">{t('enrol.title')}</h2>
          <p>{t('enrol.lead')}</p>
          <Suspense fallback={<div className="console-qr console-qr--loading" />}>
            {answer.otpauthUrl && <EnrolQr url={answer.otpauthUrl} label={t('enrol.qrLabel')} />}
          </Suspense>
          <p>{t('enrol.secretLead')}</p>
          <p className="console-secret">
            <code>{answer.secret}</code>
          </p>
        </>
      ) : (
        <h2 className="console-auth__step">{t(useRecovery ? 'code.recoveryTitle' : 'code.title')}</h2>
      )}
      <FormError>{error}</FormError>
      <Field
        label={t(useRecovery ? 'code.recoveryLabel' : 'code.label')}
        hint={useRecovery ? t('code.recoveryHint') : t('code.hint')}
        key={useRecovery ? 'recovery' : 'code'}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name={useRecovery ? 'recoveryCode' : 'code'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            maxLength={useRecovery ? 40 : 6}
            autoFocus
            required
          />
        )}
      </Field>
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
        {t(enrolling ? 'enrol.confirm' : 'code.submit')}
      </button>
      {!enrolling && (
        <button
          type="button"
          className="button button--outline button--block"
          onClick={() => {
            setUseRecovery((v) => !v);
            setValue('');
            setError(null);
          }}
        >
          {t(useRecovery ? 'code.useApp' : 'code.useRecovery')}
        </button>
      )}
      {!enrolling && (
        <button
          type="button"
          className="button button--outline button--block"
          onClick={() => void signInWithPasskey()}
          disabled={passkeyBusy}
          aria-busy={passkeyBusy || undefined}
        >
          {t('passkey.use')}
        </button>
      )}
    </form>
  );
}
