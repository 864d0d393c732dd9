import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ACCESS_TYPE, LITE_PLAN_CONTRACT_TYPE } from '@hibi/contract/constants';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { signOut } from '../../../lib/auth/signOut.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUserContract } from '../api/get-user-contract.ts';
import { updateMailSetting } from '../api/update-distribution-setting.ts';
import { updateRankingVisibility } from '../api/update-ranking-visibility.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { DisclosureLabel } from '../components/Disclosure.tsx';
import { CalendarFeed, ReminderSettings } from '../components/EventSettings.tsx';
import { BasicInfo } from '../components/profile/BasicInfo.tsx';
import { ChoiceSetting } from '../components/profile/ChoiceSetting.tsx';
import { DataExport } from '../components/profile/DataExport.tsx';
import { WithdrawSetting } from '../components/profile/WithdrawSetting.tsx';
import { ThemeSetting } from '../components/profile/ThemeSetting.tsx';
import { Passkeys } from '../components/profile/Passkeys.tsx';
import { PushNotifications } from '../components/profile/PushNotifications.tsx';
import { StepLog } from '../components/StepLog.tsx';
import { TeamMatches } from '../components/TeamMatches.tsx';
import '../account.css';

const disclosure = (access: number) => <DisclosureLabel kind={access === ACCESS_TYPE.disclosed ? 'disclosed' : 'undisclosed'} />;

/** My page (docs/requirements/account.md#account-profile): basic information, this week's step log, team matches and the settings. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const profile = useMyProfile();
  const contract = useUserContract().data;
  const data = profile.data;

  async function logout() {
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <AccountFrame profile={data?.profile ?? null}>
      <h1 className="page-title account-title">{t('profile.title')}</h1>
      <QueryState query={profile} error={t('profile.loadFailed')}>
        {data && (
          <>
            <BasicInfo data={data} />
            <AccountSection id="step-log" title={t('steps.title')} aside={disclosure(data.accessTypes.userSteps)}>
              <StepLog userSteps={data.userSteps} weeklySteps={data.weeklySteps} />
            </AccountSection>
            {contract?.teamMatchEnabled && (
              <AccountSection id="team-matches" title={t('teams.title')} aside={disclosure(data.accessTypes.teamMatches)}>
                <TeamMatches matches={data.teamMatches} />
              </AccountSection>
            )}
            <Passkeys />
            <PushNotifications />
            <AccountSection id="settings" title={t('settings.title')}>
              <ThemeSetting />
              {contract?.emailDistributionEnabled && (
                <ChoiceSetting
                  name="mail"
                  legend={t('settings.mail')}
                  // The past issues (docs/requirements/magazine.md#magazine-members).
                  hint={<Link to="/magazine">{t('settings.mailArchive')}</Link>}
                  labels={{ on: t('settings.receive'), off: t('settings.notReceive') }}
                  initial={data.distributionStatus.email}
                  save={updateMailSetting}
                  saved={(on) => (on ? t('settings.mailNowReceive') : t('settings.mailNowStop'))}
                  failed={t('settings.mailFailed')}
                />
              )}
              {/* Whether colleagues see this member's name and picture in the walking ranking (off unless agreed; issue 12, 7). */}
              <ChoiceSetting
                name="ranking"
                legend={t('settings.ranking')}
                hint={t('settings.rankingHint')}
                labels={{ on: t('settings.rankingShow'), off: t('settings.rankingHide') }}
                initial={data.showInRankings}
                save={updateRankingVisibility}
                saved={(on) => (on ? t('settings.rankingNowShown') : t('settings.rankingNowHidden'))}
                failed={t('settings.rankingFailed')}
              />
              <ReminderSettings initial={data.reminders} />
              <CalendarFeed />
              <DataExport />
              <div className="setting">
                <h3 className="setting__title">{t('settings.logoutTitle')}</h3>
                <button type="button" className="button button--outline" onClick={() => void logout()}>
                  {t('settings.logout')}
                </button>
              </div>
              {contract?.contractType === LITE_PLAN_CONTRACT_TYPE && <WithdrawSetting />}
            </AccountSection>
          </>
        )}
      </QueryState>
    </AccountFrame>
  );
}
