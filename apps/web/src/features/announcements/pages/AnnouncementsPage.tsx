import { useTranslation } from '../../../lib/i18n/react.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementList } from '../components/AnnouncementItem.tsx';
import '../announcements.css';

/** Announcements: 10 a page, newest first, read more while the last page was full. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const session = useSession();
  const list = useAnnouncements();
  const items = list.data?.pages.flatMap((p) => p.announcements) ?? [];
  return (
    <div className="container page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="contract-note">{t('contractNote')}</p>
      <QueryState query={list} isEmpty={items.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <AnnouncementList items={items} showRead={session !== null} />
        <ReadMore query={list} failed={t('loadFailed')} />
      </QueryState>
    </div>
  );
}
