import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { ReportArticle } from '@hibi/contract/functions/content';
import { DAY_MS } from '@hibi/contract/time';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { Sections } from '../../../components/Sections.tsx';
import { ShareButtons } from '../../../components/ShareButtons.tsx';
import { ImageSlider } from '../../../components/ImageSlider.tsx';
import { formatDate, formatDateWithWeekday, formatNumber, formatTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { ArticleGrid, TypeTag } from './ArticleCard.tsx';
import '../library.css';

/** A one-day span shows its date and times; a longer one is a period whose end date is end minus 1 ms (docs/requirements/events.md#events-one-day). */
function Period({ start, end }: { start: number; end: number }) {
  const locale = currentLocale();
  if (end - start <= DAY_MS) {
    return (
      <>
        {formatDateWithWeekday(start, locale)} {formatTime(start)}–{formatTime(end)}
      </>
    );
  }
  return (
    <>
      {formatDateWithWeekday(start, locale)} – {formatDateWithWeekday(end - 1, locale)}
    </>
  );
}

function RelatedEvent({ event }: { event: NonNullable<ReportArticle['relatedEvent']> }) {
  const { t } = useTranslation('library');
  return (
    <section className="library-section" aria-labelledby="related-event-title">
      <h2 id="related-event-title" className="section-title">
        {t('article.relatedEvent')}
      </h2>
      <table className="related-event">
        <caption className="related-event__caption">
          <Link to={`/events/${event.id}`}>{event.title}</Link>
        </caption>
        <tbody>
          <tr>
            <th scope="row">{t('article.date')}</th>
            <td>
              <Period start={event.startDateTime} end={event.endDateTime} />
              {event.dateRemarks && <div className="related-event__note">{event.dateRemarks}</div>}
            </td>
          </tr>
          {event.place && (
            <tr>
              <th scope="row">{t('article.place')}</th>
              <td>{event.place}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('article.fee')}</th>
            <td>{event.price === 0 ? t('article.free') : t('article.yen', { price: formatNumber(event.price, currentLocale()) })}</td>
          </tr>
          {event.extraLabel && event.extraText && (
            <tr>
              <th scope="row">{event.extraLabel}</th>
              <td>{event.extraText}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A library article as members see it: the head for everyone, the rest for signed-in readers. The member page renders
 * it from the server's answer, the console's preview from the editor's form (issue 15).
 */
export function ArticleView({
  article,
  signedIn,
  onVideoPlay,
  onAttachmentOpen,
}: {
  article: ReportArticle;
  signedIn: boolean;
  onVideoPlay?: (videoId: number) => void;
  onAttachmentOpen?: (attachmentId: number) => void;
}) {
  const { t } = useTranslation('library');
  const match = article.relatedIndividualMatch ?? article.relatedTeamMatch;
  return (
    <article className="container page page--narrow library-article">
      <header>
        <p className="library-article__meta">
          <TypeTag relType={article.relType} />
          <time dateTime={new Date(article.publishedAt).toISOString()}>{formatDate(article.publishedAt)}</time>
        </p>
        <h1 className="page-title">{article.title}</h1>
      </header>
      <ImageSlider images={article.images} alt={article.title} />
      {article.description && <p className="lead">{article.description}</p>}
      {!signedIn || !article.sections ? (
        <LoginRequired variant="article" />
      ) : (
        <>
          {article.relatedEvent && <RelatedEvent event={article.relatedEvent} />}
          {match && (
            <p className="library-article__match">
              <span className="library-article__match-label">
                {t(article.relatedIndividualMatch ? 'article.individualMatch' : 'article.teamMatch')}
              </span>{' '}
              <Period start={match.startDateTime} end={match.endDateTime} />
            </p>
          )}
          <Sections sections={article.sections} {...(onVideoPlay ? { onVideoPlay } : {})} {...(onAttachmentOpen ? { onAttachmentOpen } : {})} />
          <ShareButtons title={article.title} />
          {article.tags.length > 0 && (
            <section aria-labelledby="article-tags" className="library-article__tags">
              <h2 id="article-tags" className="visually-hidden">
                {t('article.tags')}
              </h2>
              <ul className="tag-links">
                {article.tags.map((tag) => (
                  <li key={tag.id}>
                    <Link to={`/library/tag/${tag.id}`} className="tag-link">
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {article.relatedReportArticles && article.relatedReportArticles.length > 0 && (
            <section className="library-section" aria-labelledby="related-title">
              <h2 id="related-title" className="section-title">
                {t('article.related')}
              </h2>
              <ArticleGrid articles={article.relatedReportArticles} />
            </section>
          )}
          {article.recommendedReportArticles && article.recommendedReportArticles.length > 0 && (
            <section className="library-section" aria-labelledby="recommended-title">
              <h2 id="recommended-title" className="section-title">
                {t('article.recommended')}
              </h2>
              <ArticleGrid articles={article.recommendedReportArticles} />
            </section>
          )}
        </>
      )}
    </article>
  );
}
