import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { GenerateSection } from '../components/GenerateSection.tsx';
import { MatchesSection } from '../components/MatchesSection.tsx';
import { ProfileSection } from '../components/ProfileSection.tsx';
import { RecordSection } from '../components/RecordSection.tsx';
import { StepsSection } from '../components/StepsSection.tsx';
import { WalkingRankSection } from '../components/WalkingRankSection.tsx';
import '../devtool.css';

/** The hidden developer tool (docs/requirements/account.md#account-devtool): edits the signed-in test user and feeds health data like the app. */
export default function DevtoolPage() {
  const { t } = useTranslation('devtool');
  usePageMeta({ title: t('title') });
  const current = useSession();
  if (!current) {
    return (
      <div className="container page">
        <h1 className="page-title">{t('title')}</h1>
        <LoginRequired />
      </div>
    );
  }
  return (
    <div className="container page devtool">
      <h1 className="page-title">{t('title')}</h1>
      <p className="devtool__notice" role="note">
        {t('noValidation')}
      </p>
      <p>{t('signedInAs', { nickname: current.user.nickname })}</p>
      <ProfileSection />
      <StepsSection />
      <GenerateSection />
      <RecordSection />
      <MatchesSection />
      <WalkingRankSection />
    </div>
  );
}
