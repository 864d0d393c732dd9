// The events domain's public module: what handlers, routes, the entry (reminder runs) and other domains (a withdrawal
// gives seats back) may call. The work is done in bookings.ts (lists, detail, reservations), waiting.ts (waiting
// lists), reminders.ts, calendar.ts and feed.ts, over the SQL of data/; those modules never import this one.
export {
  bookSession,
  calendarLink,
  cancel,
  confirmationOf,
  EVENT_TABLES,
  nextEventChange,
  findVisibleEventId,
  getEventDetail,
  listEvents,
  listReservingEvents,
  reserve,
  SeatQueue,
  setFavorite,
  visibleEventAnswers,
  eventListMarks,
  withSessionMarks,
  type Confirmation,
  type ListFilter,
  type ReserveResult,
} from './bookings.ts';
export { cancelBooking, joinWaitingList, leaveWaitingList, promoteFromWaitingList, releaseSeatsOf } from './waiting.ts';
export { sendDueReminders, startReminders, REMINDER_EVERY_MS } from './reminders.ts';
export { calendarFile, CALENDAR_LINK_LIFETIME_MS, CALENDAR_ROUTE } from './calendar.ts';
export { feedFile, feedUrl, resetFeed, FEED_ROUTE } from './feed.ts';

export { reservationsForExport } from './export.ts';
export { reservationPass } from './checkin.ts';
