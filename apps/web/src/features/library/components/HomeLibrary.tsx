import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { useNewArrivals } from '../api/queries.ts';
import { ArticleGrid } from './ArticleCard.tsx';
import '../library.css';

/** Home: 6 of the 9 newest library articles. */
export default function HomeLibrary() {
  const { t } = useTranslation('library');
  const list = useNewArrivals(PAGE_SIZE.homeLibrary);
  const items = (list.data?.pages[0]?.reportArticles ?? []).slice(0, PAGE_SIZE.homeLibraryShown);
  return (
    <section className="library-home" aria-labelledby="home-library-title">
      <div className="library-section__head">
        <h2 id="home-library-title" className="section-title">
          {t('home.title')}
        </h2>
        <Link to="/library" className="library-section__more">
          {t('home.more')}
        </Link>
      </div>
      {list.isError && <p className="empty-state">{t('loadFailed')}</p>}
      {list.isSuccess && items.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {items.length > 0 && <ArticleGrid articles={items} />}
    </section>
  );
}
