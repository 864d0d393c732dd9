import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { useSignIn, type SignInResult } from '../api/sign-in.ts';
import { PasswordStep } from '../components/PasswordStep.tsx';
import { CodeStep } from '../components/CodeStep.tsx';
import { RecoveryCodes } from '../components/RecoveryCodes.tsx';

type Step = { kind: 'password'; notice?: string } | { kind: 'code'; answer: SignInResult } | { kind: 'recovery'; codes: string[] };

/** Where to go after signing in: a path of the console only (never another site). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
}

/**
 * Operator sign-in (docs/requirements/console.md#console-sign-in): the password, then a TOTP code or a recovery code. On the first sign-in (or
 * after an owner reset the TOTP) the second step enrols: a QR code and the secret as text, then the 10 recovery codes,
 * shown once.
 */
export default function SignInPage() {
  const { t } = useTranslation('consoleAuth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const signIn = useSignIn();

  return (
    <div className="console-auth">
      <h1 className="console-auth__title">{t('signIn.title')}</h1>
      {step.kind === 'password' && <PasswordStep notice={step.notice} onSignedIn={(answer) => setStep({ kind: 'code', answer })} mutation={signIn} />}
      {step.kind === 'code' && (
        <CodeStep
          answer={step.answer}
          onDone={(recoveryCodes) => (recoveryCodes ? setStep({ kind: 'recovery', codes: recoveryCodes }) : void navigate(next))}
          onRestart={(notice) => setStep({ kind: 'password', notice })}
        />
      )}
      {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onContinue={() => void navigate(next)} />}
    </div>
  );
}
