import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useMemberAction, useMemberStatus, type MemberAction } from '../api/members.ts';
import { MemberPoints } from '../components/MemberPoints.tsx';
import { useMe } from '../../../lib/me.ts';

/**
 * A member's account status (never any health data) and what support can do: mail a new password-setting link, end
 * every session, deactivate or reactivate. Each action asks first. Below, the member's points (issue 58) and, for owners,
 * their adjustment.
 */
export default function MemberPage() {
  const { t, i18n } = useTranslation('consolePeople');
  const { id: param } = useParams();
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : 0;
  const status = useMemberStatus(id);
  const action = useMemberAction();
  const [pending, setPending] = useState<MemberAction | null>(null);
  const [message, setMessage] = useState<StatusText | null>(null);
  const m = status.data?.member;
  const en = i18n.language === 'en';
  // Points (issue 58): owners and support read them; only an owner adjusts (the server judges either way).
  const isOwner = useMe()?.operator.role === 'owner';

  function run(which: MemberAction) {
    action.mutate(
      { action: which, id },
      {
        onSuccess: (answer) =>
          setMessage(
            answer.succeed
              ? { text: t(`members.done.${which}`, { count: 'ended' in answer ? answer.ended : 0 }), error: false }
              : {
                  text: failureText(answer, {
                    notFound: t('members.notFound'),
                    noEmail: t('members.errors.noEmail'),
                    deactivated: t('members.errors.deactivated'),
                    mailLimit: t('members.errors.mailLimit'),
                  }),
                  error: true,
                },
          ),
        onError: (error) => setMessage({ text: callErrorText(error), error: true }),
        onSettled: () => setPending(null),
      },
    );
  }

  const yesNo = (v: boolean) => (v ? t('members.yes') : t('members.no'));
  return (
    <div className="console-page">
      <p>
        <Link to="/members">{t('members.back')}</Link>
      </p>
      <QueryState query={status} isEmpty={false} empty="" error={callErrorText(status.error, { notFound: t('members.notFound') })}>
        {m && (
          <>
            <h1>
              {m.nickname || `#${m.id}`}
              {m.deactivatedAt !== null && <span className="console-state console-state--unpublished console-flag">{t('members.deactivated')}</span>}
            </h1>
            <dl className="console-facts">
              <dt>{t('members.id')}</dt>
              <dd>{m.id}</dd>
              <dt>{t('members.email')}</dt>
              <dd>{m.email ?? '—'}</dd>
              <dt>{t('members.loginId')}</dt>
              <dd>{m.loginId ?? '—'}</dd>
              <dt>{t('members.externalAccountId')}</dt>
              <dd>{m.externalAccountId ?? '—'}</dd>
              <dt>{t('members.userName')}</dt>
              <dd>{m.userName || '—'}</dd>
              <dt>{t('members.tenant')}</dt>
              <dd>{m.tenant ? (en && m.tenant.name.en ? m.tenant.name.en : m.tenant.name.ja) : t('members.noTenant')}</dd>
              <dt>{t('members.contract')}</dt>
              <dd>
                {m.tenant
                  ? [
                      t('members.contractText', { type: m.tenant.contractType }),
                      m.tenant.litePlan && t('members.litePlan'),
                      m.tenant.corporateContract && t('members.corporate'),
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : '—'}
              </dd>
              <dt>{t('members.createdAt')}</dt>
              <dd>{formatDateTime(m.createdAt)}</dd>
              <dt>{t('members.lastSignInAt')}</dt>
              <dd>{m.lastSignInAt === null ? t('members.never') : formatDateTime(m.lastSignInAt)}</dd>
              <dt>{t('members.emailVerified')}</dt>
              <dd>{yesNo(m.emailVerified)}</dd>
              <dt>{t('members.passwordSet')}</dt>
              <dd>{yesNo(m.passwordSet)}</dd>
              <dt>{t('members.sessionsCount')}</dt>
              <dd>{m.sessionsCount}</dd>
              <dt>{t('members.state')}</dt>
              <dd>{m.deactivatedAt === null ? t('members.active') : t('members.deactivatedAt', { at: formatDateTime(m.deactivatedAt) })}</dd>
            </dl>
            <p className="console-muted">{t('members.noHealth')}</p>
            <StatusMessage message={message} />
            <div className="console-actions" role="group" aria-label={t('members.actions')}>
              <button
                type="button"
                className="button button--outline"
                disabled={!m.email || m.deactivatedAt !== null}
                onClick={() => setPending('resendPasswordLink')}
              >
                {t('members.resendPasswordLink')}
              </button>
              <button
                type="button"
                className="button button--outline"
                disabled={m.sessionsCount === 0}
                onClick={() => setPending('endMemberSessions')}
              >
                {t('members.endMemberSessions')}
              </button>
              {m.deactivatedAt === null ? (
                <button type="button" className="button button--danger" onClick={() => setPending('deactivateMember')}>
                  {t('members.deactivateMember')}
                </button>
              ) : (
                <button type="button" className="button button--primary" onClick={() => setPending('reactivateMember')}>
                  {t('members.reactivateMember')}
                </button>
              )}
            </div>
            <MemberPoints memberID={m.id} canAdjust={isOwner} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`members.confirm.${pending}`, { name: m?.nickname ?? '' }) : ''}
        confirmLabel={pending ? t(`members.${pending}`) : ''}
        cancelLabel={t('members.cancel')}
        tone={pending === 'deactivateMember' || pending === 'endMemberSessions' ? 'danger' : 'primary'}
        busy={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && run(pending)}
      >
        {pending && <p>{t(`members.confirmText.${pending}`, { email: m?.email ?? '' })}</p>}
      </ConfirmDialog>
    </div>
  );
}
