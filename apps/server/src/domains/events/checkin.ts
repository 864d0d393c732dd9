// Passes and check-in at the door (issue 33, docs/decisions/147-event-check-in.md): a member's pass to the session
// they booked, and operators checking members in from the console's check-in page (with a minute's undo).
import { CHECK_IN_UNDO_MS } from '@hibi/contract/constants';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { Db } from '../../db/client.ts';
import { passCode, passCodeParts, passIdOf, passToken } from '../../lib/pass-token.ts';
import {
  activePassId,
  checkIn,
  checkInCounts,
  type PassRow,
  reservationOfPass,
  reservationsOfCode,
  sessionExists,
  undoCheckIn,
} from './data/attendance.ts';
import { checkInWindow, hasDoorPass } from './rules.ts';

/**
 * A member's pass to a session they hold an active reservation of: the token of its QR code and the short code typed
 * at the door (decision 178); null without one, `online` for a session held only online (no door, no pass).
 */
export async function reservationPass(
  db: Db,
  userId: number,
  eventId: number,
  sessionId: number,
): Promise<{ token: string; code: string } | null | 'online'> {
  const pass = await activePassId(db, eventId, sessionId, userId);
  if (pass === null) return null;
  if (!hasDoorPass(pass.providing_type)) return 'online';
  return { token: passToken(pass.pass_id), code: passCode(pass.pass_id) };
}

const num = (v: number | string) => Math.round(Number(v));

type CheckInFailure = BusinessFailure<'notFound' | 'invalidPass' | 'reservationCancelled' | 'otherSession' | 'checkInNotOpen' | 'checkInClosed'>;

/** The reservation a scanned token or a typed short code names (its MAC checked); undefined for none. */
async function reservationOf(db: Db, sessionId: number, text: string): Promise<PassRow | undefined> {
  const passId = passIdOf(text);
  if (passId !== null) return reservationOfPass(db, passId);
  const code = passCodeParts(text);
  if (!code) return undefined;
  const found = (await reservationsOfCode(db, sessionId, code.idBits)).filter((r) => code.check(r.pass_id));
  // An active reservation before a cancelled one; the open session's before another's.
  return found.find((r) => !r.cancelled && r.session_id === sessionId) ?? found.find((r) => !r.cancelled) ?? found[0];
}

/** The session's counts for the check-in page (decision 178). */
export async function checkInCountsOf(db: Db, sessionId: number) {
  const c = await checkInCounts(db, sessionId);
  if (!c) return failure('notFound');
  const window = checkInWindow(c.startMs, c.endMs);
  return { checkedInCount: c.checkedIn, bookedCount: c.booked, startAt: c.startMs, endAt: c.endMs, opensAt: window.from };
}

/**
 * Checks the member of a pass in at the door of the session open on the operator's page, from CHECK_IN_OPENS_BEFORE_MS
 * before its start until its end (decision 178): a pass is refused days early with when the door opens.
 */
export async function checkInByPass(ctx: ConsoleContext, sessionId: number, token: string) {
  if (!(await sessionExists(ctx.db, sessionId))) return failure('notFound') as CheckInFailure;
  const r = await reservationOf(ctx.db, sessionId, token);
  if (!r) return failure('invalidPass') as CheckInFailure;
  if (r.cancelled) return failure('reservationCancelled', { nickname: r.nickname }) as CheckInFailure;
  if (r.session_id !== sessionId) {
    return failure('otherSession', {
      nickname: r.nickname,
      sessionTitle: { ja: r.session_title_ja, en: r.session_title_en },
      sessionStartAt: num(r.session_start_ms),
    }) as CheckInFailure;
  }
  const window = checkInWindow(num(r.session_start_ms), num(r.session_end_ms));
  const at = ctx.now().getTime();
  if (at < window.from) return failure('checkInNotOpen', { nickname: r.nickname, opensAt: window.from }) as CheckInFailure;
  if (at > window.to) return failure('checkInClosed', { nickname: r.nickname, endedAt: window.to }) as CheckInFailure;
  // Two phones at one door: the statement keeps the first time; a scan that lost the race reads it.
  const done = (await checkIn(ctx.db, r.id, ctx.now())) ?? (await checkIn(ctx.db, r.id, ctx.now()));
  if (!done) return failure('reservationCancelled', { nickname: r.nickname }) as CheckInFailure;
  ctx.note({
    targetType: 'event_reservation',
    targetId: r.id,
    summary: `${done.first ? 'checked in' : 'scanned again, already checked in'} at session ${sessionId} of event ${r.event_id}`,
  });
  const counts = await checkInCounts(ctx.db, sessionId);
  return {
    checkedInCount: counts?.checkedIn ?? 0,
    bookedCount: counts?.booked ?? 0,
    reservationId: r.id,
    nickname: r.nickname,
    eventTitle: { ja: r.event_title_ja, en: r.event_title_en },
    sessionTitle: { ja: r.session_title_ja, en: r.session_title_en },
    checkedInAt: num(done.checked_in_ms),
    alreadyCheckedIn: !done.first,
  };
}

/** Takes a check-in back within a minute (a wrong scan); a little grace for the round trip of the undo button. */
export async function undoCheckInOf(ctx: ConsoleContext, reservationId: number) {
  const since = new Date(ctx.now().getTime() - CHECK_IN_UNDO_MS - 5_000);
  const undone = await undoCheckIn(ctx.db, reservationId, since);
  if (!undone) return failure('undoExpired');
  ctx.note({ targetType: 'event_reservation', targetId: reservationId, summary: `check-in undone at session ${undone.session_id}` });
  const counts = await checkInCounts(ctx.db, undone.session_id);
  return { checkedInCount: counts?.checkedIn ?? 0, bookedCount: counts?.booked ?? 0 };
}
