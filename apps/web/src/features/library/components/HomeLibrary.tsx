import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { useNewArrivals } from '../api/get-new-arrivals.ts';
import { ArticleGrid } from './ArticleCard.tsx';
import '../library.css';

/** Home: 6 of the 9 newest library articles. */
export default function HomeLibrary() {
  const { t } = useTranslation('library');
  const list = useNewArrivals(PAGE_SIZE.homeLibrary);
  const items = (list.data?.pages[0]?.reportArticles ?? []).slice(0, PAGE_SIZE.homeLibraryShown);
  return (
    <section className="library-home" aria-labelledby="home-library-title">
      <SectionHeading id="home-library-title" title={t('home.title')} more={{ to: '/library', label: t('home.more') }} />
      <QueryState query={list} loading={null} isEmpty={items.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <ArticleGrid articles={items} />
      </QueryState>
    </section>
  );
}
