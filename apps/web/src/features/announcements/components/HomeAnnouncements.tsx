import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementList } from './AnnouncementItem.tsx';
import '../announcements.css';

/** Home: the 5 latest announcements with a link to the list. */
export default function HomeAnnouncements() {
  const { t } = useTranslation('announcements');
  const signedIn = useSession() !== null;
  const list = useAnnouncements(PAGE_SIZE.homeAnnouncements);
  const items = (list.data?.pages[0]?.announcements ?? []).slice(0, PAGE_SIZE.homeAnnouncements);
  return (
    <section className="home-section" aria-labelledby="home-announcements-title">
      <SectionHeading id="home-announcements-title" title={t('title')} more={{ to: '/notifications', label: t('seeAll') }} />
      <QueryState query={list} loading={null} isEmpty={items.length === 0} empty={t('empty')} error={t('loadFailed')}>
        <AnnouncementList items={items} showRead={signedIn} />
      </QueryState>
    </section>
  );
}
