import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { Announcement } from '@hibi/contract/functions/content';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { Sections } from '../../../components/Sections.tsx';
import { ShareButtons } from '../../../components/ShareButtons.tsx';
import { ImageSlider } from '../../../components/ImageSlider.tsx';
import { formatDate } from '../../../lib/format.ts';
import '../announcements.css';

/**
 * One announcement as members see it: the head for everyone; sections and share buttons for signed-in members. The
 * member page renders it from the server's answer, the console's preview from the editor's form (issue 15).
 */
export function AnnouncementView({ announcement, signedIn }: { announcement: Announcement; signedIn: boolean }) {
  const { t } = useTranslation('announcements');
  return (
    <article className="container page page--narrow announcement-detail">
      <header className="announcement-detail__head">
        <p className="announcement-detail__meta">
          {announcement.isImportant && <span className="tag tag--important">{t('important')}</span>}
          <time dateTime={new Date(announcement.fromDateTime).toISOString()}>{formatDate(announcement.fromDateTime)}</time>
        </p>
        <h1 className="page-title">{announcement.title}</h1>
      </header>
      <ImageSlider images={announcement.images} alt={announcement.title} />
      {signedIn && announcement.sections ? (
        <>
          <Sections sections={announcement.sections} />
          <ShareButtons title={announcement.title} />
        </>
      ) : (
        <LoginRequired variant="article" />
      )}
    </article>
  );
}
