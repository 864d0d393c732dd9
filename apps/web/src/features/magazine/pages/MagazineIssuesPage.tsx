import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useMagazineIssues } from '../api/get-magazine-issues.ts';
import { MagazineIssueList } from '../components/MagazineIssueList.tsx';
import '../magazine.css';

/**
 * /magazine: the mail magazine's past issues sent to the member's tenant, newest first, 10 a page with read more
 * (docs/requirements/magazine.md#magazine-members). Signed-in members only (the route table says so).
 */
export default function MagazineIssuesPage() {
  const { t } = useTranslation('magazine');
  const list = useMagazineIssues();
  const issues = list.data?.pages.flatMap((page) => page.issues) ?? [];
  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('title')}</h1>
      <p className="magazine-lead">
        {t('lead')} <Link to="/account/profile#settings">{t('settingLink')}</Link>
      </p>
      <QueryState query={list} isEmpty={issues.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <MagazineIssueList issues={issues} />
        <ReadMore query={list} failed={t('loadFailed')} />
      </QueryState>
    </div>
  );
}
