import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useNewArrivals } from '../api/get-new-arrivals.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import '../library.css';

/** New arrivals: 9 a page, read more while the last page was full. */
export default function LibraryNewPage() {
  const { t } = useTranslation('library');
  const list = useNewArrivals();
  const items = list.data?.pages.flatMap((p) => p.reportArticles) ?? [];
  return (
    <div className="container page library">
      <h1 className="page-title">{t('index.newArrivals')}</h1>
      <p className="contract-note">{t('contractNote')}</p>
      <SearchBox />
      <QueryState query={list} isEmpty={items.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <ArticleGrid articles={items} headingLevel={2} />
        <ReadMore query={list} failed={t('loadFailed')} />
      </QueryState>
    </div>
  );
}
