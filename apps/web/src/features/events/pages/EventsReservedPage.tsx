import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { PAGE_SIZE, useReservingEvents } from '../api.ts';
import { EventGrid } from '../components/EventGrid.tsx';
import '../events.css';

function ReservedList() {
  const { t } = useTranslation('events');
  const list = useReservingEvents(PAGE_SIZE, true);
  const events = list.data?.pages.flat() ?? [];
  if (list.isPending) return <Spinner />;
  if (events.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('reserved.empty')}</p>
        <Link to="/events" className="button button--outline">
          {t('reserved.toList')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <EventGrid events={events} headingLevel={2} />
      {list.hasNextPage && <ReadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
    </>
  );
}

export default function EventsReservedPage() {
  const { t } = useTranslation('events');
  const signedIn = useSession() !== null;
  return (
    <div className="container page events-page">
      <h1 className="page-title">{t('reserved.title')}</h1>
      {signedIn ? (
        <>
          <p className="lead">{t('reserved.lead')}</p>
          <ReservedList />
        </>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
