import { useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { ConsoleApiError } from '../../../lib/api.ts';
import { useMagazineIssue } from '../api/get-issue.ts';
import { MagazineEditor } from '../components/MagazineEditor.tsx';
import { MagazineReadOnly } from '../components/MagazineReadOnly.tsx';
import { isWritable } from '../components/values.ts';
import '../magazine.css';

/**
 * /magazine/new and /magazine/:id (docs/requirements/magazine.md#magazine-console): the editor for owners and editors
 * while the issue is a draft or scheduled; read-only with its figures once it started sending, and always for support.
 */
export default function MagazineEditPage() {
  const { t } = useTranslation('consoleMagazine');
  const { id: param } = useParams();
  const issueID = param === undefined ? null : Number(param);
  const valid = issueID === null || (Number.isInteger(issueID) && issueID > 0);
  const canEdit = canEditContent(useMe()?.operator.role);
  const query = useMagazineIssue(valid ? issueID : null);

  if (!valid) return <p className="console-page form-error">{t('editor.notFound')}</p>;
  if (issueID === null) return <MagazineEditor issue={null} />;
  const notFound = query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound';
  if (notFound) return <p className="console-page form-error">{t('editor.notFound')}</p>;
  return (
    <QueryState query={query} error={t('editor.loadError')}>
      {query.data &&
        (canEdit && isWritable(query.data.state) ? (
          <MagazineEditor key={query.data.issueID} issue={query.data} />
        ) : (
          <MagazineReadOnly issue={query.data} />
        ))}
    </QueryState>
  );
}
