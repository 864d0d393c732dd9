import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useIndividualMatch } from '../api/get-individual-match.ts';
import { DrawPanel } from '../components/DrawPanel.tsx';
import { ProgramsTabs } from '../components/ProgramsTabs.tsx';
import { ProgramStatusBadge } from '../components/ProgramStatusBadge.tsx';
import { TenantNames } from '../components/TenantNames.tsx';
import { parseID } from '../components/params.ts';
import { formatCount } from '../components/values.ts';
import '../programs.css';

/**
 * /programs/challenges/:id (docs/requirements/programs.md#programs-challenges and #programs-draw): a challenge's
 * settings and prizes, and its verifiable draw. Owners and editors edit and draw; support reads.
 */
export default function IndividualMatchPage() {
  const { t } = useTranslation('consolePrograms');
  const individualMatchID = parseID(useParams().id);
  const canEdit = canEditContent(useMe()?.operator.role);
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const query = useIndividualMatch(individualMatchID);

  const notFound = individualMatchID === null || (query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound');
  if (notFound) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const match = query.data;
  return (
    <div className="console-page">
      <ProgramsTabs />
      <p>
        <Link to="/programs/challenges">{t('editor.back')}</Link>
      </p>
      <QueryState query={query} error={t('errors.loadError')}>
        {match && (
          <>
            <div className="console-page__head">
              <h1>{localized(match.name)}</h1>
              {canEdit && (
                <Link className="button button--outline" to={`/programs/challenges/${match.individualMatchID}/edit`}>
                  {t('challenge.edit')}
                </Link>
              )}
            </div>
            <StatusMessage message={saved ? { text: t('editor.saved'), error: false } : null} />
            <p className="programs-meta">
              <ProgramStatusBadge status={match.status} />
            </p>
            {!canEdit && <p className="console-notice">{t('round.readOnly')}</p>}
            <section aria-labelledby="programs-settings">
              <h2 id="programs-settings">{t('round.settings')}</h2>
              <dl className="console-facts">
                <dt>{t('round.entry')}</dt>
                <dd>{t('list.range', { from: match.entryFrom, to: match.entryTo })}</dd>
                <dt>{t('round.period')}</dt>
                <dd>{t('list.range', { from: match.startDate, to: match.endDate })}</dd>
                <dt>{t('round.tenants')}</dt>
                <dd>
                  <TenantNames ids={match.tenantIDs} empty={t('challenge.tenantsAll')} />
                </dd>
                <dt>{t('challenge.threshold')}</dt>
                <dd>{t('round.steps', { value: formatCount(match.thresholdSteps) })}</dd>
                <dt>{t('round.dailyCap')}</dt>
                <dd>{t('round.steps', { value: formatCount(match.dailyCap) })}</dd>
                <dt>{t('round.graceDays')}</dt>
                <dd>{t('round.days', { value: match.graceDays })}</dd>
                <dt>{t('round.finalFrom')}</dt>
                <dd>{match.finalFrom}</dd>
                <dt>{t('round.entrants')}</dt>
                <dd>{formatCount(match.entrants)}</dd>
                <dt>{t('challenge.prizes')}</dt>
                <dd>
                  <ol className="programs-prize-list">
                    {match.prizes.map((prize, index) => (
                      <li key={index}>{t('challenge.prizeValue', { name: localized(prize.name), count: prize.winners })}</li>
                    ))}
                  </ol>
                </dd>
                <dt>{t('round.updated')}</dt>
                <dd>{t('round.updatedValue', { at: formatDateTime(match.updatedAt), by: match.updatedBy ?? t('round.none') })}</dd>
              </dl>
              <p>
                <Link to={`/programs/flags?programKind=individualMatch&programID=${match.individualMatchID}`}>{t('round.flags')}</Link>
              </p>
            </section>
            <DrawPanel match={match} canEdit={canEdit} />
          </>
        )}
      </QueryState>
    </div>
  );
}
