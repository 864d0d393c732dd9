import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { AnnouncementHead } from '@hibi/contract/functions/content';
import { formatDate } from '../../../lib/format.ts';

/** One row of an announcement list: date, important tag, unread marker (signed in), title. */
export function AnnouncementItem({ item, showRead }: { item: AnnouncementHead; showRead: boolean }) {
  const { t } = useTranslation('announcements');
  return (
    <li className="announcement-item">
      <Link to={`/notifications/${item.id}`} className="announcement-item__link">
        <span className="announcement-item__meta">
          <time dateTime={new Date(item.fromDateTime).toISOString()}>{formatDate(item.fromDateTime)}</time>
          {item.isImportant && <span className="tag tag--important">{t('important')}</span>}
          {showRead && !item.isRead && <span className="tag announcement-item__unread">{t('unread')}</span>}
        </span>
        <span className="announcement-item__title">{item.title}</span>
      </Link>
    </li>
  );
}

export function AnnouncementList({ items, showRead }: { items: AnnouncementHead[]; showRead: boolean }) {
  return (
    <ul className="announcement-list">
      {items.map((item) => (
        <AnnouncementItem key={item.id} item={item} showRead={showRead} />
      ))}
    </ul>
  );
}
