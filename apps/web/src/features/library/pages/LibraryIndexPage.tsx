import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Carousel } from '../../../components/ImageSlider.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { useLibraryTop } from '../api/get-library-top.ts';
import { ArticleCard, ArticleGrid } from '../components/ArticleCard.tsx';
import { PopularWordsModal } from '../components/PopularWordsModal.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import '../library.css';

/** Fewer pickups than this sit in a plain grid. */
const PICKUP_CAROUSEL_FROM = 3;

/** The library index: search words, pickups, 3 new, 3 ranking, 3 per listed tag — one call. */
export default function LibraryIndexPage() {
  const { t } = useTranslation('library');
  const top = useLibraryTop();
  const [searchOpen, setSearchOpen] = useState(false);
  const data = top.data;
  return (
    <div className="container page library">
      <h1 className="page-title">{t('title')}</h1>
      <p className="contract-note">{t('contractNote')}</p>
      <SearchBox onPopularWords={() => setSearchOpen(true)} />
      <PopularWordsModal open={searchOpen} onClose={() => setSearchOpen(false)} />
      <QueryState query={top} error={t('loadFailed')}>
        {data && (
          <>
            {data.pickups.length > 0 && (
              <section className="library-section" aria-labelledby="pickup-title">
                <SectionHeading id="pickup-title" title={t('index.pickup')} />
                {data.pickups.length < PICKUP_CAROUSEL_FROM ? (
                  <ArticleGrid articles={data.pickups} />
                ) : (
                  <Carousel
                    label={t('index.pickup')}
                    layout="cards"
                    items={data.pickups.map((article) => (
                      <ArticleCard key={article.id} article={article} />
                    ))}
                  />
                )}
              </section>
            )}
            <section className="library-section" aria-labelledby="new-title">
              <SectionHeading id="new-title" title={t('index.newArrivals')} more={{ to: '/library/new', label: t('index.seeMoreNew') }} />
              {data.newArrivals.length > 0 ? <ArticleGrid articles={data.newArrivals} /> : <p className="empty-state">{t('empty')}</p>}
            </section>
            <section className="library-section" aria-labelledby="ranking-title">
              <SectionHeading id="ranking-title" title={t('index.ranking')} more={{ to: '/library/ranking', label: t('index.seeMoreRanking') }} />
              {data.ranking.length > 0 ? <ArticleGrid articles={data.ranking} ranked /> : <p className="empty-state">{t('empty')}</p>}
            </section>
            {data.tagedLists.map((list) => (
              <section key={list.tag.id} className="library-section" aria-labelledby={`tag-${list.tag.id}`}>
                <SectionHeading
                  id={`tag-${list.tag.id}`}
                  title={list.tag.name}
                  more={{ to: `/library/tag/${list.tag.id}`, label: t('index.seeMoreTag', { tag: list.tag.name }) }}
                />
                <ArticleGrid articles={list.reportArticles} />
              </section>
            ))}
          </>
        )}
      </QueryState>
    </div>
  );
}
