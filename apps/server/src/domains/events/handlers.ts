import * as fns from '@hibi/contract/functions/events';
import * as cfns from '@hibi/contract/console/events';
import { defineConsoleHandler } from '../../core/console-handler.ts';
import * as authoring from './authoring.ts';
import * as checkin from './checkin.ts';
import type { Config } from '../../config.ts';
import { defineHandler, failure, type Handler } from '../../core/handler.ts';
import type { CachePolicy } from '../../core/read-cache.ts';
import {
  bookSession,
  calendarLink,
  cancelBooking,
  EVENT_TABLES,
  feedUrl,
  findVisibleEventId,
  getEventDetail,
  joinWaitingList,
  leaveWaitingList,
  listEvents,
  listReservingEvents,
  nextEventChange,
  reservationPass,
  resetFeed,
  SeatQueue,
  setFavorite,
  visibleEventAnswers,
  eventListMarks,
  withSessionMarks,
} from './service.ts';
import type { EventDetail } from '@hibi/contract/functions/events';
import { visibilityClass } from '../../core/read-cache.ts';

/** Kept answers (issue 18) per visibility class; a member's own marks come from one small query. */
const eventList: CachePolicy = {
  tables: EVENT_TABLES,
  // A member's marks, kept with the answer (decision 138) and apart from it (decision 169) until their own rows change.
  ownTables: ['event_reservations', 'event_waiting_list', 'event_favorites'],
  audience: visibilityClass,
  nextChange: nextEventChange,
  marks: eventListMarks,
};
const eventDetail: CachePolicy = {
  ...eventList,
  personalize: async (answer, user, db, now) => ({ ...answer, event: await withSessionMarks(answer.event as EventDetail, user.id, db, now) }),
  // An event's marks (places in line, session buttons) depend on other members' rows and the sessions' counts: read
  // again whenever the kept event is renewed.
  marks: undefined,
};

/** Handlers of the events domain, one per function in the contract's functions/events.ts. */
export function eventsHandlers(config: Config): Handler[] {
  const seats = new SeatQueue();
  return [
    defineHandler(
      fns.getEvents,
      async (p, ctx) => ({
        events: await listEvents(ctx.db, ctx.user, ctx.locale, ctx.now(), p),
      }),
      { cache: eventList },
    ),

    defineHandler(fns.getReservingEvents, async (p, ctx) => ({
      events: await listReservingEvents(ctx.db, ctx.user, ctx.locale, ctx.now(), p.offset, p.perPage),
    })),

    defineHandler(
      fns.getEventByID,
      async ({ eventID }, ctx) => {
        const event = await getEventDetail(ctx.db, ctx.user, ctx.locale, ctx.now(), eventID);
        return event ? { event } : failure('notFound');
      },
      { cache: eventDetail },
    ),

    defineHandler(fns.reserveEvent, async ({ eventID, sessionID, body }, ctx) => {
      const result = await bookSession(seats, ctx.db, ctx.user, eventID, sessionID, body, ctx.now(), config.appBaseUrl);
      return result.ok ? { reservationID: result.reservationID } : failure(result.code as (typeof fns.RESERVE_ERROR_CODES)[number]);
    }),

    defineHandler(fns.cancelEventReservation, async ({ eventID, sessionID }, ctx) => {
      const result = await cancelBooking(ctx.db, ctx.user, eventID, sessionID, ctx.now(), config.appBaseUrl);
      return result.ok ? {} : failure(result.code as (typeof fns.CANCEL_ERROR_CODES)[number]);
    }),

    defineHandler(fns.favoriteContent, async ({ relObjectID, favorite }, ctx) => {
      if (!(await findVisibleEventId(ctx.db, ctx.user, ctx.now(), relObjectID))) return failure('notFound');
      await setFavorite(ctx.db, ctx.user.id, relObjectID, favorite);
      return { isFavorited: favorite };
    }),

    defineHandler(fns.getEventCalendarUrl, async ({ eventID, sessionID }, ctx) => {
      const link = await calendarLink(ctx.db, ctx.user, ctx.locale, ctx.now(), eventID, sessionID);
      return link ?? failure('noReservation');
    }),

    defineHandler(fns.getReservationPass, async ({ eventID, sessionID }, ctx) => {
      const pass = await reservationPass(ctx.db, ctx.user.id, eventID, sessionID);
      if (pass === null) return failure('noReservation');
      // An online-only session has no door, so no pass (decision 178).
      return pass === 'online' ? failure('onlineSession') : pass;
    }),

    defineHandler(fns.joinWaitingList, async ({ eventID, sessionID, body }, ctx) => {
      const now = ctx.now();
      const checked = await visibleEventAnswers(ctx.db, ctx.user, now, eventID, sessionID, body);
      if (!checked.ok) return failure(checked.code);
      const result = await joinWaitingList(ctx.db, ctx.user.id, eventID, sessionID, checked.answers, now);
      return result.ok ? { position: result.position } : failure(result.code as (typeof fns.WAITING_LIST_ERROR_CODES)[number]);
    }),

    defineHandler(fns.leaveWaitingList, async ({ eventID, sessionID }, ctx) =>
      (await leaveWaitingList(ctx.db, ctx.user.id, eventID, sessionID)) ? {} : failure('notWaiting'),
    ),

    defineHandler(fns.getCalendarFeedUrl, async (_payload, ctx) => ({ url: await feedUrl(ctx.db, config, ctx.user.id, ctx.now()) })),

    defineHandler(fns.resetCalendarFeedUrl, async (_payload, ctx) => ({ url: await resetFeed(ctx.db, config, ctx.user.id, ctx.now()) })),
  ] as unknown as Handler[];
}

/* ------------------------------------------------------------------ operator console (issue 16 item 1) */

/** Console handlers of the events domain, one per function in the contract's console/events.ts. */
export function eventsConsoleHandlers(config: Config) {
  return [
    defineConsoleHandler(cfns.listConsoleEvents, async (p, ctx) => authoring.listEvents(ctx.db, { ...p, now: ctx.now() })),
    defineConsoleHandler(cfns.getConsoleEvent, async ({ id }, ctx) => {
      const event = await authoring.getEvent(ctx.db, id, ctx.now());
      return event ? { event } : failure('notFound');
    }),
    defineConsoleHandler(cfns.saveEvent, async (p, ctx) => authoring.saveEvent(ctx, p), { refreshesMedia: true }),
    defineConsoleHandler(cfns.unpublishEvent, async ({ id }, ctx) => authoring.unpublishEvent(ctx, id), { refreshesMedia: true }),
    defineConsoleHandler(cfns.deleteEvent, async ({ id }, ctx) => authoring.deleteEvent(ctx, id), { refreshesMedia: true }),
    defineConsoleHandler(cfns.saveEventSession, async (p, ctx) => authoring.saveSession(ctx, p), { refreshesMedia: true }),
    defineConsoleHandler(cfns.deleteEventSession, async ({ eventId, id }, ctx) => authoring.deleteSession(ctx, eventId, id), {
      refreshesMedia: true,
    }),
    defineConsoleHandler(cfns.saveQuestionnaire, async ({ eventId, questions }, ctx) => authoring.saveQuestionnaire(ctx, eventId, questions), {
      refreshesMedia: true,
    }),
    defineConsoleHandler(cfns.listSessionReservations, async ({ eventId, sessionId, offset, perPage }, ctx) => {
      const list = await authoring.listReservations(ctx.db, eventId, sessionId, offset, perPage);
      if (!list) return failure('notFound');
      // Members' names, addresses and answers: the read is audited like an export (issue 30, finding 6).
      ctx.note({
        targetType: 'eventSession',
        targetId: sessionId,
        summary: `read ${list.reservations.length} of ${list.total} reservations (event ${eventId}, from ${offset})`,
      });
      return list;
    }),
    defineConsoleHandler(cfns.cancelReservationForMember, async ({ reservationId }, ctx) =>
      authoring.cancelForMember(ctx, reservationId, config.appBaseUrl),
    ),
    defineConsoleHandler(cfns.exportReservations, async ({ eventId }, ctx) => {
      const file = await authoring.reservationExport(ctx.db, eventId, ctx.now());
      if (!file) return failure('notFound');
      ctx.note({ targetType: 'event', targetId: eventId, summary: 'reservations exported' });
      return file;
    }),
    defineConsoleHandler(cfns.checkInReservation, async ({ sessionId, token }, ctx) => checkin.checkInByPass(ctx, sessionId, token)),
    defineConsoleHandler(cfns.undoCheckIn, async ({ reservationId }, ctx) => checkin.undoCheckInOf(ctx, reservationId)),
    defineConsoleHandler(cfns.getCheckInCounts, async ({ sessionId }, ctx) => checkin.checkInCountsOf(ctx.db, sessionId)),
  ];
}
