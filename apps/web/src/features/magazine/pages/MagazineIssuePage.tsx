import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RichText } from '../../../components/RichText.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { isMagazineIssueID, useMagazineIssue } from '../api/get-magazine-issue.ts';
import '../../../components/sections.css';
import '../magazine.css';

/**
 * /magazine/:issueID: one past issue in the member's language, its sanitised body rendered as the announcements' rich
 * text (docs/requirements/magazine.md#magazine-members). An issue not sent to the member's tenant is not found.
 */
export default function MagazineIssuePage() {
  const { t } = useTranslation('magazine');
  const issueID = Number(useParams().issueID);
  const query = useMagazineIssue(issueID);
  const issue = query.data;
  const notFound = !isMagazineIssueID(issueID) || (query.error instanceof ApiError && query.error.errorCode === 'notFound');

  useNotFound(notFound);
  usePageMeta(issue ? { title: issue.subject, description: issue.subject } : null);

  if (notFound) return <NotFound />;
  return (
    <article className="container page page--narrow magazine-issue">
      <p className="magazine-issue__back">
        <Link to="/magazine">{t('backToList')}</Link>
      </p>
      <QueryState query={query} error={t('issueLoadFailed')}>
        {issue && (
          <>
            <header className="magazine-issue__head">
              <p className="magazine-issue__meta">
                <time dateTime={new Date(issue.sentAt).toISOString()}>{t('sentOn', { date: formatDate(issue.sentAt) })}</time>
              </p>
              <h1 className="page-title">{issue.subject}</h1>
            </header>
            <RichText html={issue.body} className="magazine-issue__body" />
          </>
        )}
      </QueryState>
    </article>
  );
}
