import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PASSKEY_NAME_MAX, type Passkey } from '@hibi/contract/webauthn';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ListTable } from '../../../components/list/ConsoleList.tsx';
import { passkeyErrorKind, passkeysSupported } from '../../../../lib/auth/passkeys.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useAddMyPasskey, useConsoleSecurity, useDeleteMyPasskey, useMyPasskeys, useSetConsoleSecurity } from '../api/security.ts';

/**
 * /security (issue 35, decision 148): the signed-in operator's own passkeys, a second factor in place of the TOTP
 * code (add under a name, list, delete after a confirmation); for owners, the switch that requires passkeys for the
 * console, with the operators who have none yet.
 */
export default function SecurityPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const isOwner = me?.operator.role === 'owner';
  return (
    <div className="console-page">
      <h1>{t('security.title')}</h1>
      <MyPasskeys />
      {isOwner && <RequirePasskeys />}
    </div>
  );
}

function MyPasskeys() {
  const { t } = useTranslation('console');
  const list = useMyPasskeys();
  const add = useAddMyPasskey();
  const remove = useDeleteMyPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [status, setStatus] = useState<StatusText | null>(null);
  const [pending, setPending] = useState<Passkey | null>(null);
  // The current password, asked for once the server says so (decision 175).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [focusPassword, setFocusPassword] = useState(0);
  const rows = list.data?.passkeys ?? [];

  function needPassword(error?: string) {
    setAskPassword(true);
    setPasswordError(error);
    setFocusPassword((n) => n + 1);
  }
  // Once the field is shown (or its error): the person types there next.
  useEffect(() => {
    if (focusPassword > 0) passwordRef.current?.focus();
  }, [focusPassword]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > PASSKEY_NAME_MAX) return setNameError(t('security.passkeys.nameInvalid', { max: PASSKEY_NAME_MAX }));
    setNameError(undefined);
    if (askPassword && password === '') return needPassword(t('security.passkeys.passwordEmpty'));
    setPasswordError(undefined);
    if (!passkeysSupported()) return setStatus({ text: t('security.passkeys.unsupported'), error: true });
    setStatus(null);
    add.mutate(
      { name: trimmed, currentPassword: askPassword ? password : undefined },
      {
        onSuccess: (answer) => {
          if (answer.succeed) {
            setName('');
            setPassword('');
            setAskPassword(false);
            setStatus({ text: t('security.passkeys.added', { name: answer.name }), error: false });
          } else if (answer.errorCode === 'passwordRequired') {
            needPassword();
          } else if (answer.errorCode === 'wrongPassword') {
            needPassword(t('security.passkeys.wrongPassword'));
          } else {
            setStatus({
              text: failureText(answer, {
                tooManyPasskeys: t('security.passkeys.tooMany'),
                invalidChallenge: t('security.passkeys.expired'),
                passkeyRejected: t('security.passkeys.rejected'),
                alreadyRegistered: t('security.passkeys.exists'),
              }),
              error: true,
            });
          }
        },
        onError: (error) => {
          const kind = passkeyErrorKind(error);
          setStatus({
            text:
              kind === 'cancelled' || kind === 'aborted'
                ? t('security.passkeys.cancelled')
                : kind === 'exists'
                  ? t('security.passkeys.exists')
                  : callErrorText(error),
            error: true,
          });
        },
      },
    );
  }

  function runDelete(passkey: Passkey) {
    remove.mutate(passkey.id, {
      onSuccess: (answer) =>
        setStatus(
          answer.succeed || answer.errorCode === 'notFound'
            ? { text: t('security.passkeys.deleted', { name: passkey.name }), error: false }
            : { text: failureText(answer), error: true },
        ),
      onError: (error) => setStatus({ text: callErrorText(error), error: true }),
      onSettled: () => setPending(null),
    });
  }

  return (
    <section aria-labelledby="security-passkeys">
      <h2 id="security-passkeys" className="console-editor__heading">
        {t('security.passkeys.title')}
      </h2>
      <p className="console-muted">{t('security.passkeys.intro')}</p>
      <form className="console-fieldset" noValidate onSubmit={submit} aria-labelledby="security-passkeys-new">
        <h3 id="security-passkeys-new" className="console-subheading">
          {t('security.passkeys.new')}
        </h3>
        <Field label={t('security.passkeys.name')} hint={t('security.passkeys.nameHint')} error={nameError} requiredMark>
          {(control) => (
            <input
              {...control}
              name="passkeyName"
              type="text"
              required
              maxLength={PASSKEY_NAME_MAX}
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        {askPassword && (
          <>
            <p role="status">{t('security.passkeys.passwordNeeded')}</p>
            <Field label={t('security.passkeys.password')} error={passwordError} errorAlert requiredMark>
              {(control) => (
                <input
                  {...control}
                  ref={passwordRef}
                  name="currentPassword"
                  type="password"
                  required
                  autoComplete="current-password"
                  maxLength={128}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
          </>
        )}
        <p>
          <button type="submit" className="button button--primary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {add.isPending ? t('security.passkeys.adding') : t('security.passkeys.add')}
          </button>
        </p>
      </form>
      <StatusMessage message={status} className="status-message console-status" />
      <QueryState query={list} isEmpty={rows.length === 0} empty={t('security.passkeys.empty')} error={t('security.passkeys.loadError')}>
        <ListTable
          label={t('security.passkeys.listLabel')}
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'name',
              header: t('security.passkeys.name'),
              primary: true,
              cell: (row) => (
                <>
                  {row.name}
                  {row.backedUp && <div className="console-muted">{t('security.passkeys.synced')}</div>}
                </>
              ),
            },
            { key: 'createdAt', header: t('security.passkeys.createdAt'), cell: (row) => formatDateTime(row.createdAt) },
            {
              key: 'lastUsedAt',
              header: t('security.passkeys.lastUsedAt'),
              cell: (row) => (row.lastUsedAt === null ? t('security.passkeys.neverUsed') : formatDateTime(row.lastUsedAt)),
            },
          ]}
          actions={{
            header: t('security.passkeys.actions'),
            cell: (row) => (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={t('security.passkeys.deleteNamed', { name: row.name })}
                onClick={() => setPending(row)}
              >
                {t('security.passkeys.delete')}
              </button>
            ),
          }}
        />
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t('security.passkeys.confirmTitle', { name: pending.name }) : ''}
        confirmLabel={t('security.passkeys.delete')}
        cancelLabel={t('security.cancel')}
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && runDelete(pending)}
      >
        <p>{t('security.passkeys.confirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Owners only: require passkeys for the console's second step; the operators who have none keep their TOTP code. */
function RequirePasskeys() {
  const { t } = useTranslation('console');
  const settings = useConsoleSecurity(true);
  const change = useSetConsoleSecurity();
  const [status, setStatus] = useState<StatusText | null>(null);
  // The switch shows the operator's choice at once (null: the server's value); a failure puts the server's back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const without = settings.data?.withoutPasskey ?? [];

  function toggle(requirePasskeys: boolean) {
    setChosen(requirePasskeys);
    change.mutate(requirePasskeys, {
      onSuccess: (answer) => {
        if (!answer.succeed) setChosen(null);
        setStatus(
          answer.succeed
            ? { text: t(answer.requirePasskeys ? 'security.require.on' : 'security.require.off'), error: false }
            : { text: failureText(answer), error: true },
        );
      },
      onError: (error) => {
        setChosen(null);
        setStatus({ text: callErrorText(error), error: true });
      },
    });
  }

  return (
    <section aria-labelledby="security-require">
      <h2 id="security-require" className="console-editor__heading">
        {t('security.require.title')}
      </h2>
      <QueryState query={settings} error={t('security.require.loadError')}>
        <div className="console-fieldset">
          <label className="console-check">
            <input
              type="checkbox"
              checked={chosen ?? settings.data?.requirePasskeys ?? false}
              disabled={change.isPending}
              aria-describedby="security-require-explain"
              onChange={(e) => toggle(e.target.checked)}
            />
            {t('security.require.label')}
          </label>
          <p id="security-require-explain" className="console-muted">
            {t('security.require.explain')}
          </p>
          <StatusMessage message={status} className="status-message console-status" />
          <h3 className="console-subheading">{t('security.require.withoutTitle')}</h3>
          {without.length === 0 ? (
            <p className="empty-state">{t('security.require.withoutNone')}</p>
          ) : (
            <>
              <p className="console-muted">{t('security.require.withoutHint')}</p>
              <ul aria-label={t('security.require.withoutTitle')}>
                {without.map((operator) => (
                  <li key={operator.id}>
                    {operator.displayName} <span className="console-muted">{operator.email}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </QueryState>
    </section>
  );
}
