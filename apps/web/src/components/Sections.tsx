import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n/react.tsx';
import { SECTION_TYPE } from '@hibi/contract/constants';
import type { Section } from '@hibi/contract/functions/content';
import { Modal } from './Modal.tsx';
import './sections.css';

/** Where a link-button section leads inside the app; null when it has no page here. */
export function sectionLinkPath(relType: Section['relType'], relObjectID: string | null): string | null {
  const id = relObjectID ? encodeURIComponent(relObjectID) : null;
  switch (relType) {
    case 'Events':
    case 'EventParticipation':
      return id ? `/events/${id}` : '/events';
    case 'EventList':
      return '/events';
    case 'Announcements':
      return id ? `/notifications/${id}` : '/notifications';
    case 'ReportArticles':
      return id ? `/library/${id}` : '/library';
    case 'ReportArticleList':
      return '/library/new';
    case 'TaggedReportArticles':
      return id ? `/library/tag/${id}` : '/library';
    case 'Questionnaire':
      return id ? `/surveys/${id}` : '/surveys';
    default:
      return null;
  }
}

interface SectionsProps {
  sections: Section[];
  /** Called when a video starts from its thumbnail (library articles record it). */
  onVideoPlay?: (videoID: number) => void;
  /** Called when an attachment is opened. */
  onAttachmentOpen?: (attachmentID: number) => void;
}

/**
 * The Section model rendered (docs/requirements/content.md#content-sections): description sections (subtitle, server-sanitised rich-text comment, images,
 * videos behind thumbnails, attachments) and link-button sections (relType → a route of the app).
 */
export function Sections({ sections, onVideoPlay, onAttachmentOpen }: SectionsProps) {
  const { t } = useTranslation('sections');
  const [video, setVideo] = useState<Section['videos'][number] | null>(null);
  if (sections.length === 0) return null;
  return (
    <div className="sections">
      {sections.map((section, index) => {
        const path = sectionLinkPath(section.relType, section.relObjectID);
        const isLink = section.sectionType === SECTION_TYPE.linkButton;
        return (
          <section key={index} className={`content-section${isLink ? ' content-section--link' : ''}`}>
            {section.subtitle && <h2 className="content-section__subtitle">{section.subtitle}</h2>}
            {section.comment && (
              // The comment is rich text the server sanitised when it was stored.
              <div className="content-section__comment rich-text" dangerouslySetInnerHTML={{ __html: section.comment }} />
            )}
            {section.images.length > 0 && (
              <div className="content-section__images">
                {section.images.map((image) => (
                  <img key={image.id} src={image.url} alt={section.subtitle ?? t('image')} loading="lazy" />
                ))}
              </div>
            )}
            {section.videos.length > 0 && (
              <ul className="content-section__videos">
                {section.videos.map((v, i) => (
                  <li key={v.videoID}>
                    <button
                      type="button"
                      className="video-thumb"
                      onClick={() => {
                        setVideo(v);
                        onVideoPlay?.(v.videoID);
                      }}
                    >
                      <img src={v.thumbnailImageUrl} alt="" loading="lazy" />
                      <span className="video-thumb__play" aria-hidden="true">
                        ▶
                      </span>
                      <span className="visually-hidden">{t('playVideo', { n: i + 1 })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {section.attachments.length > 0 && (
              <ul className="content-section__attachments">
                {section.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} target="_blank" rel="noopener noreferrer" onClick={() => onAttachmentOpen?.(a.id)}>
                      <span aria-hidden="true">📄 </span>
                      {a.fileName}
                      <span className="visually-hidden"> {t('opensInNewTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {path && (
              <p className="content-section__link">
                <Link className="button button--primary" to={path}>
                  {section.relLabel || t(`rel.${section.relType ?? 'ReportArticles'}`)}
                </Link>
              </p>
            )}
            {!path && isLink && section.relType && (
              // A link to something only the smartphone app has (the administrator's action goals): its label as a
              // notice instead of a button to nowhere (docs/requirements/content.md#content-sections, issue 13 finding 3).
              <p className="content-section__notice" role="note">
                {section.relLabel ? t('rel.labelInApp', { label: section.relLabel }) : t('rel.inApp')}
              </p>
            )}
          </section>
        );
      })}
      <Modal open={video !== null} title={t('video')} onClose={() => setVideo(null)}>
        {video && (
          <video className="section-video" src={video.videoUrl} poster={video.thumbnailImageUrl} controls autoPlay playsInline>
            <track kind="captions" />
          </video>
        )}
      </Modal>
    </div>
  );
}
