import { useParams } from 'react-router';
import type { ConsoleIndividualMatch } from '@hibi/contract/console/programs';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConsoleApiError } from '../../../lib/api.ts';
import { useIndividualMatch } from '../api/get-individual-match.ts';
import { useProgramTenants } from '../api/tenants.ts';
import { IndividualMatchEditor } from '../components/IndividualMatchEditor.tsx';
import { parseID } from '../components/params.ts';
import '../programs.css';

/**
 * /programs/challenges/new and /programs/challenges/:id/edit (owners and editors;
 * docs/requirements/programs.md#programs-challenges): the editor with every tenant to choose from (once the draw is
 * committed, only the names may change: the editor makes the rest read-only).
 */
export default function IndividualMatchEditPage() {
  const { t } = useTranslation('consolePrograms');
  const { id: param } = useParams();
  const individualMatchID = param === undefined ? null : parseID(param);
  const valid = param === undefined || individualMatchID !== null;
  const query = useIndividualMatch(valid ? individualMatchID : null);
  const tenants = useProgramTenants();

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const notFound = query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound';
  if (notFound) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const editor = (item: ConsoleIndividualMatch | null) => (
    <QueryState query={tenants} error={t('editor.tenantsLoadError')}>
      {tenants.data && <IndividualMatchEditor key={item?.individualMatchID ?? 0} item={item} tenants={tenants.data} />}
    </QueryState>
  );
  if (individualMatchID === null) return editor(null);
  return (
    <QueryState query={query} error={t('errors.loadError')}>
      {query.data && editor(query.data)}
    </QueryState>
  );
}
