import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { session, useSession } from '../../../lib/session.ts';
import { pathAfterLogin } from '../../../lib/auth/startLogin.ts';
import { signOut as endSession } from '../../../lib/auth/signOut.ts';
import { RichText } from '../../../components/RichText.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { acceptTerms } from '../api/accept-terms.ts';
import { getConfig } from '../api/get-config.ts';
import { useTermsDocument } from '../api/get-terms-document.ts';

interface TermsSection {
  heading: string;
  paragraphs: string[];
}

/** The short summary of the terms or the privacy policy in the message files. */
function SummarySections({ sections }: { sections: TermsSection[] }) {
  return sections.map((s) => (
    <section key={s.heading}>
      <h3>{s.heading}</h3>
      {s.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  ));
}

/**
 * The terms and the privacy policy with the agree button. A guest agrees before signing in (the version is kept in
 * the browser and recorded at sign-in); a signed-in member below the current version is held here by the router
 * until they agree (recorded at once, then on to where they were going) or sign out (docs/requirements/auth.md#auth-terms-gate).
 */
export default function TermsPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signedIn = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = t('terms.sections', { returnObjects: true }) as TermsSection[];
  const privacy = t('terms.privacySections', { returnObjects: true }) as TermsSection[];
  // The full Terms of Use and privacy policy of the current terms version (the help pages' content files);
  // the short summary above stays as the fallback while they load or if they cannot be loaded.
  const fullTerms = useTermsDocument('termsOfUse');
  const fullPrivacy = useTermsDocument('privacyPolicy');
  const full = fullTerms.data && fullPrivacy.data ? [fullTerms.data, fullPrivacy.data] : null;
  const loading = !full && (fullTerms.isPending || fullPrivacy.isPending);

  async function agree() {
    setBusy(true);
    setError(null);
    try {
      const config = await getConfig();
      if (!config.succeed) throw new Error(config.errorCode);
      session.rememberAcceptedTerms(config.termsVersion);
      const current = session.get();
      if (!current) {
        navigate('/login');
        return;
      }
      const recorded = await acceptTerms({ termsVersion: config.termsVersion });
      if (!recorded.succeed) throw new Error(recorded.errorCode);
      session.update({ user: { ...current.user, termsVersion: recorded.termsVersion } });
      navigate(current.user.hasEmail ? pathAfterLogin() : '/registerMailAddress', { replace: true });
    } catch {
      setError(t('terms.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function signOut() {
    setBusy(true);
    await endSession();
    setBusy(false);
    navigate('/', { replace: true });
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
          <SummarySections sections={terms} />
          <h2 className="section-title">{t('terms.privacyHeading')}</h2>
          <SummarySections sections={privacy} />
        </div>
      )}
      <FormError>{error}</FormError>
      <button type="button" className="button button--primary button--block" onClick={() => void agree()} disabled={busy}>
        {signedIn ? t('terms.agreeSignedIn') : t('terms.agree')}
      </button>
      {signedIn && (
        <p className="terms-signout">
          <button type="button" className="button button--outline button--block" onClick={() => void signOut()} disabled={busy}>
            {t('terms.signOut')}
          </button>
        </p>
      )}
    </div>
  );
}
