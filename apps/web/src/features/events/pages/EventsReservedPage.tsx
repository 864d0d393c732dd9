import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAGE_SIZE } from '@hibi/contract/constants';
import { useSession } from '../../../lib/session.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useReservingEvents } from '../api/get-reserving-events.ts';
import { EventGrid } from '../components/EventGrid.tsx';
import '../events.css';

function ReservedList() {
  const { t } = useTranslation('events');
  const list = useReservingEvents(PAGE_SIZE.reserved);
  const events = list.data?.pages.flat() ?? [];
  const empty = (
    <div className="empty-state">
      <p>{t('reserved.empty')}</p>
      <Link to="/events" className="button button--outline">
        {t('reserved.toList')}
      </Link>
    </div>
  );
  return (
    <QueryState query={list} isEmpty={events.length === 0} empty={empty} error={t('list.loadFailed')}>
      <EventGrid events={events} headingLevel={2} />
      <ReadMore query={list} failed={t('list.loadFailed')} />
    </QueryState>
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
