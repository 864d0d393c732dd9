import { useMe } from '../../../lib/me.ts';
import { EventList } from '../components/EventList.tsx';
import { canEditContent } from '../../../lib/roles.ts';

/** /events: every event in every state; support reads. */
export default function EventListPage() {
  return <EventList canEdit={canEditContent(useMe()?.operator.role)} />;
}
