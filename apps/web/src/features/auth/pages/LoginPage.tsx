import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { pathAfterLogin } from '../../../lib/auth/startLogin.ts';
import { markVerifiedNow } from '../../../lib/auth/reauthenticate.ts';
import { termsPending } from '../../../lib/auth/termsGate.ts';
import { EmailRequestForm } from '../../../components/EmailRequestForm.tsx';
import { Field } from '../../../components/Field.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { acceptTerms } from '../api/accept-terms.ts';
import { login } from '../api/login.ts';
import { notifyLoggedIn } from '../api/notify-logged-in.ts';
import { requestFirstPassword as sendFirstPasswordLink } from '../api/request-first-password.ts';
import { beginPasskeySignIn, finishPasskeySignIn } from '../api/passkey-sign-in.ts';
import { autofillSupported, cancelPasskeyCeremony, getPasskey, passkeyErrorKind, passkeysSupported } from '../../../lib/auth/passkeys.ts';

type FieldErrors = { id?: string; password?: string };
type SignedIn = Extract<Awaited<ReturnType<typeof login>>, { succeed: true }>;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const mounted = useRef(false);

  /** What follows any sign-in (password or passkey): the stored user, the terms, the next page. */
  async function afterSignIn(result: SignedIn) {
    session.set({ expiresAt: result.expiresAt, user: result.user, contract: result.tenantContract });
    markVerifiedNow();
    const accepted = session.acceptedTermsVersion();
    if (accepted > result.user.termsVersion) {
      const recorded = await acceptTerms({ termsVersion: accepted });
      if (recorded.succeed) session.update({ user: { ...result.user, termsVersion: recorded.termsVersion } });
    }
    const notified = await notifyLoggedIn();
    if (notified.succeed) session.update({ contract: notified.tenantContract });
    // Terms first: a member below the current version agrees before anything else (the router holds them there).
    if (await termsPending()) {
      navigate('/terms', { replace: true });
      return;
    }
    navigate(result.user.hasEmail ? pathAfterLogin() : '/registerMailAddress', { replace: true });
  }

  /**
   * A passkey sign-in: `autofill` waits on the id field's suggestions (conditional UI) from the page's start; the
   * button asks in a dialog (and so ends the waiting request). A failure signs out as a failed login does.
   */
  async function passkeySignIn(autofill: boolean) {
    if (!passkeysSupported()) {
      setError(t('passkey.unsupported'));
      return;
    }
    if (!autofill) {
      setError(null);
      setPasskeyBusy(true);
    }
    let finishing = false;
    try {
      const options = await beginPasskeySignIn();
      if (!options.succeed) throw new ApiError(options.errorCode, 200);
      const answer = await getPasskey(options.options, autofill);
      finishing = true;
      setPasskeyBusy(true);
      setError(null);
      const result = await finishPasskeySignIn(answer);
      if (!result.succeed) {
        session.clear();
        const messages: Record<string, string> = {
          notTenantUser: t('login.notTenantUser'),
          passkeyRejected: t('passkey.rejected'),
          invalidChallenge: t('passkey.expired'),
        };
        setError(messages[result.errorCode] ?? t('passkey.failed'));
        return;
      }
      await afterSignIn(result);
    } catch (e) {
      const kind = passkeyErrorKind(e);
      // The autofill request is the browser's offer, not the member's ask: when the browser refuses it, the page says
      // nothing (the form and the button are still there).
      if (kind === 'aborted' || (autofill && (kind === 'cancelled' || kind === 'unsupported'))) return;
      if (!mounted.current) return;
      setError(
        kind === 'cancelled'
          ? t('passkey.cancelled')
          : kind === 'unsupported'
            ? t('passkey.unsupported')
            : e instanceof ApiError && e.errorCode === 'tooManyRequests'
              ? t('login.tooMany')
              : t('passkey.failed'),
      );
    } finally {
      // A waiting autofill request that was cancelled leaves the dialog's busy state alone.
      if (mounted.current && (!autofill || finishing)) setPasskeyBusy(false);
    }
  }

  // Conditional UI: where the browser offers passkeys in the id field's autofill, a request waits for the member to
  // pick one; leaving the page ends it.
  useEffect(() => {
    mounted.current = true;
    let active = true;
    void autofillSupported().then((supported) => {
      if (supported && active) void passkeySignIn(true);
    });
    return () => {
      active = false;
      mounted.current = false;
      void cancelPasskeyCeremony();
    };
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!id.trim()) errors.id = t('login.idEmpty');
    if (!password) errors.password = t('login.passwordEmpty');
    setFieldErrors(errors);
    setError(null);
    if (errors.id || errors.password) return;

    setBusy(true);
    try {
      // The session goes into an HttpOnly cookie; the answer carries no token (decision 107).
      const result = await login({ id: id.trim(), password, session: 'cookie' });
      if (!result.succeed) {
        // A failed login signs out whoever was signed in (docs/requirements/auth.md#auth-login-errors).
        session.clear();
        const messages: Record<string, string> = {
          invalidCredentials: t('login.wrongCredentials'),
          notTenantUser: t('login.notTenantUser'),
          contractEnded: t('login.contractEnded'),
          validationError: result.validationErrorMessage?.[0] ?? t('login.failed'),
        };
        setError(messages[result.errorCode] ?? t('login.failed'));
        return;
      }
      await afterSignIn(result);
    } catch (e) {
      session.clear();
      setError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('login.tooMany') : t('login.failed'));
    } finally {
      setBusy(false);
    }
  }

  /** An address the company registered: a single-use link to set the first password (as on /registerMailAddress). */
  async function requestFirstPassword(email: string): Promise<string | null> {
    try {
      const result = await sendFirstPasswordLink({ email });
      if (result.succeed) {
        navigate('/registerMailAddressRequested');
        return null;
      }
      if (result.errorCode === 'validationError') return result.validationErrorMessage?.[0] ?? t('login.firstTimeFailed');
      return t('login.firstTimeFailed');
    } catch (e) {
      return e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('login.firstTimeTooMany') : t('login.firstTimeFailed');
    }
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('login.title')}</h1>
      <form className="card form" method="post" onSubmit={(e) => void submit(e)} noValidate>
        <FormError>{error}</FormError>
        <Field label={t('login.id')} hint={t('login.idHint')} error={fieldErrors.id}>
          {(control) => (
            <input
              {...control}
              name="id"
              type="text"
              inputMode="email"
              autoComplete="username webauthn"
              value={id}
              onChange={(e) => setId(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('login.password')} error={fieldErrors.password}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="form__link">
          <Link to="/resetPassword">{t('login.forgotPassword')}</Link>
        </p>
        <p className="login-passkey__or" aria-hidden="true">
          {t('passkey.or')}
        </p>
        <button
          type="button"
          className="button button--outline button--block"
          onClick={() => void passkeySignIn(false)}
          disabled={passkeyBusy}
          aria-busy={passkeyBusy}
          aria-describedby="passkey-hint"
        >
          {passkeyBusy ? t('passkey.busy') : t('passkey.button')}
        </button>
        <p id="passkey-hint" className="field__hint">
          {t('passkey.hint')}
        </p>
      </form>

      <section className="card login-more" aria-labelledby="first-time">
        <h2 id="first-time" className="section-title">
          {t('login.firstTimeTitle')}
        </h2>
        {/* The first-time password-setup email form is part of the login screen (docs/requirements/auth.md#auth-login). */}
        <EmailRequestForm submitLabel={t('login.firstTimeLink')} onSubmit={requestFirstPassword} plain>
          <p>{t('login.firstTimeText')}</p>
        </EmailRequestForm>
        <h2 className="section-title">{t('login.signupTitle')}</h2>
        <p>{t('login.signupText')}</p>
        <Link className="button button--outline button--block" to="/signup">
          {t('login.signupLink')}
        </Link>
        <h2 className="section-title">{t('login.manualTitle')}</h2>
        <ul className="link-list">
          <li>
            <a href="/media/manuals/login-manual-ja.pdf" target="_blank" rel="noopener" hrefLang="ja">
              {t('login.manualJa')}
              <span className="visually-hidden"> {t('login.opensPdf')}</span>
            </a>
          </li>
          <li>
            <a href="/media/manuals/login-manual-en.pdf" target="_blank" rel="noopener" hrefLang="en">
              {t('login.manualEn')}
              <span className="visually-hidden"> {t('login.opensPdf')}</span>
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
