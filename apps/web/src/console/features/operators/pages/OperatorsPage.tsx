import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { OPERATOR_ROLES, type OperatorRole } from '@hibi/contract/console/protocol';
import type { OperatorRow } from '@hibi/contract/console/operators';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ListTable } from '../../../components/list/ConsoleList.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useChangeOperator, useOperators, type OperatorChange } from '../api/operators.ts';
import { InviteForm } from '../components/InviteForm.tsx';

type Pending = { change: OperatorChange; row: OperatorRow; action: 'deactivate' | 'reactivate' | 'resetTotp' | 'role' | 'resend' };

/**
 * Operators (owners only): every operator with role and state; invite, change a role, deactivate or reactivate,
 * reset the TOTP (the operator enrols again at the next sign-in), resend a pending invitation. Each change asks first.
 */
export default function OperatorsPage() {
  const { t } = useTranslation('consoleAdmin');
  const me = useMe();
  const operators = useOperators();
  const change = useChangeOperator();
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const rows = operators.data?.operators ?? [];

  function run(p: Pending) {
    change.mutate(p.change, {
      onSuccess: (answer) =>
        setStatus(
          answer.succeed
            ? { text: t(`operators.done.${p.action}`, { name: p.row.displayName }), error: false }
            : {
                text: failureText(answer, {
                  lastOwner: t('operators.lastOwner'),
                  notPending: t('operators.notPending'),
                  companyRole: t('operators.companyRole'),
                }),
                error: true,
              },
        ),
      onError: (error) => setStatus({ text: callErrorText(error), error: true }),
      onSettled: () => setPending(null),
    });
  }

  return (
    <div className="console-page">
      <h1>{t('operators.title')}</h1>
      <InviteForm />
      <StatusMessage message={status} />
      <QueryState query={operators} isEmpty={rows.length === 0} empty={t('operators.empty')} error={t('operators.loadError')}>
        <ListTable
          label={t('operators.title')}
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'name',
              header: t('operators.name'),
              primary: true,
              cell: (row) => (
                <>
                  {row.displayName}
                  <div className="console-muted">{row.email}</div>
                </>
              ),
            },
            {
              key: 'role',
              header: t('operators.role'),
              cell: (row) => (
                <>
                  <label className="visually-hidden" htmlFor={`role-${row.id}`}>
                    {t('operators.roleOf', { name: row.displayName })}
                  </label>
                  <select
                    id={`role-${row.id}`}
                    value={row.role}
                    disabled={row.id === me?.operator.id || change.isPending || row.role === 'company'}
                    onChange={(e) =>
                      setPending({
                        row,
                        action: 'role',
                        change: { kind: 'update', payload: { id: row.id, role: e.target.value as OperatorRole } },
                      })
                    }
                  >
                    {/* A company operator is bound to its tenant: no role moves into or out of company (issue 32). */}
                    {OPERATOR_ROLES.filter((role) => (role === 'company') === (row.role === 'company')).map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </select>
                </>
              ),
            },
            {
              key: 'state',
              header: t('operators.state'),
              cell: (row) =>
                !row.active
                  ? t('operators.inactive')
                  : row.invitationPending
                    ? t('operators.pending')
                    : row.enrolled
                      ? t('operators.active')
                      : t('operators.notEnrolled'),
            },
            { key: 'lastSignIn', header: t('operators.lastSignIn'), cell: (row) => (row.lastSignInAt ? formatDateTime(row.lastSignInAt) : '—') },
          ]}
          actions={{
            header: t('operators.actions'),
            cell: (row) => (
              <>
                {row.id !== me?.operator.id && (
                  <button
                    type="button"
                    className={`button button--small ${row.active ? 'button--danger' : 'button--outline'}`}
                    onClick={() =>
                      setPending({
                        row,
                        action: row.active ? 'deactivate' : 'reactivate',
                        change: { kind: 'update', payload: { id: row.id, active: !row.active } },
                      })
                    }
                  >
                    {t(row.active ? 'operators.deactivate' : 'operators.reactivate')}
                  </button>
                )}
                {row.enrolled && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => setPending({ row, action: 'resetTotp', change: { kind: 'resetTotp', id: row.id } })}
                  >
                    {t('operators.resetTotp')}
                  </button>
                )}
                {row.invitationPending && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => setPending({ row, action: 'resend', change: { kind: 'resend', id: row.id } })}
                  >
                    {t('operators.resend')}
                  </button>
                )}
              </>
            ),
          }}
        />
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`operators.confirm.${pending.action}`, { name: pending.row.displayName }) : ''}
        confirmLabel={t('operators.confirmYes')}
        cancelLabel={t('operators.cancel')}
        tone={pending?.action === 'deactivate' || pending?.action === 'resetTotp' ? 'danger' : 'primary'}
        busy={change.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && run(pending)}
      >
        {pending && <p>{t(`operators.confirmText.${pending.action}`, { name: pending.row.displayName })}</p>}
      </ConfirmDialog>
    </div>
  );
}
