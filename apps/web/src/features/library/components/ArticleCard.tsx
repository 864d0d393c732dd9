import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { ReportArticleHead } from '@hibi/contract/functions/content';
import { formatDate } from '../../../lib/format.ts';
import { Highlighted } from './SearchBox.tsx';

/** The type tag of an article; none for plain report articles. */
export function TypeTag({ relType }: { relType: ReportArticleHead['relType'] }) {
  const { t } = useTranslation('library');
  if (relType === 'ReportArticles') return null;
  return <span className="tag library-type-tag">{t(`type.${relType}`)}</span>;
}

/** A library article tile: image, title and date, optionally a rank number. */
export function ArticleCard({
  article,
  rank,
  headingLevel = 3,
  highlight,
}: {
  article: ReportArticleHead;
  rank?: number;
  headingLevel?: 2 | 3;
  /** Words to mark in the title (search results). */
  highlight?: string[];
}) {
  const { t } = useTranslation('library');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <Link to={`/library/${article.id}`} className="article-card__link">
        <span className="article-card__image-wrap">
          <img className="article-card__image" src={article.imageUrl} alt="" />
          {rank !== undefined && (
            <span className="article-card__rank">
              <span className="visually-hidden">{t('ranking.rankLabel')}</span>
              {rank}
            </span>
          )}
        </span>
        {/* A heading is flow content: its wrapper is a div, never a span (issue 55, the HTML checker). */}
        <div className="article-card__body">
          {rank !== undefined && <TypeTag relType={article.relType} />}
          <Heading className="article-card__title">{highlight ? <Highlighted text={article.title} words={highlight} /> : article.title}</Heading>
          <time className="article-card__date" dateTime={new Date(article.publishedAt).toISOString()}>
            {formatDate(article.publishedAt)}
          </time>
        </div>
      </Link>
    </article>
  );
}

export function ArticleGrid({
  articles,
  ranked = false,
  headingLevel,
  highlight,
}: {
  articles: ReportArticleHead[];
  ranked?: boolean;
  headingLevel?: 2 | 3;
  highlight?: string[];
}) {
  return (
    <ul className="card-grid article-grid">
      {articles.map((article, i) => (
        <li key={article.id}>
          <ArticleCard
            article={article}
            {...(ranked ? { rank: i + 1 } : {})}
            {...(headingLevel ? { headingLevel } : {})}
            {...(highlight ? { highlight } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
