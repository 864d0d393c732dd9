import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { RichText } from '../../../components/RichText.tsx';
import { LoadError } from '../../../components/QueryState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useFaq } from '../api/get-faq.ts';
import { useOpenOnHash } from '../hooks/useOpenOnHash.ts';
import '../help.css';

/** Anchor of a category (#category-1000) and of an item (#faq-1001). */
export const categoryAnchor = (id: number) => `category-${id}`;
export const itemAnchor = (id: number) => `faq-${id}`;

/**
 * The FAQ: a table of contents of the nine categories (scroll-to links) and an accordion of the items the
 * server shows today (their date windows are compared in Asia/Tokyo on the server).
 */
export default function FaqPage() {
  const { t } = useTranslation('help');
  const { hash } = useLocation();
  const query = useFaq();
  useOpenOnHash(query.isSuccess);

  // Following the link of the anchor already in the URL would not change the location: scroll directly.
  function sameHash(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
    if (hash === `#${anchor}`) {
      event.preventDefault();
      document.getElementById(anchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="container page page--narrow">
        <LoadError message={t('loadFailed')} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const categories = query.data.categories;
  return (
    <div className="container page help-page faq-page">
      <h1 className="page-title" id="faq-top">
        {t('faq.title')}
      </h1>
      <p className="help-page__lead">{t('faq.lead')}</p>
      <nav className="card help-toc faq-toc" aria-labelledby="faq-toc-title">
        <h2 id="faq-toc-title" className="help-toc__title">
          {t('faq.categories')}
        </h2>
        <ul className="faq-toc__list">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={{ hash: categoryAnchor(c.id) }} onClick={(e) => sameHash(e, categoryAnchor(c.id))}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((c) => (
        <section key={c.id} id={categoryAnchor(c.id)} className="faq-category" aria-labelledby={`${categoryAnchor(c.id)}-title`}>
          <h2 id={`${categoryAnchor(c.id)}-title`} className="faq-category__title">
            {c.title}
          </h2>
          {c.items.length === 0 ? (
            <p className="empty-state">{t('faq.empty')}</p>
          ) : (
            <div className="help-accordion">
              {c.items.map((item) => (
                <details key={item.id} id={itemAnchor(item.id)} className="help-accordion__item">
                  <summary className="help-accordion__summary">
                    <span className="faq-q" aria-hidden="true">
                      {t('faq.q')}
                    </span>
                    {item.title}
                  </summary>
                  <div className="help-accordion__body">
                    <RichText html={item.html} />
                  </div>
                </details>
              ))}
            </div>
          )}
          <p className="faq-category__top">
            <Link to={{ hash: 'faq-top' }} onClick={(e) => sameHash(e, 'faq-top')}>
              {t('faq.backToTop')}
            </Link>
          </p>
        </section>
      ))}
    </div>
  );
}
