import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { formatDate } from '../../../../lib/format.ts';
import { createPasskey, passkeyErrorKind, passkeysSupported } from '../../../../lib/auth/passkeys.ts';
import { beginPasskeyRegistration, deletePasskey, finishPasskeyRegistration, passkeysKey, usePasskeys } from '../../api/passkeys.ts';
import { AccountSection } from '../AccountSection.tsx';

const NAME_MAX = 60;

/**
 * The member's passkeys (issue 35): add one under a name of their choice, see them with when they were added and
 * last used, delete one. Each change is mailed to the member too (server side). The WebAuthn browser library loads
 * only when a passkey is added (lib/auth/passkeys.ts). Adding one asks for the current password unless the member
 * logged in with it under 5 minutes ago (decision 175): the field appears when the server asks for it.
 */
export function Passkeys() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const list = usePasskeys();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The current password, shown once the server asked for it (passwordRequired).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [focusPassword, setFocusPassword] = useState(0);

  function needPassword(error?: string) {
    setAskPassword(true);
    setPasswordError(error);
    setFocusPassword((n) => n + 1);
  }
  // Once the field is shown (or its error): the person types there next.
  useEffect(() => {
    if (focusPassword > 0) passwordRef.current?.focus();
  }, [focusPassword]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > NAME_MAX) {
      setNameError(t('passkeys.nameInvalid'));
      return;
    }
    setNameError(undefined);
    if (askPassword && password === '') {
      needPassword(t('passkeys.passwordEmpty'));
      return;
    }
    setPasswordError(undefined);
    if (!passkeysSupported()) {
      setStatus({ text: t('passkeys.unsupported'), error: true });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const begin = await beginPasskeyRegistration(askPassword ? password : undefined);
      if (!begin.succeed) {
        if (begin.errorCode === 'passwordRequired') return needPassword();
        if (begin.errorCode === 'wrongPassword') return needPassword(t('passkeys.wrongPassword'));
        setStatus({ text: begin.errorCode === 'tooManyPasskeys' ? t('passkeys.tooMany') : t('passkeys.addFailed'), error: true });
        return;
      }
      const response = await createPasskey(begin.options);
      const result = await finishPasskeyRegistration(response, trimmed);
      if (!result.succeed) {
        const messages: Record<string, string> = {
          validationError: result.validationErrorMessage?.[0] ?? t('passkeys.addFailed'),
          alreadyRegistered: t('passkeys.exists'),
          tooManyPasskeys: t('passkeys.tooMany'),
          invalidChallenge: t('passkeys.expired'),
        };
        setStatus({ text: messages[result.errorCode] ?? t('passkeys.addFailed'), error: true });
        return;
      }
      setName('');
      setPassword('');
      setAskPassword(false);
      setStatus({ text: t('passkeys.added', { name: result.passkey.name }), error: false });
      await client.invalidateQueries({ queryKey: passkeysKey });
    } catch (e) {
      const kind = passkeyErrorKind(e);
      setStatus({
        text:
          kind === 'cancelled' || kind === 'aborted'
            ? t('passkeys.cancelled')
            : kind === 'exists'
              ? t('passkeys.exists')
              : e instanceof ApiError && e.errorCode === 'tooManyRequests'
                ? t('passkeys.tooManyRequests')
                : t('passkeys.addFailed'),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!confirm) return;
    setDeleting(true);
    try {
      const result = await deletePasskey(confirm.id);
      setStatus(
        result.succeed || result.errorCode === 'notFound'
          ? { text: t('passkeys.deleted', { name: confirm.name }), error: false }
          : { text: t('passkeys.deleteFailed'), error: true },
      );
      await client.invalidateQueries({ queryKey: passkeysKey });
    } catch {
      setStatus({ text: t('passkeys.deleteFailed'), error: true });
    } finally {
      setDeleting(false);
      setConfirm(null);
    }
  }

  const passkeys = list.data?.passkeys ?? [];
  return (
    <AccountSection id="passkeys" title={t('passkeys.title')}>
      <p className="field__hint">{t('passkeys.intro')}</p>
      <div className="passkey-list" aria-busy={list.isPending}>
        {list.isError ? (
          <p role="alert">{t('passkeys.loadFailed')}</p>
        ) : list.isPending ? null : passkeys.length === 0 ? (
          <p>{t('passkeys.none')}</p>
        ) : (
          <ul className="passkey-list__items" aria-label={t('passkeys.listLabel')}>
            {passkeys.map((p) => (
              <li key={p.id} className="passkey-list__item">
                <div>
                  <p className="passkey-list__name">{p.name}</p>
                  <p className="passkey-list__meta">
                    {t('passkeys.addedOn', { date: formatDate(p.createdAt) })}
                    {' · '}
                    {p.lastUsedAt === null ? t('passkeys.neverUsed') : t('passkeys.lastUsed', { date: formatDate(p.lastUsedAt) })}
                    {p.backedUp && (
                      <>
                        {' · '}
                        {t('passkeys.synced')}
                      </>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--outline button--small"
                  onClick={() => setConfirm({ id: p.id, name: p.name })}
                  aria-label={t('passkeys.deleteNamed', { name: p.name })}
                >
                  {t('passkeys.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className="passkey-add" onSubmit={(e) => void add(e)} noValidate>
        <Field label={t('passkeys.name')} hint={t('passkeys.nameHint')} error={nameError}>
          {(control) => (
            <input
              {...control}
              name="passkeyName"
              type="text"
              maxLength={NAME_MAX}
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        {askPassword && (
          <>
            <p className="passkey-add__ask" role="status">
              {t('passkeys.passwordNeeded')}
            </p>
            <Field label={t('passkeys.password')} hint={t('passkeys.passwordHint')} error={passwordError} errorAlert>
              {(control) => (
                <input
                  {...control}
                  ref={passwordRef}
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  maxLength={128}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
          </>
        )}
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('passkeys.adding') : t('passkeys.add')}
        </button>
      </form>
      <StatusMessage message={status} className="status-message passkey-add__status" />
      <ConfirmDialog
        open={confirm !== null}
        title={t('passkeys.deleteTitle')}
        cancelLabel={t('passkeys.deleteCancel')}
        confirmLabel={t('passkeys.deleteYes')}
        busy={deleting}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void remove()}
      >
        <p>{t('passkeys.deleteConfirm', { name: confirm?.name ?? '' })}</p>
      </ConfirmDialog>
    </AccountSection>
  );
}
