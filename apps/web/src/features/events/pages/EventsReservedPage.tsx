// Work in progress: replaced by the events feature's real screen.
export default function EventsReservedPage() {
  return null;
}
