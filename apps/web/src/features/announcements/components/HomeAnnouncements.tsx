import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncementList } from '../api/queries.ts';
import { AnnouncementItem } from './AnnouncementItem.tsx';
import '../announcements.css';

/** Home: the 5 latest announcements with a link to the list. */
export default function HomeAnnouncements() {
  const { t } = useTranslation('announcements');
  const signedIn = useSession() !== null;
  const list = useAnnouncementList(PAGE_SIZE.homeAnnouncements);
  const items = (list.data?.pages[0]?.announcements ?? []).slice(0, PAGE_SIZE.homeAnnouncements);
  return (
    <section className="home-section" aria-labelledby="home-announcements-title">
      <div className="home-section__head">
        <h2 id="home-announcements-title" className="section-title">
          {t('title')}
        </h2>
        <Link to="/notifications" className="home-section__more">
          {t('seeAll')}
        </Link>
      </div>
      {list.isError && <p className="empty-state">{t('loadFailed')}</p>}
      {list.isSuccess && items.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {items.length > 0 && (
        <ul className="announcement-list">
          {items.map((item) => (
            <AnnouncementItem key={item.id} item={item} showRead={signedIn} />
          ))}
        </ul>
      )}
    </section>
  );
}
