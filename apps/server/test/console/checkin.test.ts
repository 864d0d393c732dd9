import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatPassCode, PASS_TOKEN_ALPHABET } from '@hibi/contract/constants';
import { rows } from '../../src/db/query.ts';
import { drawQrCodes } from '../../src/mail/templates.ts';
import { createEvent, createMember, type MemberFixture } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 33: a member's pass (getReservationPass) and the check-in at the door (checkInReservation, undoCheckIn):
 * every refusal, bad codes answering 400 with nothing changed, the audit rows, attendance in the console's lists and
 * the CSV.
 */
let clock = Date.now();
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
let support = '';
let owner = '';

beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  support = await t.operatorToken('support@example.com');
  owner = await t.operatorToken('owner@example.com');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const checkedIn = async (reservationId: number) =>
  (
    await rows<{ at: number | null }>(
      db(),
      sql`SELECT (extract(epoch FROM checked_in_at) * 1000)::float8 AS at FROM event_reservations WHERE id = ${reservationId}`,
    )
  )[0]!.at;
const auditCount = async (action: string) =>
  (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`))[0]!.n;

async function booked(m: MemberFixture, eventId: number, sessionId: number) {
  const r = await t.call('reserveEvent', { eventID: eventId, sessionID: sessionId }, m.token);
  expect(r.body.succeed).toBe(true);
  const pass = await t.call('getReservationPass', { eventID: eventId, sessionID: sessionId }, m.token);
  expect(pass.body.succeed).toBe(true);
  return { reservationId: r.body.reservationID, token: pass.body.token };
}

describe('passes (issue 33)', () => {
  it('gives a member a compact signed token for their own reservation only', async () => {
    const { eventId, sessionIds } = await createEvent(db(), {
      title: 'Pass rules',
      sessions: [
        { capacity: 5, startsIn: 24 },
        { capacity: 5, startsIn: 48 },
      ],
    });
    const [s1, s2] = sessionIds as [number, number];
    const a = await createMember(db());
    const b = await createMember(db());
    expect((await t.call('getReservationPass', { eventID: eventId, sessionID: s1 }, a.token)).body.errorCode).toBe('noReservation');
    expect((await t.callRaw('getReservationPass', { eventID: eventId, sessionID: s1 })).status).toBe(401);
    const { reservationId, token } = await booked(a, eventId, s1);
    // 26 characters of Crockford's alphabet, the same every time, revealing neither the reservation nor the member.
    expect(token).toHaveLength(26);
    expect([...token].every((c) => PASS_TOKEN_ALPHABET.includes(c))).toBe(true);
    expect(token).not.toContain(String(reservationId));
    expect((await t.call('getReservationPass', { eventID: eventId, sessionID: s1 }, a.token)).body.token).toBe(token);
    // Not for another member, another session, another event.
    expect((await t.call('getReservationPass', { eventID: eventId, sessionID: s1 }, b.token)).body.errorCode).toBe('noReservation');
    expect((await t.call('getReservationPass', { eventID: eventId, sessionID: s2 }, a.token)).body.errorCode).toBe('noReservation');
    expect((await t.call('getReservationPass', { eventID: eventId + 100_000, sessionID: s1 }, a.token)).body.errorCode).toBe('noReservation');
    // Each reservation has its own pass.
    const other = await booked(b, eventId, s1);
    expect(other.token).not.toBe(token);
  });
});

describe('check-in at the door (issue 33)', () => {
  it('checks in once, says so on the second scan, and audits both; support and owners may too', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Door', sessions: [{ capacity: 5, startsIn: 1 }] });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const { reservationId, token } = await booked(a, eventId, s);
    const before = await auditCount('checkInReservation');
    const first = await t.consoleCall('checkInReservation', { sessionId: s, token }, { token: editor });
    expect(first.body).toMatchObject({
      succeed: true,
      reservationId,
      alreadyCheckedIn: false,
      eventTitle: { ja: 'Door（日本語）', en: 'Door' },
      sessionTitle: { ja: '回1', en: 'Session 1' },
      checkedInAt: clock,
    });
    expect(first.body.nickname).toMatch(/^メンバー/);
    expect(await checkedIn(reservationId)).toBe(clock);
    // A code read aloud and typed: lower case, hyphens, O for 0 and L for 1 all mean the same pass.
    const typed = formatPassCode(token).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    clock += 5_000;
    const second = await t.consoleCall('checkInReservation', { sessionId: s, token: typed }, { token: support });
    expect(second.body).toMatchObject({ succeed: true, alreadyCheckedIn: true, checkedInAt: clock - 5_000 });
    const third = await t.consoleCall('checkInReservation', { sessionId: s, token }, { token: owner });
    expect(third.body).toMatchObject({ succeed: true, alreadyCheckedIn: true });
    expect(await auditCount('checkInReservation')).toBe(before + 3);
    const [row] = await rows<{ target_id: string; summary: string }>(
      db(),
      sql`SELECT target_id, summary FROM audit_log WHERE action = 'checkInReservation' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ target_id: String(reservationId) });
    expect(row!.summary).toContain('already checked in');
    expect(row!.summary).not.toContain(token);
  });

  it('refuses a cancelled reservation, another session and a tampered or unknown pass, changing nothing', async () => {
    const { eventId, sessionIds } = await createEvent(db(), {
      title: 'Refusals',
      sessions: [
        { capacity: 5, startsIn: 2 },
        { capacity: 5, startsIn: 30 },
      ],
    });
    const [s1, s2] = sessionIds as [number, number];
    const a = await createMember(db());
    const b = await createMember(db());
    const pa = await booked(a, eventId, s1);
    const pb = await booked(b, eventId, s2);
    // Another session than the one open: the pass's session comes along for the door to say.
    const other = await t.consoleCall('checkInReservation', { sessionId: s1, token: pb.token }, { token: editor });
    expect(other.body).toMatchObject({ succeed: false, errorCode: 'otherSession', sessionTitle: { ja: '回2', en: 'Session 2' } });
    expect(await checkedIn(pb.reservationId)).toBeNull();
    // A tampered token: every single changed character is refused.
    for (const i of [0, 7, 15, 25]) {
      const c = pa.token[i]!;
      const swapped = pa.token.slice(0, i) + (c === 'A' ? 'B' : 'A') + pa.token.slice(i + 1);
      const r = await t.consoleCall('checkInReservation', { sessionId: s1, token: swapped }, { token: editor });
      expect(r.body.errorCode, `position ${i}`).toBe('invalidPass');
    }
    // The last character's spare bits: another text of the same bytes is not the pass either.
    const last = PASS_TOKEN_ALPHABET.indexOf(pa.token[25]!);
    const spare = pa.token.slice(0, 25) + PASS_TOKEN_ALPHABET[last ^ 1]!;
    expect((await t.consoleCall('checkInReservation', { sessionId: s1, token: spare }, { token: editor })).body.errorCode).toBe('invalidPass');
    // Moving a pass: the id part of one with the MAC part of another.
    const moved = pb.token.slice(0, 13) + pa.token.slice(13);
    expect((await t.consoleCall('checkInReservation', { sessionId: s1, token: moved }, { token: editor })).body.errorCode).toBe('invalidPass');
    expect((await t.consoleCall('checkInReservation', { sessionId: s1, token: '0'.repeat(26) }, { token: editor })).body.errorCode).toBe(
      'invalidPass',
    );
    expect(await checkedIn(pa.reservationId)).toBeNull();
    // A pass of a cancelled reservation.
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s1 }, a.token)).body.succeed).toBe(true);
    const cancelled = await t.consoleCall('checkInReservation', { sessionId: s1, token: pa.token }, { token: editor });
    expect(cancelled.body.errorCode).toBe('reservationCancelled');
    expect(await checkedIn(pa.reservationId)).toBeNull();
    // Booking again gives a new pass; the old one stays refused.
    const again = await booked(a, eventId, s1);
    expect(again.token).not.toBe(pa.token);
    expect((await t.consoleCall('checkInReservation', { sessionId: s1, token: pa.token }, { token: editor })).body.errorCode).toBe(
      'reservationCancelled',
    );
    expect((await t.consoleCall('checkInReservation', { sessionId: s1, token: again.token }, { token: editor })).body.succeed).toBe(true);
    // An unknown session.
    expect((await t.consoleCall('checkInReservation', { sessionId: 2_000_000_000, token: pb.token }, { token: editor })).body.errorCode).toBe(
      'notFound',
    );
  });

  it('answers 400 to an empty, oversized or non-token code, 401 and 403 to the wrong caller, and changes nothing', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Bad codes', sessions: [{ capacity: 5, startsIn: 3 }] });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const { reservationId, token } = await booked(a, eventId, s);
    const bad: unknown[] = [
      '',
      '   ',
      '-',
      token + token,
      'x'.repeat(10_000),
      'https://example.com/not-a-pass',
      token.slice(0, 25),
      token.slice(0, 25) + 'U',
      `${token.slice(0, 10)}\u0000${token.slice(10)}`,
      `${token}\u202e`,
      '\ud800' + token.slice(1),
      12345,
      null,
    ];
    for (const value of bad) {
      const r = await t.consoleRaw('checkInReservation', { sessionId: s, token: value }, { token: editor });
      expect(r.status, JSON.stringify(value).slice(0, 40)).toBe(400);
      expect(r.body.errorCode).toBe('validationError');
    }
    const en = await t.consoleRaw('checkInReservation', { sessionId: s, token: 'hello', locale: 'en' }, { token: editor });
    expect(en.body.validationErrorMessage).toEqual(['This is not the code of a Hibi pass (10 letters and digits)']);
    expect((await t.consoleRaw('checkInReservation', { sessionId: s, token })).status).toBe(401);
    expect((await t.consoleRaw('checkInReservation', { sessionId: s, token }, { token: a.token })).status).toBe(401);
    expect(await checkedIn(reservationId)).toBeNull();
  });

  it('undoes a check-in within a minute, and only then', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Undo', sessions: [{ capacity: 5, startsIn: 2 }] });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const { reservationId, token } = await booked(a, eventId, s);
    expect((await t.consoleCall('undoCheckIn', { reservationId }, { token: editor })).body.errorCode).toBe('undoExpired');
    await t.consoleCall('checkInReservation', { sessionId: s, token }, { token: editor });
    clock += 30_000;
    const before = await auditCount('undoCheckIn');
    expect((await t.consoleCall('undoCheckIn', { reservationId }, { token: support })).body.succeed).toBe(true);
    expect(await checkedIn(reservationId)).toBeNull();
    expect(await auditCount('undoCheckIn')).toBe(before + 1);
    // Checked in again: the new time counts; after a minute it stays.
    expect((await t.consoleCall('checkInReservation', { sessionId: s, token }, { token: editor })).body.alreadyCheckedIn).toBe(false);
    clock += 70_000;
    expect((await t.consoleCall('undoCheckIn', { reservationId }, { token: editor })).body.errorCode).toBe('undoExpired');
    expect(await checkedIn(reservationId)).not.toBeNull();
    expect((await t.consoleRaw('undoCheckIn', { reservationId: 'x' }, { token: editor })).status).toBe(400);
  });

  it('shows attendance in the session list, the event list and the CSV', async () => {
    const title = `Attendance ${process.pid}`;
    const { eventId, sessionIds } = await createEvent(db(), { title, sessions: [{ capacity: 5, startsIn: 2 }] });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const b = await createMember(db());
    const pa = await booked(a, eventId, s);
    await booked(b, eventId, s);
    await t.consoleCall('checkInReservation', { sessionId: s, token: pa.token }, { token: editor });
    const list = await t.consoleCall('listSessionReservations', { eventId, sessionId: s }, { token: support });
    expect(list.body.reservations.map((r) => [r.email, r.checkedInAt])).toEqual([
      [a.email, clock],
      [b.email, null],
    ]);
    const events = await t.consoleCall('listConsoleEvents', { query: title }, { token: editor });
    expect(events.body.events.map((e) => [e.reservedCount, e.checkedInCount])).toEqual([[2, 1]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportReservations',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
      payload: JSON.stringify({ eventId }),
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    const col = header.findIndex((h) => h.includes('checkedInAt'));
    expect(col).toBeGreaterThan(0);
    expect(lines[1]!.split(',')[col]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(lines[2]!.split(',')[col]).toBe('');
  });
});

describe('the pass in the booking mails (issue 33)', () => {
  const mails = (to: string, kind: string) =>
    rows<{ text_body: string; html_body: string }>(
      db(),
      sql`SELECT text_body, html_body FROM mail_outbox WHERE to_address = ${to} AND kind = ${kind} ORDER BY id`,
    );

  it('a seat from the waiting list and the reminder carry the member’s pass: its code and its QR code', async () => {
    const { eventId, sessionIds } = await createEvent(db(), { title: 'Mailed pass', sessions: [{ capacity: 1, startsIn: 2 }], now: clock });
    const [s] = sessionIds as [number];
    const a = await createMember(db());
    const b = await createMember(db());
    await booked(a, eventId, s);
    expect((await t.call('joinWaitingList', { eventID: eventId, sessionID: s }, b.token)).body.succeed).toBe(true);
    expect((await t.call('cancelEventReservation', { eventID: eventId, sessionID: s }, a.token)).body.succeed).toBe(true);
    const { token: pass, code } = (await t.call('getReservationPass', { eventID: eventId, sessionID: s }, b.token)).body;
    const [promoted] = await mails(b.email, 'seatPromoted');
    // The short code to type (decision 178) under the QR code of the token.
    expect(promoted!.text_body).toContain(`パスのコード: ${formatPassCode(code)}`);
    expect(promoted!.html_body).toContain(formatPassCode(code));
    // The outbox keeps a marker where the QR code goes; the sender draws it as black runs, no image (decision 150).
    expect(promoted!.html_body).toContain(`<!--hibi-qr:${pass}-->`);
    const drawn = drawQrCodes(promoted!.html_body);
    expect(drawn).toContain('background:#000000');
    expect(drawn).not.toContain('<img');
    expect(drawn).not.toContain('<!--hibi-qr:');

    // The member asks for the hour-before reminder.
    await db().execute(sql`UPDATE users SET reminder_hour_before = TRUE WHERE id = ${b.id}`);
    const { sendDueReminders } = await import('../../src/domains/events/service.ts');
    await sendDueReminders(db(), t.config, new Date(clock + 61 * 60_000));
    const [reminder] = await mails(b.email, 'reminderHour');
    expect(reminder!.text_body).toContain(formatPassCode(code));
    expect(await mails(a.email, 'reminderHour')).toEqual([]);
  });
});
