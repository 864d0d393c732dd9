import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { localized } from '../../../lib/localized.ts';
import { useTeamMatch } from '../api/get-team-match.ts';
import { FormTeamsPanel } from '../components/FormTeamsPanel.tsx';
import { ProgramsTabs } from '../components/ProgramsTabs.tsx';
import { ProgramStatusBadge } from '../components/ProgramStatusBadge.tsx';
import { StandingsPanel } from '../components/StandingsPanel.tsx';
import { TenantNames } from '../components/TenantNames.tsx';
import { parseID } from '../components/params.ts';
import { formatCount } from '../components/values.ts';
import '../programs.css';

/**
 * /programs/team-walk/:id (docs/requirements/programs.md#programs-team-walk): a round's settings, entrants, teams and
 * formation seed; forming the teams now; the standings with their league filter and the CSV. Owners and editors act;
 * support reads.
 */
export default function TeamMatchPage() {
  const { t } = useTranslation('consolePrograms');
  const teamMatchID = parseID(useParams().id);
  const canEdit = canEditContent(useMe()?.operator.role);
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const query = useTeamMatch(teamMatchID);

  const notFound = teamMatchID === null || (query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound');
  if (notFound) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const round = query.data;
  return (
    <div className="console-page">
      <ProgramsTabs />
      <p>
        <Link to="/programs">{t('editor.back')}</Link>
      </p>
      <QueryState query={query} error={t('errors.loadError')}>
        {round && (
          <>
            <div className="console-page__head">
              <h1>{localized(round.name)}</h1>
              {canEdit && round.status !== 'final' && (
                <Link className="button button--outline" to={`/programs/team-walk/${round.teamMatchID}/edit`}>
                  {t('round.edit')}
                </Link>
              )}
            </div>
            <StatusMessage message={saved ? { text: t('editor.saved'), error: false } : null} />
            <p className="programs-meta">
              <ProgramStatusBadge status={round.status} />
              <span>{t(`formationModes.${round.formationMode}`)}</span>
            </p>
            {!canEdit && <p className="console-notice">{t('round.readOnly')}</p>}
            <section aria-labelledby="programs-settings">
              <h2 id="programs-settings">{t('round.settings')}</h2>
              <dl className="console-facts">
                <dt>{t('round.entry')}</dt>
                <dd>{t('list.range', { from: round.entryFrom, to: round.entryTo })}</dd>
                <dt>{t('round.period')}</dt>
                <dd>{t('list.range', { from: round.startDate, to: round.endDate })}</dd>
                <dt>{t('round.tenants')}</dt>
                <dd>
                  <TenantNames ids={round.tenantIDs} empty={t('round.none')} />
                </dd>
                <dt>{t('round.formationMode')}</dt>
                <dd>{t(`formationHelp.${round.formationMode}`)}</dd>
                <dt>{t('round.minTeamSize')}</dt>
                <dd>{round.minTeamSize}</dd>
                <dt>{t('round.teamsPerLeague')}</dt>
                <dd>{round.teamsPerLeague}</dd>
                <dt>{t('round.dailyCap')}</dt>
                <dd>{t('round.steps', { value: formatCount(round.dailyCap) })}</dd>
                <dt>{t('round.graceDays')}</dt>
                <dd>{t('round.days', { value: round.graceDays })}</dd>
                <dt>{t('round.finalFrom')}</dt>
                <dd>{round.finalFrom}</dd>
                <dt>{t('round.entrants')}</dt>
                <dd>{formatCount(round.entrants)}</dd>
                <dt>{t('round.teams')}</dt>
                <dd>{round.formedAt === null ? t('list.notFormed') : formatCount(round.teams)}</dd>
                <dt>{t('round.leagues')}</dt>
                <dd>{round.leagues.length > 0 ? round.leagues.join(', ') : t('round.none')}</dd>
                <dt>{t('round.updated')}</dt>
                <dd>{t('round.updatedValue', { at: formatDateTime(round.updatedAt), by: round.updatedBy ?? t('round.none') })}</dd>
              </dl>
              <p>
                <Link to={`/programs/flags?programKind=teamMatch&programID=${round.teamMatchID}`}>{t('round.flags')}</Link>
              </p>
            </section>
            <FormTeamsPanel round={round} canEdit={canEdit} />
            <StandingsPanel teamMatchID={round.teamMatchID} canExport={canEdit} />
          </>
        )}
      </QueryState>
    </div>
  );
}
