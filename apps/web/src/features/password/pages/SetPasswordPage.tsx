import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PASSWORD_MAX, PASSWORD_MIN } from '@hibi/contract/constants';
import { ApiError } from '../../../lib/api.ts';
import { Field } from '../../../components/Field.tsx';
import { session, useSession } from '../../../lib/session.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { setPassword as savePassword } from '../api/set-password.ts';
import { logFailure } from '../log.ts';
import '../password.css';

type Errors = { password?: string; password2?: string };
const LINK_FAILURES = ['invalidLink', 'linkExpired'];

/** /setPassword?token=...: the page every emailed link opens (signup, reset, email registration). */
export default function SetPasswordPage() {
  const { t } = useTranslation('password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const current = useSession();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [linkBroken, setLinkBroken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const limits = { min: PASSWORD_MIN, max: PASSWORD_MAX };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!password) next.password = t('set.passwordEmpty');
    else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) next.password = t('set.passwordLength', limits);
    if (!next.password && password !== password2) next.password2 = t('set.mismatch');
    setErrors(next);
    setFailure(null);
    if (next.password || next.password2) return;

    setBusy(true);
    try {
      const result = await savePassword({ token, password });
      if (result.succeed) {
        setDone(true);
        // A signed-in user (email registration) keeps this session; refresh it so it knows the new address.
        if (session.get()) await refreshSession();
        return;
      }
      logFailure('setPassword', result.errorCode);
      if (result.errorCode === 'validationError') {
        setFailure(result.validationErrorMessage?.[0] ?? t('set.failed'));
      } else {
        setLinkBroken(LINK_FAILURES.includes(result.errorCode));
        const known = ['invalidLink', 'linkExpired', 'emailTaken', 'notTenantUser'];
        setFailure(known.includes(result.errorCode) ? t(`set.${result.errorCode}`) : t('set.failed'));
      }
    } catch (e) {
      setFailure(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('common.tooMany') : t('set.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="container page page--narrow">
        <h1 className="page-title">{t('set.title')}</h1>
        <div className="card password-card">
          <p className="form-success" role="status">
            {t('set.done')}
          </p>
          <p>{current ? t('set.doneSignedIn') : t('set.doneText')}</p>
          {current ? (
            <Link className="button button--primary button--block" to="/">
              {t('set.home')}
            </Link>
          ) : (
            <Link className="button button--primary button--block" to="/login">
              {t('common.login')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  if (!token) {
    return (
      <div className="container page page--narrow">
        <h1 className="page-title">{t('set.title')}</h1>
        <div className="card password-card">
          <p className="form-error" role="alert">
            {t('set.noToken')}
          </p>
          <Link className="button button--outline button--block" to="/resetPassword">
            {t('set.requestAgain')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('set.title')}</h1>
      <form className="card form password-form" method="post" onSubmit={(e) => void submit(e)} noValidate>
        <p>{t('set.lead', limits)}</p>
        {failure && (
          <div className="form-error" role="alert">
            <p>{failure}</p>
            {linkBroken && (
              <p>
                <Link to="/resetPassword">{t('set.requestAgain')}</Link>
              </p>
            )}
          </div>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <Field label={t('set.password')} hint={t('set.passwordHint', limits)} error={errors.password}>
          {(control) => (
            <input
              {...control}
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('set.password2')} error={errors.password2}>
          {(control) => (
            <input
              {...control}
              name="password2"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={password2}
              onChange={(e) => setPassword2(e.target.value)}
            />
          )}
        </Field>
        <label className="password-show">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
          {t('set.show')}
        </label>
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {busy ? t('set.submitting') : t('set.submit')}
        </button>
      </form>
    </div>
  );
}
