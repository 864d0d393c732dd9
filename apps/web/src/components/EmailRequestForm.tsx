import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react.tsx';
import { Field } from './Field.tsx';
import { FormError } from './FormMessage.tsx';

/**
 * An email field and a submit button (password reset, email registration, the login page's first-time form); an
 * empty address is refused here ('メールアドレスが入力されていません').
 */
export function EmailRequestForm({
  submitLabel,
  onSubmit,
  children,
  plain = false,
}: {
  submitLabel: string;
  /** Returns an error message to show, or null when it went through. */
  onSubmit: (email: string) => Promise<string | null>;
  children?: ReactNode;
  /** Inside another card (the login page): no card of its own. */
  plain?: boolean;
}) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(t('emailForm.emailEmpty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setError(await onSubmit(value));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={`${plain ? '' : 'card '}form email-request-form`} method="post" onSubmit={(e) => void submit(e)} noValidate>
      {children}
      <FormError id={errorId}>{error}</FormError>
      <Field label={t('emailForm.email')}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        )}
      </Field>
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('emailForm.sending') : submitLabel}
      </button>
    </form>
  );
}
