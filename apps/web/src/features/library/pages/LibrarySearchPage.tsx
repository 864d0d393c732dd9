import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useSearchArticles } from '../api/search-articles.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
import { PopularWordsModal } from '../components/PopularWordsModal.tsx';
import { SearchBox, searchWords } from '../components/SearchBox.tsx';
import '../library.css';

/** Library search results (/library/search?q=…): best matches first, the words marked in the titles, read more. */
export default function LibrarySearchPage() {
  const { t } = useTranslation('library');
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const results = useSearchArticles(query);
  const [popularOpen, setPopularOpen] = useState(false);
  const items = results.data?.pages.flatMap((p) => p.reportArticles) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  return (
    <div className="container page library">
      <h1 className="page-title">{query ? t('search.resultsTitle', { query }) : t('search.title')}</h1>
      <SearchBox key={query} initial={query} onPopularWords={() => setPopularOpen(true)} />
      <PopularWordsModal open={popularOpen} onClose={() => setPopularOpen(false)} />
      {query ? (
        <QueryState
          query={results}
          isEmpty={items.length === 0}
          empty={
            <p className="empty-state" role="status">
              {t('search.noResults', { query })}
            </p>
          }
          error={t('search.failed')}
        >
          <p className="library-search__count" role="status">
            {t('search.count', { count: total })}
          </p>
          <ArticleGrid articles={items} headingLevel={2} highlight={searchWords(query)} />
          <ReadMore query={results} failed={t('search.failed')} />
        </QueryState>
      ) : (
        <p className="lead">{t('search.prompt')}</p>
      )}
    </div>
  );
}
