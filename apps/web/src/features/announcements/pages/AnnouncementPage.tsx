import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../../components/Spinner.tsx';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncement, isAnnouncementId } from '../api/get-announcement.ts';
import { announcementKeys } from '../api/keys.ts';
import { AnnouncementView } from '../components/AnnouncementView.tsx';

/** One announcement: head for everyone; sections and share buttons for signed-in users; unknown ids go to /notFound. */
export default function AnnouncementPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const queryClient = useQueryClient();
  const signedIn = useSession() !== null;
  const query = useAnnouncement(id);
  const announcement = query.data;
  const invalid = !isAnnouncementId(id);

  useNotFound(invalid || query.isError);
  useEffect(() => {
    // The server recorded the read: lists show it as read from now on.
    if (announcement && signedIn) void queryClient.invalidateQueries({ queryKey: announcementKeys.lists });
  }, [announcement, signedIn, queryClient]);
  usePageMeta(announcement ? { title: announcement.title, description: announcement.title, image: announcement.images[0]?.url } : null);

  if (invalid || query.isError) return <NotFound />;
  if (!announcement)
    return (
      <div className="container page">
        <Spinner />
      </div>
    );
  return <AnnouncementView announcement={announcement} signedIn={signedIn} />;
}
