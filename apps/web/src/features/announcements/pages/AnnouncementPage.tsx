import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../../components/Spinner.tsx';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { Sections } from '../../../components/Sections.tsx';
import { ShareButtons } from '../../../components/ShareButtons.tsx';
import { ImageSlider } from '../../../components/ImageSlider.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncement, isAnnouncementId } from '../api/get-announcement.ts';
import { announcementKeys } from '../api/keys.ts';
import '../announcements.css';

/** One announcement: head for everyone; sections and share buttons for signed-in users; unknown ids go to /notFound. */
export default function AnnouncementPage() {
  const { t } = useTranslation('announcements');
  const { id: param } = useParams();
  const id = Number(param);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSession() !== null;
  const query = useAnnouncement(id);
  const announcement = query.data;
  const invalid = !isAnnouncementId(id);

  useEffect(() => {
    if (invalid || query.isError) navigate('/notFound', { replace: true });
  }, [invalid, query.isError, navigate]);
  useEffect(() => {
    // The server recorded the read: lists show it as read from now on.
    if (announcement && signedIn) void queryClient.invalidateQueries({ queryKey: announcementKeys.lists });
  }, [announcement, signedIn, queryClient]);
  usePageMeta(announcement ? { title: announcement.title, description: announcement.title } : null);

  if (!announcement) return <div className="container page">{!query.isError && <Spinner />}</div>;
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
