import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { useRanking } from '../api/queries.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
import '../library.css';

/** Ranking: numbered tiles of the most read articles of the last 30 days; the type tag shows except for plain articles. */
export default function LibraryRankingPage() {
  const { t } = useTranslation('library');
  const ranking = useRanking();
  const items = ranking.data?.reportArticles ?? [];
  return (
    <div className="container page library">
      <h1 className="page-title">{t('ranking.title')}</h1>
      <p className="lead">{t('ranking.lead')}</p>
      {ranking.isPending && <Spinner />}
      {ranking.isError && <p className="empty-state">{t('loadFailed')}</p>}
      {ranking.isSuccess && items.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {items.length > 0 && <ArticleGrid articles={items} ranked headingLevel={2} />}
    </div>
  );
}
