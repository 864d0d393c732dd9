import { useId, useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@hibi/contract/functions/points';
import type { ApplicationRow } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useApplications, useCancelApplication, useExportApplications, useMarkShipped, useRewards } from '../api/exchange.ts';
import type { ApplicationListParams } from '../api/keys.ts';
import { pointsErrorTexts } from '../components/errors.ts';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { formatCount, parseID } from '../components/values.ts';
import '../points.css';

const LIST = defineList({
  filters: { status: { kind: 'choice', values: APPLICATION_STATUSES }, rewardID: { kind: 'text', maxLength: 9 } },
  sorts: [],
  perPage: 20,
});

/**
 * /points/applications (docs/requirements/points.md#points-exchange): reward applications, oldest applied first within a
 * status, filtered by status and reward (in the address) and paged in SQL. Owners and editors tick applications and
 * mark them shipped (the answer counts those shipped and those left as they were), cancel one not shipped (asked first;
 * its points come back), and save the applications waiting to ship as CSV for the fulfilment company; support reads.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const status = list.filters.status as ApplicationStatus | '';
  const rewardID = parseID(list.filters.rewardID);
  const params: ApplicationListParams = {
    offset: list.offset,
    perPage: list.perPage,
    ...(status ? { status } : {}),
    ...(rewardID !== null ? { rewardID } : {}),
  };
  const query = useApplications(params);
  const rewards = useRewards({ offset: 0, perPage: 100 });
  const rows = query.data?.applications ?? [];
  const ship = useMarkShipped();
  const cancel = useCancelApplication();
  const exporter = useExportApplications();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [cancelling, setCancelling] = useState<ApplicationRow | null>(null);
  const [message, setMessage] = useState<StatusText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rewardSelect = useId();
  // Only the ticks of the rows on screen count (another page or filter leaves its ticks behind).
  const ticked = rows.filter((row) => row.status === 'applied' && selected.has(row.applicationID)).map((row) => row.applicationID);

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const markShipped = () => {
    setMessage(null);
    setError(null);
    ship.mutate(ticked, {
      onSuccess: (answer) => {
        if (!answer.succeed) return setError(failureText(answer, pointsErrorTexts(t)));
        setSelected(new Set());
        setMessage({ text: t('applications.shippedResult', { shipped: answer.shipped, skipped: answer.skipped }), error: false });
      },
      onError: (thrown) => setError(callErrorText(thrown, pointsErrorTexts(t))),
    });
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    const row = cancelling;
    setMessage(null);
    setError(null);
    cancel.mutate(row.applicationID, {
      onSuccess: (answer) => {
        if (!answer.succeed) return setError(failureText(answer, pointsErrorTexts(t)));
        setMessage({
          text: t('applications.cancelled', { id: row.applicationID, nickname: row.nickname, points: formatCount(row.points) }),
          error: false,
        });
      },
      onError: (thrown) => setError(callErrorText(thrown, pointsErrorTexts(t))),
      onSettled: () => setCancelling(null),
    });
  };

  const download = () => {
    setMessage(null);
    setError(null);
    exporter.mutate(rewardID, {
      onSuccess: (fileName) => setMessage({ text: t('applications.exported', { fileName }), error: false }),
      onError: (thrown) => setError(callErrorText(thrown, pointsErrorTexts(t))),
    });
  };

  const columns: ListColumn<ApplicationRow>[] = [
    ...(canEdit
      ? [
          {
            key: 'select',
            header: t('applications.select'),
            cell: (row: ApplicationRow) =>
              row.status === 'applied' ? (
                <input
                  type="checkbox"
                  aria-label={t('applications.selectNamed', { id: row.applicationID, nickname: row.nickname })}
                  checked={selected.has(row.applicationID)}
                  onChange={(event) => toggle(row.applicationID, event.target.checked)}
                />
              ) : null,
          },
        ]
      : []),
    { key: 'id', header: t('applications.id'), primary: true, cell: (row) => t('applications.number', { id: row.applicationID }) },
    { key: 'appliedAt', header: t('applications.appliedAt'), cell: (row) => formatDateTime(row.appliedAt) },
    { key: 'reward', header: t('applications.reward'), cell: (row) => `${localized(row.rewardName)} (${t(`rewardKinds.${row.kind}`)})` },
    { key: 'points', header: t('applications.points'), cell: (row) => formatCount(row.points) },
    { key: 'member', header: t('applications.member'), breakAnywhere: true, cell: (row) => `${row.nickname} · ${row.tenantName}` },
    { key: 'status', header: t('applications.status'), cell: (row) => t(`statuses.${row.status}`) },
    { key: 'estimate', header: t('applications.estimate'), cell: (row) => t(`estimate.${row.estimate.part}`, { month: row.estimate.month }) },
    {
      key: 'done',
      header: t('applications.doneAt'),
      cell: (row) => (row.shippedAt !== null ? formatDateTime(row.shippedAt) : row.cancelledAt !== null ? formatDateTime(row.cancelledAt) : '—'),
    },
    {
      key: 'address',
      header: t('applications.address'),
      cell: (row) => (row.hasAddress ? t('applications.addressHeld') : t('applications.noAddress')),
    },
  ];

  return (
    <div className="console-page">
      <PointsTabs />
      <h1>{t('applications.title')}</h1>
      <p className="console-muted">{t('applications.intro')}</p>
      <div className="points-toolbar">
        <div className="field">
          <label htmlFor={rewardSelect}>{t('applications.rewardFilter')}</label>
          <select
            id={rewardSelect}
            value={rewardID === null ? '' : String(rewardID)}
            onChange={(event) => list.change({ filters: { rewardID: event.target.value } })}
          >
            <option value="">{t('applications.allRewards')}</option>
            {(rewards.data?.rewards ?? []).map((reward) => (
              <option key={reward.rewardID} value={String(reward.rewardID)}>
                {localized(reward.name)}
              </option>
            ))}
          </select>
        </div>
        {canEdit && (
          <>
            <button
              type="button"
              className="button button--outline"
              disabled={exporter.isPending}
              aria-busy={exporter.isPending || undefined}
              onClick={download}
            >
              {rewardID === null ? t('applications.export') : t('applications.exportReward')}
            </button>
            <button type="button" className="button button--primary" disabled={ticked.length === 0 || ship.isPending} onClick={markShipped}>
              {t('applications.markShipped', { count: ticked.length })}
            </button>
          </>
        )}
      </div>
      <ConsoleList
        list={list}
        label={t('applications.title')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.applicationID}
        columns={columns}
        actions={
          canEdit
            ? {
                header: t('applications.actions'),
                cell: (row) =>
                  row.status === 'applied' ? (
                    <button
                      type="button"
                      className="button button--outline button--small"
                      aria-label={t('applications.cancelNamed', { id: row.applicationID, nickname: row.nickname })}
                      onClick={() => setCancelling(row)}
                    >
                      {t('applications.cancel')}
                    </button>
                  ) : null,
              }
            : undefined
        }
        filters={[
          { name: 'status', label: t('applications.status'), anyLabel: t('applications.allStatuses'), optionLabel: (s) => t(`statuses.${s}`) },
        ]}
        searchLabel={t('applications.filters')}
        submitLabel={t('applications.apply')}
        notice={
          <>
            <FormError>{error}</FormError>
            <StatusMessage message={message} />
          </>
        }
        empty={status || rewardID !== null ? t('applications.emptyFiltered') : t('applications.empty')}
        error={t('applications.loadError')}
        wide
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('applications.cancelTitle', { id: cancelling?.applicationID ?? 0 })}
        confirmLabel={t('applications.cancelConfirm')}
        cancelLabel={t('applications.keep')}
        tone="danger"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={confirmCancel}
      >
        <p>{t('applications.cancelText', { nickname: cancelling?.nickname ?? '', points: formatCount(cancelling?.points ?? 0) })}</p>
      </ConfirmDialog>
    </div>
  );
}
