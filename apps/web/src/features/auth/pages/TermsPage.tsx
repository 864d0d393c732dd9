import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { call, callOrThrow } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { RichText } from '../../../components/RichText.tsx';
import { Spinner } from '../../../components/Spinner.tsx';

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
  // The full Terms of Use and privacy policy of the current terms version (the help pages' content files);
  // the short summary above stays as the fallback while they load or if they cannot be loaded.
  const locale = currentLocale();
  const fullTerms = useQuery({ queryKey: ['help', 'page', 'termsOfUse', locale], queryFn: () => callOrThrow('getHelpPage', { page: 'termsOfUse' }) });
  const fullPrivacy = useQuery({ queryKey: ['help', 'page', 'privacyPolicy', locale], queryFn: () => callOrThrow('getHelpPage', { page: 'privacyPolicy' }) });
  const full = fullTerms.data && fullPrivacy.data ? [fullTerms.data, fullPrivacy.data] : null;
  const loading = !full && (fullTerms.isPending || fullPrivacy.isPending);

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
      {full ? (
        <div className="card terms-box" tabIndex={0} role="region" aria-label={t('terms.termsRegion')}>
          {full.map((doc) => (
            <div key={doc.page}>
              <h2 className="section-title">{doc.title}</h2>
              {doc.lead && <p>{doc.lead}</p>}
              {doc.sections.map((s) => (
                <section key={s.id}>
                  <h3>{s.heading}</h3>
                  <RichText html={s.html} />
                </section>
              ))}
            </div>
          ))}
        </div>
      ) : loading ? (
        <Spinner />
      ) : (
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
      )}
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
