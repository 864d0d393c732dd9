import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useRanking } from '../api/get-ranking.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
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
      <SearchBox />
      <QueryState query={ranking} isEmpty={items.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <ArticleGrid articles={items} ranked headingLevel={2} />
      </QueryState>
    </div>
  );
}
