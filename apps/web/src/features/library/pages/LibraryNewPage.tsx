import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useNewArrivals } from '../api/queries.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
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
      {list.isPending && <Spinner />}
      {list.isError && items.length === 0 && <p className="empty-state">{t('loadFailed')}</p>}
      {list.isSuccess && items.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {items.length > 0 && <ArticleGrid articles={items} headingLevel={2} />}
      {list.isFetchNextPageError && <p className="form-error">{t('loadFailed')}</p>}
      {list.hasNextPage && <ReadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
    </div>
  );
}
