import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { Carousel } from '../../../components/ImageSlider.tsx';
import { useLibraryTop } from '../api/queries.ts';
import { ArticleCard, ArticleGrid } from '../components/ArticleCard.tsx';
import { PopularWordsModal } from '../components/PopularWordsModal.tsx';
import '../library.css';

/** Pickup carousel: 1, 2 or 3 per view below 426 px, from 426 px and from 768 px wide. */
const PICKUP_BREAKPOINTS = [
  { minWidth: 0, perView: 1 },
  { minWidth: 426, perView: 2 },
  { minWidth: 768, perView: 3 },
];

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
      <div className="library-search">
        <button type="button" className="library-search__box" onClick={() => setSearchOpen(true)} aria-haspopup="dialog">
          <span aria-hidden="true" className="library-search__icon">
            ⌕
          </span>
          {t('search.placeholder')}
        </button>
      </div>
      <PopularWordsModal open={searchOpen} onClose={() => setSearchOpen(false)} />
      {top.isPending && <Spinner />}
      {top.isError && <p className="empty-state">{t('loadFailed')}</p>}
      {data && (
        <>
          {data.pickups.length > 0 && (
            <section className="library-section" aria-labelledby="pickup-title">
              <h2 id="pickup-title" className="section-title">
                {t('index.pickup')}
              </h2>
              {data.pickups.length < 3 ? (
                <ArticleGrid articles={data.pickups} />
              ) : (
                <Carousel
                  label={t('index.pickup')}
                  breakpoints={PICKUP_BREAKPOINTS}
                  items={data.pickups.map((article) => (
                    <ArticleCard key={article.id} article={article} />
                  ))}
                />
              )}
            </section>
          )}
          <section className="library-section" aria-labelledby="new-title">
            <div className="library-section__head">
              <h2 id="new-title" className="section-title">
                {t('index.newArrivals')}
              </h2>
              <Link to="/library/new" className="library-section__more">
                {t('index.seeMoreNew')}
              </Link>
            </div>
            {data.newArrivals.length > 0 ? <ArticleGrid articles={data.newArrivals} /> : <p className="empty-state">{t('empty')}</p>}
          </section>
          <section className="library-section" aria-labelledby="ranking-title">
            <div className="library-section__head">
              <h2 id="ranking-title" className="section-title">
                {t('index.ranking')}
              </h2>
              <Link to="/library/ranking" className="library-section__more">
                {t('index.seeMoreRanking')}
              </Link>
            </div>
            {data.ranking.length > 0 ? <ArticleGrid articles={data.ranking} ranked /> : <p className="empty-state">{t('empty')}</p>}
          </section>
          {data.tagedLists.map((list) => (
            <section key={list.tag.id} className="library-section" aria-labelledby={`tag-${list.tag.id}`}>
              <div className="library-section__head">
                <h2 id={`tag-${list.tag.id}`} className="section-title">
                  {list.tag.name}
                </h2>
                <Link to={`/library/tag/${list.tag.id}`} className="library-section__more">
                  {t('index.seeMoreTag', { tag: list.tag.name })}
                </Link>
              </div>
              <ArticleGrid articles={list.reportArticles} />
            </section>
          ))}
        </>
      )}
    </div>
  );
}
