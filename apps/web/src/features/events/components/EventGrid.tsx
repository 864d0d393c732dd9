import type { EventListItem } from '@hibi/contract/functions/events';
import { EventCard } from './EventCard.tsx';

export function EventGrid({ events, headingLevel = 3 }: { events: EventListItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="card-grid event-grid">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
