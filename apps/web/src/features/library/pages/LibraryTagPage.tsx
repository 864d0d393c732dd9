import { useEffect, useId, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { SortBy } from '@hibi/contract/functions/content';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { usePopularTags } from '../api/get-popular-tags.ts';
import { useTaggedArticles } from '../api/get-tagged-articles.ts';
import { ArticleGrid } from '../components/ArticleCard.tsx';
import { GENRE_IDS, isGenre } from '../genres.ts';
import { SearchBox } from '../components/SearchBox.tsx';
import '../library.css';

const SORTS: SortBy[] = ['newer', 'popular', 'reccomend'];

/**
 * A tag or genre page: heading, genre navigation (genre1..genre8), sort (newer, popular, reccomend), a grid of 9 a page
 * with read more, and search-word links. Opened from a search word with ?genre=, it is headed as search results.
 */
export default function LibraryTagPage() {
  const { t } = useTranslation('library');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const sortId = useId();
  const sortParam = params.get('sort');
  const sortBy: SortBy = SORTS.includes(sortParam as SortBy) ? (sortParam as SortBy) : 'newer';
  const genreParam = params.get('genre');
  const genre = isGenre(id) ? id : isGenre(genreParam) ? genreParam : null;
  const searched = isGenre(genreParam) && !isGenre(id);
  const list = useTaggedArticles(id, sortBy);
  const popular = usePopularTags();
  const items = list.data?.pages.flatMap((p) => p.reportArticles) ?? [];
  const tagName = list.data?.pages[0]?.tags[0]?.name ?? popular.data?.genres.find((g) => g.id === id)?.name ?? '';
  const genres = popular.data?.genres ?? [];
  const words = genre ? (popular.data?.popularTags[genre] ?? []) : (popular.data?.popularTags.all ?? []);
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // On narrow screens the genre bar scrolls sideways: keep the current genre in view.
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = current?.closest('ul');
    if (current && list) list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [genre, genres.length]);
  usePageMeta(tagName ? { title: searched ? t('tag.searchResults', { tag: tagName }) : tagName } : null);

  return (
    <div className="container page library">
      {genre && genres.length > 0 && (
        <nav ref={navRef} className="genre-nav" aria-label={t('tag.genreNav')}>
          <ul>
            {GENRE_IDS.map((g) => {
              const name = genres.find((x) => x.id === g)?.name ?? g;
              return (
                <li key={g}>
                  <Link to={`/library/tag/${g}`} className="genre-nav__link" aria-current={g === genre ? 'page' : undefined}>
                    {name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <h1 className="page-title">{searched ? t('tag.searchResults', { tag: tagName }) : tagName || t('tag.fallbackTitle')}</h1>
      <p className="contract-note">{t('contractNote')}</p>
      <SearchBox />
      <div className="library-toolbar">
        <label htmlFor={sortId} className="library-toolbar__label">
          {t('sort.label')}
        </label>
        <select
          id={sortId}
          className="library-toolbar__select"
          value={sortBy}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('sort', e.target.value);
            setParams(next, { replace: true });
          }}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={list} isEmpty={items.length === 0} empty={t('emptyTag')} error={t('loadFailed')}>
        <ArticleGrid articles={items} headingLevel={2} />
        <ReadMore query={list} failed={t('loadFailed')} />
      </QueryState>
      {words.length > 0 && (
        <section className="library-section" aria-labelledby="search-words">
          <h2 id="search-words" className="section-title">
            {t('search.words')}
          </h2>
          <ul className="tag-links">
            {words.map((tag) => (
              <li key={tag.id}>
                <Link to={genre ? `/library/tag/${tag.id}?genre=${genre}` : `/library/tag/${tag.id}`} className="tag-link">
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
