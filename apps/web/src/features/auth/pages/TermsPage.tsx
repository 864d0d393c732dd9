import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';

interface TermsSection {
  heading: string;
  paragraphs: string[];
}

/** The terms and the privacy policy with the agree button: records the terms version, then goes to sign-in. */
export default function TermsPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = t('terms.sections', { returnObjects: true }) as TermsSection[];
  const privacy = t('terms.privacySections', { returnObjects: true }) as TermsSection[];

  async function agree() {
    setBusy(true);
    setError(null);
    try {
      const config = await call('getConfig');
      if (!config.succeed) throw new Error(config.errorCode);
      session.rememberAcceptedTerms(config.termsVersion);
      if (session.get()) await call('acceptTerms', { termsVersion: config.termsVersion });
      navigate('/login');
    } catch {
      setError(t('terms.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('terms.title')}</h1>
      <p className="lead">{t('terms.lead')}</p>
      <div className="card terms-box" tabIndex={0} role="region" aria-label={t('terms.termsRegion')}>
        <h2 className="section-title">{t('terms.termsHeading')}</h2>
        {terms.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        <h2 className="section-title">{t('terms.privacyHeading')}</h2>
        {privacy.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--primary button--block" onClick={() => void agree()} disabled={busy}>
        {t('terms.agree')}
      </button>
    </div>
  );
}
