import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LITE_PLAN_CONTRACT_TYPE } from '@hibi/contract/constants';
import type { MyProfile } from '@hibi/contract/functions/account';
import { AccountFrame } from '../../../components/AccountFrame.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { accountKeys, useMyProfile, useUserContract } from '../api/queries.ts';
import { CalendarFeed, ReminderSettings } from '../components/EventSettings.tsx';
import { DisclosureLabel } from '../components/Disclosure.tsx';
import { StepLog } from '../components/StepLog.tsx';
import { TeamMatches } from '../components/TeamMatches.tsx';
import { formatHeight, formatWeight } from '../components/format.ts';
import '../account.css';

function SectionHead({ id, title, label }: { id: string; title: string; label: 'private' | 'disclosed' | 'undisclosed' }) {
  return (
    <div className="account-section__head">
      <h2 id={id} className="account-section__title">
        {title}
      </h2>
      <DisclosureLabel kind={label} />
    </div>
  );
}

function EditProfile({ data, onClose }: { data: MyProfile; onClose: () => void }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const ids = { name: useId(), comment: useId(), birthYear: useId(), height: useId(), gender: useId() };
  const [displayName, setDisplayName] = useState(data.profile.nickname);
  const [comment, setComment] = useState(data.profile.comment);
  const [birthYear, setBirthYear] = useState(data.personalInformation.birthYear?.toString() ?? '');
  const [height, setHeight] = useState(data.personalInformation.height?.toFixed(1) ?? '');
  const [gender, setGender] = useState(data.personalInformation.gender?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const name = displayName.trim();
    if (!name) return setError(t('edit.nameRequired'));
    if (birthYear && !/^\d{4}$/.test(birthYear)) return setError(t('edit.birthYearInvalid'));
    if (height && !/^\d{1,3}(\.\d)?$/.test(height)) return setError(t('edit.heightInvalid'));
    const payload = {
      displayName: name,
      comment: comment.trim(),
      ...(birthYear ? { birthYear: Number(birthYear) } : {}),
      ...(height ? { height: Number(height) } : {}),
      ...(gender === '1' || gender === '2' ? { gender: Number(gender) as 1 | 2 } : {}),
    };
    setBusy(true);
    try {
      const result = await call('updateProfile', payload);
      if (!result.succeed) {
        const known: Record<string, string> = { invalidBirthYear: t('edit.birthYearInvalid'), invalidHeight: t('edit.heightInvalid') };
        setError(known[result.errorCode] ?? result.validationErrorMessage?.[0] ?? t('edit.failed'));
        return;
      }
      const current = session.get();
      if (current) session.update({ user: { ...current.user, nickname: result.profile.nickname } });
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile });
      onClose();
    } catch {
      setError(t('edit.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.name}>{t('edit.displayName')}</label>
        <input id={ids.name} type="text" value={displayName} maxLength={12} onChange={(e) => setDisplayName(e.target.value)} required />
        <p className="field__hint">{t('edit.maxChars', { max: 12 })}</p>
      </div>
      <div className="field">
        <label htmlFor={ids.comment}>{t('edit.comment')}</label>
        <input id={ids.comment} type="text" value={comment} maxLength={15} onChange={(e) => setComment(e.target.value)} />
        <p className="field__hint">{t('edit.maxChars', { max: 15 })}</p>
      </div>
      <div className="field">
        <label htmlFor={ids.birthYear}>{t('basic.birthYear')}</label>
        <input id={ids.birthYear} type="text" inputMode="numeric" value={birthYear} maxLength={4} onChange={(e) => setBirthYear(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.height}>{t('edit.height')}</label>
        <input id={ids.height} type="text" inputMode="decimal" value={height} maxLength={5} onChange={(e) => setHeight(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.gender}>{t('basic.gender')}</label>
        <select id={ids.gender} value={gender} onChange={(e) => setGender(e.target.value)}>
          <option value="">{t('basic.notSet')}</option>
          <option value="1">{t('basic.male')}</option>
          <option value="2">{t('basic.female')}</option>
        </select>
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          {t('edit.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('edit.save')}
        </button>
      </div>
    </form>
  );
}

function MailSetting({ initial }: { initial: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const legendId = useId();

  async function change(next: boolean) {
    if (next === value || busy) return;
    const previous = value;
    // Shown at once; put back if the server refuses.
    setValue(next);
    setBusy(true);
    setMessage(null);
    try {
      const result = await call('updateDistributionSetting', { email: next });
      if (!result.succeed) {
        setValue(previous);
        setMessage(t('settings.mailFailed'));
        return;
      }
      setValue(result.distributionStatus.email);
      setMessage(result.distributionStatus.email ? t('settings.mailNowReceive') : t('settings.mailNowStop'));
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
    } catch {
      setValue(previous);
      setMessage(t('settings.mailFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="setting" aria-describedby={`${legendId}-status`}>
      <legend id={legendId} className="setting__title">
        {t('settings.mail')}
      </legend>
      <div className="setting__options">
        <label className="radio-card">
          <input type="radio" name="mail" checked={value} onChange={() => void change(true)} />
          {t('settings.receive')}
        </label>
        <label className="radio-card">
          <input type="radio" name="mail" checked={!value} onChange={() => void change(false)} />
          {t('settings.notReceive')}
        </label>
      </div>
      <p id={`${legendId}-status`} className="setting__status" role="status">
        {message && <span className="form-success">{message}</span>}
      </p>
    </fieldset>
  );
}

/** Whether colleagues see this member's name and picture in the walking ranking (off unless agreed; issue 12, 7). */
function RankingSetting({ initial }: { initial: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const legendId = useId();

  async function change(next: boolean) {
    if (next === value || busy) return;
    const previous = value;
    setValue(next);
    setBusy(true);
    setMessage(null);
    try {
      const result = await call('updateRankingVisibility', { showInRankings: next });
      if (!result.succeed) throw new Error(result.errorCode);
      setValue(result.showInRankings);
      setMessage(result.showInRankings ? t('settings.rankingNowShown') : t('settings.rankingNowHidden'));
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile });
    } catch {
      setValue(previous);
      setMessage(t('settings.rankingFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="setting" aria-describedby={`${legendId}-hint ${legendId}-status`}>
      <legend id={legendId} className="setting__title">
        {t('settings.ranking')}
      </legend>
      <p id={`${legendId}-hint`} className="field__hint">
        {t('settings.rankingHint')}
      </p>
      <div className="setting__options">
        <label className="radio-card">
          <input type="radio" name="ranking" checked={value} onChange={() => void change(true)} />
          {t('settings.rankingShow')}
        </label>
        <label className="radio-card">
          <input type="radio" name="ranking" checked={!value} onChange={() => void change(false)} />
          {t('settings.rankingHide')}
        </label>
      </div>
      <p id={`${legendId}-status`} className="setting__status" role="status">
        {message && <span className="form-success">{message}</span>}
      </p>
    </fieldset>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const profile = useMyProfile();
  const contract = useUserContract();
  const [editing, setEditing] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const withdrawPasswordId = useId();
  const data = profile.data;

  async function logout() {
    try {
      await call('logout');
    } catch {
      /* the token is forgotten here either way */
    }
    session.clear();
    navigate('/', { replace: true });
  }

  async function withdraw() {
    setWithdrawing(true);
    setWithdrawError(null);
    try {
      // The current password: a stolen session alone cannot end the account (issue 12, finding 5).
      const result = await call('deleteLitePlanUser', { currentPassword: withdrawPassword });
      if (!result.succeed) {
        if (result.errorCode === 'wrongPassword' || result.errorCode === 'validationError') {
          setWithdrawError(t('settings.withdrawWrongPassword'));
          return;
        }
        throw new Error(result.errorCode);
      }
      setConfirmWithdraw(false);
      session.clear();
      navigate('/', { replace: true });
    } catch (e) {
      setWithdrawError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('settings.withdrawTooMany') : t('settings.withdrawError'));
    } finally {
      setWithdrawing(false);
    }
  }

  const info = data?.personalInformation;
  const genderText = (g: number | null | undefined) => (g === 1 ? t('basic.male') : g === 2 ? t('basic.female') : t('basic.notSet'));

  return (
    <AccountFrame profile={data?.profile ?? null}>
      <h1 className="page-title account-title">{t('profile.title')}</h1>
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError || !data || !info ? (
        <p className="empty-state">{t('profile.loadFailed')}</p>
      ) : (
        <>
          <section className="card account-section" aria-labelledby="basic-info">
            <SectionHead id="basic-info" title={t('basic.title')} label="private" />
            <dl className="info-list">
              <div>
                <dt>{t('basic.birthYear')}</dt>
                <dd>{info.birthYear === null ? t('basic.notSet') : t('basic.birthYearValue', { year: info.birthYear })}</dd>
              </div>
              <div>
                <dt>{t('basic.height')}</dt>
                <dd>{info.height === null ? t('basic.notSet') : formatHeight(info.height)}</dd>
              </div>
              <div>
                <dt>{t('basic.gender')}</dt>
                <dd>{genderText(info.gender)}</dd>
              </div>
              <div>
                <dt>{t('basic.targetWeight')}</dt>
                <dd>{info.targetWeight === null ? t('basic.notSet') : formatWeight(info.targetWeight)}</dd>
              </div>
            </dl>
            <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
              {t('edit.open')}
            </button>
          </section>

          <section className="card account-section" aria-labelledby="step-log">
            <SectionHead id="step-log" title={t('steps.title')} label={data.accessTypes.userSteps === 1 ? 'disclosed' : 'undisclosed'} />
            <StepLog userSteps={data.userSteps} weeklySteps={data.weeklySteps} />
          </section>

          {contract.data?.teamMatchEnabled && (
            <section className="card account-section" aria-labelledby="team-matches">
              <SectionHead id="team-matches" title={t('teams.title')} label={data.accessTypes.teamMatches === 1 ? 'disclosed' : 'undisclosed'} />
              <TeamMatches matches={data.teamMatches} />
            </section>
          )}

          <section className="card account-section" aria-labelledby="settings">
            <div className="account-section__head">
              <h2 id="settings" className="account-section__title">
                {t('settings.title')}
              </h2>
            </div>
            {contract.data?.emailDistributionEnabled && <MailSetting initial={data.distributionStatus.email} />}
            <RankingSetting initial={data.showInRankings} />
            <ReminderSettings initial={data.reminders} />
            <CalendarFeed />
            <div className="setting">
              <h3 className="setting__title">{t('settings.logoutTitle')}</h3>
              <button type="button" className="button button--outline" onClick={() => void logout()}>
                {t('settings.logout')}
              </button>
            </div>
            {contract.data?.contractType === LITE_PLAN_CONTRACT_TYPE && (
              <div className="setting">
                <h3 className="setting__title">{t('settings.withdrawTitle')}</h3>
                <p className="field__hint">{t('settings.withdrawHint')}</p>
                <button type="button" className="button button--danger" onClick={() => setConfirmWithdraw(true)}>
                  {t('settings.withdraw')}
                </button>
              </div>
            )}
          </section>

          <Modal open={editing} title={t('edit.title')} onClose={() => setEditing(false)}>
            {editing && <EditProfile data={data} onClose={() => setEditing(false)} />}
          </Modal>
          <Modal open={confirmWithdraw} title={t('settings.withdrawConfirmTitle')} onClose={() => setConfirmWithdraw(false)}>
            <p>{t('settings.withdrawConfirm')}</p>
            {withdrawError && (
              <p className="form-error" role="alert">
                {withdrawError}
              </p>
            )}
            <div className="field">
              <label htmlFor={withdrawPasswordId}>{t('settings.withdrawPassword')}</label>
              <input
                id={withdrawPasswordId}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={withdrawPassword}
                onChange={(e) => setWithdrawPassword(e.target.value)}
              />
            </div>
            <div className="modal__actions">
              <button type="button" className="button button--outline" onClick={() => setConfirmWithdraw(false)}>
                {t('settings.withdrawCancel')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={withdrawing || !withdrawPassword}
                aria-busy={withdrawing}
                onClick={() => void withdraw()}
              >
                {t('settings.withdrawYes')}
              </button>
            </div>
          </Modal>
        </>
      )}
    </AccountFrame>
  );
}
