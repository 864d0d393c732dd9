// Passes and check-in at the door (issue 33, docs/decisions/147-event-check-in.md): a member's pass to the session
// they booked, and operators checking members in from the console's check-in page (with a minute's undo).
import { CHECK_IN_UNDO_MS } from '@hibi/contract/constants';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { Db } from '../../db/client.ts';
import { passIdOf, passToken } from '../../lib/pass-token.ts';
import { activePassId, checkIn, reservationOfPass, sessionExists, undoCheckIn } from './data/attendance.ts';

/** The token of a member's pass to a session they hold an active reservation of; null without one. */
export async function reservationPass(db: Db, userId: number, eventId: number, sessionId: number): Promise<string | null> {
  const passId = await activePassId(db, eventId, sessionId, userId);
  return passId === null ? null : passToken(passId);
}

const num = (v: number | string) => Math.round(Number(v));

type CheckInFailure = BusinessFailure<'notFound' | 'invalidPass' | 'reservationCancelled' | 'otherSession'>;

/** Checks the member of a pass in at the door of the session open on the operator's page. */
export async function checkInByPass(ctx: ConsoleContext, sessionId: number, token: string) {
  if (!(await sessionExists(ctx.db, sessionId))) return failure('notFound') as CheckInFailure;
  const passId = passIdOf(token);
  const r = passId === null ? undefined : await reservationOfPass(ctx.db, passId);
  if (!r) return failure('invalidPass') as CheckInFailure;
  if (r.cancelled) return failure('reservationCancelled', { nickname: r.nickname }) as CheckInFailure;
  if (r.session_id !== sessionId) {
    return failure('otherSession', {
      nickname: r.nickname,
      sessionTitle: { ja: r.session_title_ja, en: r.session_title_en },
      sessionStartAt: num(r.session_start_ms),
    }) as CheckInFailure;
  }
  // Two phones at one door: the statement keeps the first time; a scan that lost the race reads it.
  const done = (await checkIn(ctx.db, r.id, ctx.now())) ?? (await checkIn(ctx.db, r.id, ctx.now()));
  if (!done) return failure('reservationCancelled', { nickname: r.nickname }) as CheckInFailure;
  ctx.note({
    targetType: 'event_reservation',
    targetId: r.id,
    summary: `${done.first ? 'checked in' : 'scanned again, already checked in'} at session ${sessionId} of event ${r.event_id}`,
  });
  return {
    reservationId: r.id,
    nickname: r.nickname,
    eventTitle: { ja: r.event_title_ja, en: r.event_title_en },
    sessionTitle: { ja: r.session_title_ja, en: r.session_title_en },
    checkedInAt: num(done.checked_in_ms),
    alreadyCheckedIn: !done.first,
  };
}

/** Takes a check-in back within a minute (a wrong scan); a little grace for the round trip of the undo button. */
export async function undoCheckInOf(ctx: ConsoleContext, reservationId: number): Promise<Record<string, never> | BusinessFailure<'undoExpired'>> {
  const since = new Date(ctx.now().getTime() - CHECK_IN_UNDO_MS - 5_000);
  const undone = await undoCheckIn(ctx.db, reservationId, since);
  if (!undone) return failure('undoExpired');
  ctx.note({ targetType: 'event_reservation', targetId: reservationId, summary: `check-in undone at session ${undone.session_id}` });
  return {};
}
