import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useEventList, useReservingEvents, type EventFilter } from '../api.ts';
import { EventGrid } from '../components/EventGrid.tsx';
import '../events.css';

const STRIP_SIZE = 3;

const DEFAULT_FILTER: EventFilter = { scheduleType: 1, onlyFree: false, onlyOnline: false, onlyReservation: false };

/** Reserved and favourite events, 3 of them, with a link to the full list (signed-in users only). */
function ReservedStrip() {
  const { t } = useTranslation('events');
  const strip = useReservingEvents(STRIP_SIZE, true);
  const items = strip.data?.pages[0] ?? [];
  return (
    <section className="events-strip" aria-labelledby="events-strip-title">
      <div className="events-section-head">
        <h2 id="events-strip-title" className="section-title">
          {t('strip.title')}
        </h2>
        <Link to="/events/reserved" className="events-see-more">
          {t('strip.seeMore')}
        </Link>
      </div>
      {strip.isPending ? <Spinner /> : items.length ? <EventGrid events={items} /> : <p className="empty-state">{t('strip.empty')}</p>}
    </section>
  );
}

export default function EventsPage() {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation('common');
  const signedIn = useSession() !== null;
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_FILTER);
  const list = useEventList(filter, signedIn);
  const ids = { schedule: useId(), free: useId(), online: useId(), reservation: useId() };

  // Changing a filter starts again from page one: the filter is part of the query key.
  const update = (patch: Partial<EventFilter>) => setFilter((current) => ({ ...current, ...patch }));

  const events = list.data?.pages.flat() ?? [];
  return (
    <div className="container page events-page">
      <h1 className="page-title">{t('list.title')}</h1>
      <p className="contract-note">{tc('common.contractNote')}</p>

      <form className="events-filters" aria-label={t('list.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="events-filters__field">
          <label htmlFor={ids.schedule}>{t('list.scheduleType')}</label>
          <select id={ids.schedule} value={filter.scheduleType} onChange={(e) => update({ scheduleType: Number(e.target.value) as 1 | 2 | 3 })}>
            {[1, 3, 2].map((type) => (
              <option key={type} value={type}>
                {t(`list.scheduleOption.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {(
          [
            ['onlyFree', ids.free],
            ['onlyOnline', ids.online],
            ['onlyReservation', ids.reservation],
          ] as const
        ).map(([key, id]) => (
          <div className="events-filters__check" key={key}>
            <input id={id} type="checkbox" checked={filter[key]} onChange={(e) => update({ [key]: e.target.checked })} />
            <label htmlFor={id}>{t(`list.${key}`)}</label>
          </div>
        ))}
      </form>

      {signedIn && <ReservedStrip />}

      <section aria-labelledby="events-list-title" className="events-list">
        <h2 id="events-list-title" className="section-title">
          {t(`list.schedule.${filter.scheduleType}`)}
        </h2>
        {list.isPending ? (
          <Spinner />
        ) : list.isError && events.length === 0 ? (
          <p className="empty-state">{t('list.loadFailed')}</p>
        ) : events.length === 0 ? (
          <p className="empty-state">{t('list.empty')}</p>
        ) : (
          <EventGrid events={events} />
        )}
        {list.hasNextPage && <ReadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
      </section>
    </div>
  );
}
