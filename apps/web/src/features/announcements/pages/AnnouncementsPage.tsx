import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncementList } from '../api/queries.ts';
import { AnnouncementItem } from '../components/AnnouncementItem.tsx';
import '../announcements.css';

/** Announcements: 10 a page, newest first, read more while the last page was full. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const session = useSession();
  const list = useAnnouncementList();
  const items = list.data?.pages.flatMap((p) => p.announcements) ?? [];
  return (
    <div className="container page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="contract-note">{t('contractNote')}</p>
      {list.isPending && <Spinner />}
      {list.isError && items.length === 0 && <p className="empty-state">{t('loadFailed')}</p>}
      {list.isSuccess && items.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {items.length > 0 && (
        <ul className="announcement-list">
          {items.map((item) => (
            <AnnouncementItem key={item.id} item={item} showRead={session !== null} />
          ))}
        </ul>
      )}
      {list.isFetchNextPageError && <p className="form-error">{t('loadFailed')}</p>}
      {list.hasNextPage && <ReadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
    </div>
  );
}
