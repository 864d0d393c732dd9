import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field } from '../../../components/Field.tsx';
import { SignupSteps } from '../components/SignupSteps.tsx';
import { emptyDraft, loadDraft, saveDraft, type SignupDraft } from '../draft.ts';
import '../signup.css';

interface FieldSpec {
  name: keyof SignupDraft;
  required: boolean;
  type: 'text' | 'email';
  autoComplete: string;
  maxLength: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'invitationCode', required: true, type: 'text', autoComplete: 'off', maxLength: 64 },
  { name: 'userName', required: true, type: 'text', autoComplete: 'name', maxLength: 50 },
  { name: 'userPhonetic', required: true, type: 'text', autoComplete: 'off', maxLength: 50 },
  { name: 'userNickname', required: true, type: 'text', autoComplete: 'nickname', maxLength: 12 },
  { name: 'externalAccountId', required: false, type: 'text', autoComplete: 'off', maxLength: 64 },
  { name: 'userEmailAddress', required: true, type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'userEmailAddress2', required: true, type: 'email', autoComplete: 'email', maxLength: 254 },
];

/** Step 1: the signup model. Required fields carry a pink asterisk and are required by the browser. */
export default function SignupFormPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SignupDraft>(() => loadDraft() ?? emptyDraft);
  const [mismatch, setMismatch] = useState(false);
  const baseId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as unknown as SignupDraft;
    if (trimmed.userEmailAddress.toLowerCase() !== trimmed.userEmailAddress2.toLowerCase()) {
      setMismatch(true);
      document.getElementById(`${baseId}-userEmailAddress2`)?.focus();
      return;
    }
    setMismatch(false);
    saveDraft(trimmed);
    navigate('/signup/confirm', { state: { signupStep: 'confirm' } });
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('form.title')}</h1>
      <SignupSteps current="form" />
      <p className="lead">{t('form.lead')}</p>
      <form className="card form signup-card" onSubmit={submit} aria-describedby={`${baseId}-note`}>
        <p className="signup-required-note" id={`${baseId}-note`}>
          <span className="required-mark" aria-hidden="true">
            *
          </span>{' '}
          {t('form.requiredNote')}
        </p>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`${baseId}-${field.name}`}
            label={t(`form.${field.name}`)}
            requiredMark={field.required}
            hint={t(`form.${field.name}Hint`)}
            error={mismatch && field.name === 'userEmailAddress2' ? t('form.emailMismatch') : null}
            errorAlert
          >
            {(control) => (
              <input
                {...control}
                name={field.name}
                type={field.type}
                required={field.required}
                maxLength={field.maxLength}
                autoComplete={field.autoComplete}
                value={draft[field.name]}
                onChange={(e) => setDraft((d) => ({ ...d, [field.name]: e.target.value }))}
              />
            )}
          </Field>
        ))}
        <button type="submit" className="button button--primary button--block">
          {t('form.submit')}
        </button>
        <p className="form__link">
          {t('form.haveAccount')} <Link to="/login">{t('form.login')}</Link>
        </p>
      </form>
    </div>
  );
}
