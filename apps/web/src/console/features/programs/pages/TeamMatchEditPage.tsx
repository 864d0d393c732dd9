import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import type { ConsoleTeamMatch } from '@hibi/contract/console/programs';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useMe } from '../../../lib/me.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { useTeamMatch } from '../api/get-team-match.ts';
import { useProgramTenants, useTeamMatchTenantFlags } from '../api/tenants.ts';
import { TeamMatchEditor } from '../components/TeamMatchEditor.tsx';
import { parseID } from '../components/params.ts';
import '../programs.css';

/**
 * /programs/team-walk/new and /programs/team-walk/:id/edit (owners and editors;
 * docs/requirements/programs.md#programs-team-walk): the editor, with every tenant to choose from; owners, who may read
 * the tenants' contracts, see which have team matches (for editors the server checks, tenantWithoutTeamMatches). A
 * final round cannot change: it says so instead.
 */
export default function TeamMatchEditPage() {
  const { t } = useTranslation('consolePrograms');
  const { id: param } = useParams();
  const teamMatchID = param === undefined ? null : parseID(param);
  const valid = param === undefined || teamMatchID !== null;
  const role = useMe()?.operator.role;
  const query = useTeamMatch(valid ? teamMatchID : null);
  const tenants = useProgramTenants();
  const flags = useTeamMatchTenantFlags(role === 'owner');

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const notFound = query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound';
  if (notFound) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const editor = (item: ConsoleTeamMatch | null) => (
    // An owner's tenants are shown once their contracts are read too (a failure leaves the check to the server).
    <QueryState query={{ ...tenants, isPending: tenants.isPending || flags.isLoading }} error={t('editor.tenantsLoadError')}>
      {tenants.data && <TeamMatchEditor key={item?.teamMatchID ?? 0} item={item} tenants={tenants.data} teamMatchTenants={flags.data} />}
    </QueryState>
  );
  if (teamMatchID === null) return editor(null);
  return (
    <QueryState query={query} error={t('errors.loadError')}>
      {query.data &&
        (query.data.status === 'final' ? (
          <div className="console-page">
            <p className="console-notice">{t('errors.alreadyFinal')}</p>
            <p>
              <Link to={`/programs/team-walk/${query.data.teamMatchID}`}>{t('editor.backToRound')}</Link>
            </p>
          </div>
        ) : (
          editor(query.data)
        ))}
    </QueryState>
  );
}
