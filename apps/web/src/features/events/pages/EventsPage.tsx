import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAGE_SIZE, SCHEDULE_TYPES, type ScheduleType } from '@hibi/contract/constants';
import { useSession } from '../../../lib/session.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { useEventList } from '../api/get-events.ts';
import { useReservingEvents } from '../api/get-reserving-events.ts';
import type { EventFilter } from '../api/keys.ts';
import { EventGrid } from '../components/EventGrid.tsx';
import '../events.css';

const DEFAULT_FILTER: EventFilter = { scheduleType: SCHEDULE_TYPES.before, onlyFree: false, onlyOnline: false, onlyReservation: false };
/** The schedule filter's options in the order the spec lists them: upcoming, today, finished. */
const SCHEDULE_OPTIONS: ScheduleType[] = [SCHEDULE_TYPES.before, SCHEDULE_TYPES.today, SCHEDULE_TYPES.finished];

/** Reserved and favourite events, 3 of them, with a link to the full list (signed-in users only). */
function ReservedStrip() {
  const { t } = useTranslation('events');
  const strip = useReservingEvents(PAGE_SIZE.reservedStrip);
  const items = strip.data?.pages[0] ?? [];
  return (
    <section className="events-strip" aria-labelledby="events-strip-title">
      <SectionHeading id="events-strip-title" title={t('strip.title')} more={{ to: '/events/reserved', label: t('strip.seeMore') }} />
      <QueryState query={strip} isEmpty={items.length === 0} empty={t('strip.empty')} error={t('list.loadFailed')}>
        <EventGrid events={items} />
      </QueryState>
    </section>
  );
}

export default function EventsPage() {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation('common');
  const signedIn = useSession() !== null;
  const [filter, setFilter] = useState<EventFilter>(DEFAULT_FILTER);
  const list = useEventList(filter);
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
          <select id={ids.schedule} value={filter.scheduleType} onChange={(e) => update({ scheduleType: Number(e.target.value) as ScheduleType })}>
            {SCHEDULE_OPTIONS.map((type) => (
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
        <SectionHeading id="events-list-title" title={t(`list.schedule.${filter.scheduleType}`)} />
        <QueryState query={list} isEmpty={events.length === 0} empty={t('list.empty')} error={t('list.loadFailed')}>
          <EventGrid events={events} />
          <ReadMore query={list} failed={t('list.loadFailed')} />
        </QueryState>
      </section>
    </div>
  );
}
