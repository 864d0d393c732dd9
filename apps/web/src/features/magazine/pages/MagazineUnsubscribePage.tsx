import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { FormError } from '../../../components/FormMessage.tsx';
import { TEST_MAIL_TOKEN, unsubscribeMagazine } from '../api/unsubscribe-magazine.ts';
import '../magazine.css';

type Outcome = 'idle' | 'busy' | 'done' | 'invalid';

/**
 * /magazine/unsubscribe?token=…: the page of a magazine mail's unsubscribe link (docs/requirements/magazine.md#magazine-unsubscribe).
 * Public: no sign-in, no terms (lib/auth/termsGate.ts lets it through). Opening it changes nothing, since mail
 * scanners follow links: it says what will happen, and only the button leaves the magazine. A test mail's link
 * (token `test`) only says that nothing changed; a forged or altered token is refused by the server.
 */
export default function MagazineUnsubscribePage() {
  const { t } = useTranslation('magazine');
  const token = (useSearchParams()[0].get('token') ?? '').trim();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    setOutcome('busy');
    setError(null);
    try {
      const result = await unsubscribeMagazine({ token });
      if (result.succeed) {
        setOutcome('done');
        return;
      }
      if (result.errorCode === 'invalidToken' || result.errorCode === 'validationError') {
        // Pressing again cannot help: only the link in the mail can.
        setOutcome('invalid');
        return;
      }
      setError(t('unsubscribe.failed'));
    } catch (thrown) {
      setError(
        thrown instanceof ApiError && (thrown.status === 429 || thrown.errorCode === 'tooManyRequests')
          ? t('unsubscribe.tooMany')
          : t('unsubscribe.failed'),
      );
    }
    setOutcome('idle');
  }

  let body;
  if (token === TEST_MAIL_TOKEN) {
    body = (
      <p className="magazine-notice" role="status">
        {t('unsubscribe.testMail')}
      </p>
    );
  } else if (!token || outcome === 'invalid') {
    body = <FormError>{t('unsubscribe.invalidToken')}</FormError>;
  } else if (outcome === 'done') {
    body = (
      <p>
        <Link to="/account/profile#settings">{t('unsubscribe.toProfile')}</Link>
      </p>
    );
  } else {
    body = (
      <>
        <p>{t('unsubscribe.lead')}</p>
        <p className="field__hint">{t('unsubscribe.hint')}</p>
        <FormError>{error}</FormError>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void unsubscribe()}
          disabled={outcome === 'busy'}
          aria-busy={outcome === 'busy' || undefined}
        >
          {t('unsubscribe.button')}
        </button>
      </>
    );
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('unsubscribe.title')}</h1>
      <div className="card form magazine-unsubscribe">
        {/* On the page before the outcome arrives, so screen readers announce it. */}
        <div role="status" className="magazine-unsubscribe__status">
          {outcome === 'done' && <p className="magazine-notice magazine-notice--done">{t('unsubscribe.done')}</p>}
        </div>
        {body}
      </div>
      <p className="form__link">
        <Link to="/">{t('unsubscribe.home')}</Link>
      </p>
    </div>
  );
}
