import type { EventListItem } from '@hibi/contract/functions/events';

/** The reserve-status tag; nothing when no reservation is required (status none). */
export function StatusTag({ status }: { status: EventListItem['reserveStatus'] }) {
  if (status.status.name === 'none' || !status.status.text) return null;
  return <span className={`tag event-status event-status--${status.status.name}`}>{status.status.text}</span>;
}
