import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { HelpPageName, HelpSection } from '@hibi/contract/functions/help';
import { RichText } from '../../../components/RichText.tsx';
import { LoadError } from '../../../components/QueryState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useHelpPage } from '../api/get-help-page.ts';
import { useOpenOnHash } from '../hooks/useOpenOnHash.ts';
import '../help.css';

function formatDay(day: string) {
  return day.replaceAll('-', '.');
}

function SectionMedia({ section }: { section: HelpSection }) {
  const { t } = useTranslation('help');
  return (
    <>
      {section.video && (
        <video
          className="help-media"
          controls
          preload="none"
          poster={section.video.posterUrl ?? undefined}
          aria-label={section.heading}
          // The box keeps the help media's 16:9 before the poster has come (no layout shift; the images' size too).
          width={480}
          height={270}
        >
          <source src={section.video.url} type={section.video.type} />
          {t('about.videoUnsupported')}
        </video>
      )}
      {section.images.map((img) => (
        <img key={img.url} className="help-media" src={img.url} alt={img.alt} loading="lazy" width={480} height={270} />
      ))}
    </>
  );
}

type Layout = 'articles' | 'steps' | 'accordion';

/**
 * A help page from the server's content files (terms, website terms, privacy policy, how to use, about):
 * articles with a table of contents, illustrated steps, or an accordion of services.
 */
export function HelpDocument({ page, layout = 'articles' }: { page: HelpPageName; layout?: Layout }) {
  const { t } = useTranslation('help');
  const query = useHelpPage(page);
  useOpenOnHash(query.isSuccess);
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="container page page--narrow">
        <LoadError message={t('loadFailed')} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const doc = query.data;
  return (
    <div className={`container page help-page help-page--${layout}`}>
      <h1 className="page-title">{doc.title}</h1>
      <p className="help-page__meta">
        {t('updatedOn', { date: formatDay(doc.updatedOn) })}
        {layout === 'articles' && <> · {t('termsVersion', { version: doc.termsVersion })}</>}
      </p>
      {doc.lead && <p className="help-page__lead">{doc.lead}</p>}

      {layout === 'articles' && (
        <>
          <nav className="card help-toc" aria-labelledby="help-toc-title">
            <h2 id="help-toc-title" className="help-toc__title">
              {t('contents')}
            </h2>
            <ul className="help-toc__list">
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <Link to={{ hash: s.id }}>{s.heading}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="card help-articles">
            {doc.sections.map((s) => (
              <section key={s.id} id={s.id} className="help-article" aria-labelledby={`${s.id}-title`}>
                <h2 id={`${s.id}-title`} className="help-article__title">
                  {s.heading}
                </h2>
                <RichText html={s.html} />
                <SectionMedia section={s} />
              </section>
            ))}
          </div>
        </>
      )}

      {layout === 'steps' && (
        <ol className="help-steps">
          {doc.sections.map((s) => (
            <li key={s.id} id={s.id} className="card help-step">
              <div className="help-step__text">
                <h2 className="help-article__title">{s.heading}</h2>
                <RichText html={s.html} />
              </div>
              {(s.images.length > 0 || s.video) && (
                <div className="help-step__media">
                  <SectionMedia section={s} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      {layout === 'accordion' && (
        <section aria-labelledby="help-services-title">
          <h2 id="help-services-title" className="section-title">
            {t('about.services')}
          </h2>
          <div className="help-accordion">
            {doc.sections.map((s, i) => (
              <details key={s.id} id={s.id} className="help-accordion__item" open={i === 0}>
                <summary className="help-accordion__summary">{s.heading}</summary>
                <div className="help-accordion__body help-accordion__body--media">
                  <div className="help-accordion__media">
                    <SectionMedia section={s} />
                  </div>
                  <RichText html={s.html} />
                </div>
              </details>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
