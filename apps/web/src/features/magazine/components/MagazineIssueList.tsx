import { Link } from 'react-router';
import type { MagazineIssueHead } from '@hibi/contract/functions/magazine';
import { formatDate } from '../../../lib/format.ts';

/** Past issues, newest first: the day each went out and its subject, a link to the issue (docs/requirements/magazine.md#magazine-members). */
export function MagazineIssueList({ issues }: { issues: MagazineIssueHead[] }) {
  return (
    <ul className="magazine-list">
      {issues.map((issue) => (
        <li key={issue.issueID} className="magazine-list__item">
          <Link to={`/magazine/${issue.issueID}`} className="magazine-list__link">
            <time className="magazine-list__date" dateTime={new Date(issue.sentAt).toISOString()}>
              {formatDate(issue.sentAt)}
            </time>
            <span className="magazine-list__subject">{issue.subject}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
