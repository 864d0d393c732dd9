import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { GENRE_IDS } from '../genres.ts';
import { Modal } from '../../../components/Modal.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePopularTags } from '../api/get-popular-tags.ts';

/** The popular search words, overall and grouped by genre; each word opens its tag page. */
export function PopularWordsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('library');
  const query = usePopularTags(open);
  const data = query.data;
  return (
    <Modal open={open} title={t('search.modalTitle')} onClose={onClose}>
      <QueryState query={query} error={t('loadFailed')}>
        {data && (
          <div className="popular-words">
            <section aria-labelledby="popular-all">
              <h3 id="popular-all" className="popular-words__heading">
                {t('search.popular')}
              </h3>
              <ul className="tag-links">
                {data.popularTags.all.map((tag) => (
                  <li key={tag.id}>
                    <Link to={`/library/tag/${tag.id}`} onClick={onClose} className="tag-link">
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            {GENRE_IDS.map((genreId) => {
              const genre = data.genres.find((g) => g.id === genreId);
              const words = data.popularTags[genreId];
              if (!genre) return null;
              return (
                <section key={genreId} aria-labelledby={`popular-${genreId}`}>
                  <h3 id={`popular-${genreId}`} className="popular-words__heading">
                    <Link to={`/library/tag/${genreId}`} onClick={onClose}>
                      {genre.name}
                    </Link>
                  </h3>
                  {words.length > 0 && (
                    <ul className="tag-links">
                      {words.map((tag) => (
                        <li key={tag.id}>
                          <Link to={`/library/tag/${tag.id}?genre=${genreId}`} onClick={onClose} className="tag-link">
                            #{tag.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
