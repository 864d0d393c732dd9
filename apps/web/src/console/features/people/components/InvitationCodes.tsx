import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { InvitationCodeRow } from '@hibi/contract/console/people';
import { Field } from '../../../../components/Field.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { CODES_PAGE_SIZE, useCreateInvitationCode, useInvitationCodes, useRevokeInvitationCode } from '../api/tenants.ts';

const DAY = 86_400_000;
const LIST = defineList({ filters: {}, sorts: [], perPage: CODES_PAGE_SIZE });

/**
 * A tenant's invitation codes with their uses and state; create one (generated or chosen) and revoke one. `asPage`:
 * the codes are the page itself (a company operator's /codes): their title is the page's one heading, and the form's
 * heading one level below it; otherwise a section of the tenant's page.
 */
export function InvitationCodes({ tenantId, asPage = false }: { tenantId: number; asPage?: boolean }) {
  const { t } = useTranslation('consolePeople');
  const list = useListState(LIST);
  const codes = useInvitationCodes(tenantId, list.offset);
  const create = useCreateInvitationCode();
  const revoke = useRevokeInvitationCode();
  const [draft, setDraft] = useState(() => ({ code: '', maxUses: '1', expiresAt: toTokyoInput(Date.now() + 30 * DAY) }));
  const [created, setCreated] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<InvitationCodeRow | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const rows = codes.data?.codes ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    const expiresAt = fromTokyoInput(draft.expiresAt);
    const maxUses = Number(draft.maxUses);
    if (expiresAt === null) return setFormError(t('tenants.codes.expiresInvalid'));
    if (!/^\d+$/.test(draft.maxUses.trim()) || maxUses < 1) return setFormError(t('tenants.codes.maxUsesInvalid'));
    setFormError(null);
    create.mutate(
      { tenantId, maxUses, expiresAt, ...(draft.code.trim() ? { code: draft.code.trim() } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.succeed) {
            setCreated(answer.code);
            setDraft({ ...draft, code: '' });
            list.change({ page: 1 });
          } else {
            setFormError(
              failureText(answer, {
                notFound: t('tenants.notFound'),
                codeTaken: t('tenants.codes.codeTaken'),
                generatedCodesOnly: t('tenants.codes.generatedCodesOnly'),
                expiryInPast: t('tenants.codes.expiryInPast'),
              }),
            );
          }
        },
        onError: (error) => setFormError(callErrorText(error)),
      },
    );
  }

  function runRevoke(row: InvitationCodeRow) {
    revoke.mutate(row.code, {
      onSuccess: (answer) =>
        setStatus(
          answer.succeed ? { text: t('tenants.codes.revoked', { code: row.code }), error: false } : { text: failureText(answer), error: true },
        ),
      onError: (error) => setStatus({ text: callErrorText(error), error: true }),
      onSettled: () => setPending(null),
    });
  }

  const columns: ListColumn<InvitationCodeRow>[] = [
    { key: 'code', header: t('tenants.codes.code'), primary: true, cell: (row) => <code className="console-code">{row.code}</code> },
    {
      key: 'state',
      header: t('tenants.codes.state'),
      cell: (row) => (
        <span className={`console-state${row.state === 'active' ? ' console-state--published' : ''}`}>{t(`tenants.codes.states.${row.state}`)}</span>
      ),
    },
    {
      key: 'uses',
      header: t('tenants.codes.uses'),
      cell: (row) =>
        row.maxUses === null
          ? t('tenants.codes.usesUnlimited', { used: row.usedCount })
          : t('tenants.codes.usesOf', { used: row.usedCount, max: row.maxUses }),
    },
    { key: 'expiresAt', header: t('tenants.codes.expiresAt'), cell: (row) => (row.expiresAt === null ? '—' : formatDateTime(row.expiresAt)) },
    { key: 'createdAt', header: t('tenants.codes.createdAt'), cell: (row) => formatDateTime(row.createdAt) },
  ];

  // The new-code form's heading, one level below the codes' title.
  const FormHeading = asPage ? 'h2' : 'h3';
  return (
    <section aria-labelledby="codes-title">
      {asPage ? (
        <h1 id="codes-title">{t('tenants.codes.title')}</h1>
      ) : (
        <h2 id="codes-title" className="console-editor__heading">
          {t('tenants.codes.title')}
        </h2>
      )}
      <form className="console-fieldset" noValidate onSubmit={submit} aria-labelledby="codes-new">
        <FormHeading id="codes-new" className="console-subheading">
          {t('tenants.codes.new')}
        </FormHeading>
        <FormError>{formError}</FormError>
        <div className="console-localized">
          {/* A company operator's codes are always generated (decision 175): no chosen code to try. */}
          {asPage ? null : (
            <Field label={t('tenants.codes.code')} hint={t('tenants.codes.codeHint')}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={draft.code}
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => setDraft({ ...draft, code: e.target.value })}
                />
              )}
            </Field>
          )}
          <Field label={t('tenants.codes.maxUses')} requiredMark>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={100000}
                step={1}
                required
                value={draft.maxUses}
                onChange={(e) => setDraft({ ...draft, maxUses: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('tenants.codes.expiresAt')} hint={t('tenants.codes.expiresHint')} requiredMark>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                required
                value={draft.expiresAt}
                onChange={(e) => setDraft({ ...draft, expiresAt: e.target.value })}
              />
            )}
          </Field>
        </div>
        <p>
          <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {t('tenants.codes.create')}
          </button>
        </p>
        {created && (
          <p className="console-notice" role="status">
            {t('tenants.codes.created')}{' '}
            <code className="console-code" data-testid="created-code">
              {created}
            </code>
          </p>
        )}
      </form>
      <ConsoleList
        list={list}
        label={t('tenants.codes.title')}
        query={codes}
        rows={rows}
        total={codes.data?.total ?? 0}
        rowKey={(row) => row.code}
        wide
        columns={columns}
        notice={<StatusMessage message={status} />}
        empty={t('tenants.codes.empty')}
        error={t('tenants.loadError')}
        actions={{
          header: t('tenants.codes.actions'),
          cell: (row) =>
            row.state !== 'revoked' && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`${t('tenants.codes.revoke')} ${row.code}`}
                onClick={() => setPending(row)}
              >
                {t('tenants.codes.revoke')}
              </button>
            ),
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t('tenants.codes.confirmRevoke', { code: pending.code }) : ''}
        confirmLabel={t('tenants.codes.revoke')}
        cancelLabel={t('tenants.cancel')}
        busy={revoke.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && runRevoke(pending)}
      >
        <p>{t('tenants.codes.confirmRevokeText')}</p>
      </ConfirmDialog>
    </section>
  );
}
