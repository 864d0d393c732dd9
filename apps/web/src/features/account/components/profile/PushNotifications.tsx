import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PUSH_KINDS, type PushKind } from '@hibi/contract/constants';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import {
  currentSubscription,
  pushPermission,
  pushSetupError,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../../../../lib/push.ts';
import { deletePushSubscription, getPushConfig, savePushSubscription } from '../../api/push.ts';
import { AccountSection } from '../AccountSection.tsx';

type State =
  /** Looking at this browser's subscription and what the server knows of it. */
  | { kind: 'loading' }
  | { kind: 'unsupported' }
  /** Off on this device (never asked, turned off, or signed out since). */
  | { kind: 'off' }
  /** On, with the endpoint the server knows. */
  | { kind: 'on'; endpoint: string };

/**
 * Notifications on this device (issue 34, decision 153): the member turns them on for this browser (only then does
 * the browser ask for permission), chooses the kinds, saves a new choice, or turns them off. Every device of a member
 * is its own subscription; signing out forgets this one.
 */
export function PushNotifications() {
  const { t } = useTranslation('account');
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [kinds, setKinds] = useState<PushKind[]>([...PUSH_KINDS]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!pushSupported()) return live && setState({ kind: 'unsupported' });
      setBlocked(pushPermission() === 'denied');
      try {
        const device = await currentSubscription();
        if (!device) return live && setState({ kind: 'off' });
        const config = await getPushConfig(device.endpoint);
        if (!live) return;
        if (config.succeed && config.kinds) {
          setKinds(config.kinds);
          setState({ kind: 'on', endpoint: device.endpoint });
        } else setState({ kind: 'off' });
      } catch {
        if (live) setState({ kind: 'off' });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const toggle = (kind: PushKind, checked: boolean) =>
    setKinds((current) => (checked ? PUSH_KINDS.filter((k) => k === kind || current.includes(k)) : current.filter((k) => k !== kind)));

  async function turnOn() {
    if (kinds.length === 0) return setStatus({ text: t('push.chooseOne'), error: true });
    setBusy(true);
    setStatus(null);
    try {
      const config = await getPushConfig();
      if (!config.succeed) throw new Error('failed');
      const device = await subscribeThisDevice(config.publicKey);
      const saved = await savePushSubscription({ ...device, kinds });
      if (!saved.succeed) throw new Error('failed');
      setKinds(saved.kinds);
      setBlocked(false);
      setState({ kind: 'on', endpoint: device.endpoint });
      setStatus({ text: t('push.turnedOn'), error: false });
    } catch (error) {
      const reason = pushSetupError(error);
      setBlocked(reason === 'denied');
      setStatus({ text: t(`push.error.${reason}`), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function saveKinds(endpoint: string) {
    if (kinds.length === 0) return setStatus({ text: t('push.chooseOne'), error: true });
    setBusy(true);
    setStatus(null);
    try {
      const device = await currentSubscription();
      if (!device || device.endpoint !== endpoint) throw new Error('failed');
      const saved = await savePushSubscription({ ...device, kinds });
      if (!saved.succeed) throw new Error('failed');
      setKinds(saved.kinds);
      setStatus({ text: t('push.saved'), error: false });
    } catch {
      setStatus({ text: t('push.error.failed'), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(endpoint: string) {
    setBusy(true);
    setStatus(null);
    try {
      const result = await deletePushSubscription(endpoint);
      if (!result.succeed) throw new Error('failed');
      await unsubscribeThisDevice().catch(() => {});
      setState({ kind: 'off' });
      setStatus({ text: t('push.turnedOff'), error: false });
    } catch {
      setStatus({ text: t('push.error.failed'), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="push-notifications" title={t('push.title')}>
      <p className="field__hint" id={`${id}-intro`}>
        {t('push.intro')}
      </p>
      {state.kind === 'unsupported' ? (
        <p>{t('push.unsupported')}</p>
      ) : (
        <>
          <p className="push-state" aria-live="polite">
            {state.kind === 'loading' ? t('push.checking') : state.kind === 'on' ? t('push.stateOn') : t('push.stateOff')}
          </p>
          {blocked && state.kind !== 'on' && <p className="field__hint">{t('push.blockedHint')}</p>}
          <fieldset className="setting" aria-describedby={`${id}-kinds-hint`}>
            <legend className="setting__title">{t('push.kindsTitle')}</legend>
            <p id={`${id}-kinds-hint`} className="field__hint">
              {t('push.kindsHint')}
            </p>
            <div className="setting__options">
              {PUSH_KINDS.map((kind) => (
                <label key={kind} className="radio-card">
                  <input
                    type="checkbox"
                    name={`push-${kind}`}
                    checked={kinds.includes(kind)}
                    disabled={busy || state.kind === 'loading'}
                    onChange={(e) => toggle(kind, e.target.checked)}
                  />
                  {t(`push.kind.${kind}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="push-actions">
            {state.kind === 'on' ? (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  aria-busy={busy}
                  onClick={() => void saveKinds(state.endpoint)}
                >
                  {t('push.save')}
                </button>
                <button type="button" className="button button--outline" disabled={busy} onClick={() => void turnOff(state.endpoint)}>
                  {t('push.turnOff')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={busy || state.kind === 'loading'}
                aria-busy={busy}
                aria-describedby={`${id}-intro`}
                onClick={() => void turnOn()}
              >
                {busy ? t('push.turningOn') : t('push.turnOn')}
              </button>
            )}
          </div>
          <StatusMessage message={status} className="status-message push-status" />
        </>
      )}
    </AccountSection>
  );
}
