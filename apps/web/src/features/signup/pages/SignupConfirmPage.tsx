import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { FormError } from '../../../components/FormMessage.tsx';
import { createUser } from '../api/create-user.ts';
import { SignupSteps } from '../components/SignupSteps.tsx';
import { clearDraft, loadDraft, stepOf, type SignupDraft } from '../draft.ts';
import '../signup.css';

const SHOWN: (keyof SignupDraft)[] = ['invitationCode', 'userName', 'userPhonetic', 'userNickname', 'externalAccountId', 'userEmailAddress'];

/** Step 2: review and submit. Entered only from the form; a server validation error stays here with its first message. */
export default function SignupConfirmPage() {
  const { t } = useTranslation('signup');
  const location = useLocation();
  const navigate = useNavigate();
  const [draft] = useState(loadDraft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (stepOf(location.state) !== 'confirm' || !draft || !draft.userEmailAddress) {
    return <Navigate to="/signup/form" replace />;
  }
  const entered = draft;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const result = await createUser({
        invitationCode: entered.invitationCode,
        userName: entered.userName,
        userPhonetic: entered.userPhonetic,
        userNickname: entered.userNickname,
        ...(entered.externalAccountId ? { externalAccountId: entered.externalAccountId } : {}),
        userEmailAddress: entered.userEmailAddress,
        userEmailAddress2: entered.userEmailAddress2,
      });
      if (result.succeed) {
        clearDraft();
        navigate('/signup/complete', { replace: true, state: { signupStep: 'complete', email: entered.userEmailAddress } });
        return;
      }
      setError(result.errorCode === 'validationError' && result.validationErrorMessage?.[0] ? result.validationErrorMessage[0] : t('confirm.failed'));
    } catch (e) {
      setError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('confirm.tooMany') : t('confirm.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('confirm.title')}</h1>
      <SignupSteps current="confirm" />
      <p className="lead">{t('confirm.lead')}</p>
      <div className="card form signup-card">
        <FormError>{error}</FormError>
        <dl className="signup-review">
          {SHOWN.map((name) => (
            <div key={name} className="signup-review__row">
              <dt>{t(`form.${name}`)}</dt>
              <dd>{entered[name] ? entered[name] : <span className="signup-review__empty">{t('confirm.empty')}</span>}</dd>
            </div>
          ))}
        </dl>
        <div className="signup-actions">
          <button type="button" className="button button--outline" onClick={() => navigate('/signup/form')} disabled={busy}>
            {t('confirm.back')}
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy} aria-busy={busy}>
            {busy ? t('confirm.submitting') : t('confirm.submit')}
          </button>
        </div>
      </div>
    </div>
  );
}
