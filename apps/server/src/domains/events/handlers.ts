import * as fns from '@hibi/contract/functions/events';
import type { AuthUser, Handler } from '../../core/handler.ts';
import type { ReservationAnswer } from '@hibi/contract/functions/events';
import type { Db } from '../../db/client.ts';
import { defineHandler, failure } from '../../core/handler.ts';
import type { Config } from '../../config.ts';
import { checkAnswers } from './rules.ts';
import { cancel, findVisibleEventId, getEventDetail, listEvents, listReservingEvents, loadQuestions, reserve, setFavorite } from './service.ts';
import { CALENDAR_LINK_LIFETIME_MS, CALENDAR_ROUTE, signCalendarLink } from './calendar.ts';
import { feedUrl, resetFeed } from './feed.ts';
import { joinWaitingList, leaveWaitingList, promoteFromWaitingList } from './waiting.ts';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/query.ts';

/**
 * The checks a booking and a place in line share: the event is visible to the caller, and the answers fit its
 * questions. An unknown session is reported before the answers: the answers could not fit it anyway.
 */
async function visibleEventAnswers(db: Db, user: AuthUser, now: Date, eventID: number, sessionID: number, body: ReservationAnswer[]) {
  if (!(await findVisibleEventId(db, user, now, eventID))) return { ok: false as const, code: 'eventNotFound' as const };
  const checked = checkAnswers(await loadQuestions(db, eventID, 'ja'), body);
  if (checked.ok) return { ok: true as const, answers: checked.answers };
  const [session] = await rows(db, sql`SELECT id FROM event_sessions WHERE id = ${sessionID} AND event_id = ${eventID}`);
  return { ok: false as const, code: session ? checked.problem : ('sessionNotFound' as const) };
}

/** Handlers of the events domain, one per function in the contract's functions/events.ts. */
export function eventsHandlers(config: Config): Handler[] {
  return [
    defineHandler(fns.getEvents, async (p, ctx) => ({
      events: await listEvents(ctx.db, ctx.user, ctx.locale, ctx.now(), p),
    })),

    defineHandler(fns.getReservingEvents, async (p, ctx) => ({
      events: await listReservingEvents(ctx.db, ctx.user, ctx.locale, ctx.now(), p.offset, p.perPage),
    })),

    defineHandler(fns.getEventByID, async ({ eventID }, ctx) => {
      const event = await getEventDetail(ctx.db, ctx.user, ctx.locale, ctx.now(), eventID);
      return event ? { event } : failure('notFound');
    }),

    defineHandler(fns.reserveEvent, async ({ eventID, sessionID, body }, ctx) => {
      const now = ctx.now();
      const checked = await visibleEventAnswers(ctx.db, ctx.user, now, eventID, sessionID, body);
      if (!checked.ok) return failure(checked.code);
      const result = await reserve(ctx.db, ctx.user.id, eventID, sessionID, checked.answers, now);
      return result.ok ? { reservationID: result.reservationID } : failure(result.code as (typeof fns.RESERVE_ERROR_CODES)[number]);
    }),

    defineHandler(fns.cancelEventReservation, async ({ eventID, sessionID }, ctx) => {
      const now = ctx.now();
      if (!(await findVisibleEventId(ctx.db, ctx.user, now, eventID))) return failure('eventNotFound');
      // The freed seat goes to the first in line, in the same transaction (docs/decisions/081).
      const result = await cancel(ctx.db, ctx.user.id, eventID, sessionID, now, (t) =>
        promoteFromWaitingList(t, eventID, sessionID, now, config.appBaseUrl),
      );
      return result.ok ? {} : failure(result.code as (typeof fns.CANCEL_ERROR_CODES)[number]);
    }),

    defineHandler(fns.favoriteContent, async ({ relObjectID, favorite }, ctx) => {
      if (!(await findVisibleEventId(ctx.db, ctx.user, ctx.now(), relObjectID))) return failure('notFound');
      await setFavorite(ctx.db, ctx.user.id, relObjectID, favorite);
      return { isFavorited: favorite };
    }),

    defineHandler(fns.getEventCalendarUrl, async ({ eventID, sessionID }, ctx) => {
      const [reservation] = await rows(
        ctx.db,
        sql`SELECT r.id FROM event_reservations r JOIN events e ON e.id = r.event_id
            WHERE r.event_id = ${eventID} AND r.session_id = ${sessionID} AND r.user_id = ${ctx.user.id} AND r.cancelled_at IS NULL`,
      );
      if (!reservation) return failure('noReservation');
      const expiresAt = ctx.now().getTime() + CALENDAR_LINK_LIFETIME_MS;
      const token = await signCalendarLink(ctx.db, { u: ctx.user.id, s: sessionID, l: ctx.locale, x: expiresAt });
      return { url: `${CALENDAR_ROUTE}/${token}/hibi-event-${eventID}.ics`, expiresAt };
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
