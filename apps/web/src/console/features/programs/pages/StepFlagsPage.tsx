import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { PROGRAM_KINDS, type ProgramKind } from '@hibi/contract/functions/programs';
import { STEP_FLAG_STATES, type StepFlag } from '@hibi/contract/console/programs';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConsoleList, type ListColumn } from '../../../components/list/ConsoleList.tsx';
import { defineList } from '../../../components/list/listState.ts';
import { useListState } from '../../../components/list/useListState.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useReviewStepFlag, useStepFlags } from '../api/step-flags.ts';
import type { StepFlagListParams } from '../api/keys.ts';
import { programErrorTexts } from '../components/errors.ts';
import { parseID } from '../components/params.ts';
import { ProgramFilter } from '../components/ProgramFilter.tsx';
import { ProgramsTabs } from '../components/ProgramsTabs.tsx';
import { formatCount } from '../components/values.ts';
import '../programs.css';

const LIST = defineList({
  filters: {
    state: { kind: 'choice', values: STEP_FLAG_STATES },
    programKind: { kind: 'choice', values: PROGRAM_KINDS },
    programID: { kind: 'text', maxLength: 10 },
  },
  sorts: [],
  perPage: 20,
});

const STATE_CLASS: Record<StepFlag['state'], string> = { open: ' console-state--unpublished', kept: ' console-state--published', excluded: '' };

const programPath = (flag: StepFlag) =>
  flag.programKind === 'teamMatch' ? `/programs/team-walk/${flag.programID}` : `/programs/challenges/${flag.programID}`;

/**
 * /programs/flags (docs/requirements/programs.md#programs-flags): the unusual step days (over the cap, over three times
 * the member's 28-day median, entered by hand), oldest open first, filtered by state and program and paged in SQL, the
 * filters in the address. Owners and editors keep or exclude a day (alreadyFinal once the program is final); support
 * reads.
 */
export default function StepFlagsPage() {
  const { t } = useTranslation('consolePrograms');
  const canEdit = canEditContent(useMe()?.operator.role);
  const list = useListState(LIST);
  const { state, programKind } = list.filters;
  const programID = parseID(list.filters.programID);
  const params: StepFlagListParams = {
    offset: list.offset,
    perPage: list.perPage,
    ...(state ? { state: state as StepFlag['state'] } : {}),
    ...(programKind ? { programKind: programKind as ProgramKind } : {}),
    ...(programKind && programID !== null ? { programID } : {}),
  };
  const query = useStepFlags(params);
  const rows = query.data?.flags ?? [];
  const review = useReviewStepFlag();
  const [status, setStatus] = useState<StatusText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filtered = Boolean(state || programKind);

  const decide = (flag: StepFlag, decision: 'keep' | 'exclude') => {
    setStatus(null);
    setError(null);
    review.mutate(
      { flagID: flag.flagID, decision },
      {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(failureText(answer, programErrorTexts(t)));
          const words = { nickname: flag.nickname, day: flag.day };
          setStatus({ text: decision === 'keep' ? t('flags.kept', words) : t('flags.excluded', words), error: false });
        },
        onError: (thrown) => setError(callErrorText(thrown, programErrorTexts(t))),
      },
    );
  };

  const columns: ListColumn<StepFlag>[] = [
    {
      key: 'program',
      header: t('flags.program'),
      primary: true,
      cell: (row) => (
        <>
          <Link to={programPath(row)}>{localized(row.programName)}</Link>
          <span className="console-muted programs-kind">{t(`kinds.${row.programKind}`)}</span>
        </>
      ),
    },
    { key: 'member', header: t('flags.member'), cell: (row) => row.nickname, breakAnywhere: true },
    { key: 'tenant', header: t('flags.tenant'), cell: (row) => row.tenantName },
    { key: 'day', header: t('flags.day'), cell: (row) => row.day },
    { key: 'steps', header: t('flags.steps'), cell: (row) => formatCount(row.steps) },
    {
      key: 'reason',
      header: t('flags.reason'),
      cell: (row) =>
        row.reason === 'overMedian' ? t('flags.reasons.overMedian', { median: formatCount(row.median ?? 0) }) : t(`flags.reasons.${row.reason}`),
    },
    {
      key: 'state',
      header: t('flags.state'),
      cell: (row) => <span className={`console-state${STATE_CLASS[row.state]}`}>{t(`flags.states.${row.state}`)}</span>,
    },
    {
      key: 'reviewed',
      header: t('flags.reviewed'),
      cell: (row) =>
        row.reviewedAt === null
          ? t('flags.notReviewed')
          : t('flags.reviewedValue', { by: row.reviewedBy ?? t('flags.notReviewed'), at: formatDateTime(row.reviewedAt) }),
    },
  ];

  return (
    <div className="console-page">
      <ProgramsTabs />
      <h1>{t('flags.title')}</h1>
      <p className="console-muted">{t('flags.intro')}</p>
      <div className="console-filters programs-filters">
        <ProgramFilter
          kind={programKind ? (programKind as ProgramKind) : null}
          programID={programKind ? programID : null}
          onChange={(kind, id) => list.change({ filters: { programKind: kind ?? '', programID: id === null ? '' : String(id) } })}
        />
      </div>
      <ConsoleList
        list={list}
        label={t('flags.label')}
        query={query}
        rows={rows}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.flagID}
        columns={columns}
        actions={
          canEdit
            ? {
                header: t('flags.actions'),
                cell: (row) => {
                  const words = { nickname: row.nickname, day: row.day, program: localized(row.programName) };
                  return (
                    <>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        aria-label={t('flags.keepNamed', words)}
                        disabled={review.isPending || row.state === 'kept'}
                        onClick={() => decide(row, 'keep')}
                      >
                        {t('flags.keep')}
                      </button>
                      <button
                        type="button"
                        className="button button--outline button--small"
                        aria-label={t('flags.excludeNamed', words)}
                        disabled={review.isPending || row.state === 'excluded'}
                        onClick={() => decide(row, 'exclude')}
                      >
                        {t('flags.exclude')}
                      </button>
                    </>
                  );
                },
              }
            : undefined
        }
        filters={[{ name: 'state', label: t('flags.state'), anyLabel: t('flags.allStates'), optionLabel: (s) => t(`flags.states.${s}`) }]}
        searchLabel={t('list.filters')}
        submitLabel={t('list.apply')}
        notice={
          <>
            <FormError>{error}</FormError>
            <StatusMessage message={status} />
          </>
        }
        empty={filtered ? t('flags.emptyFiltered') : t('flags.empty')}
        error={t('flags.loadError')}
        wide
      />
    </div>
  );
}
