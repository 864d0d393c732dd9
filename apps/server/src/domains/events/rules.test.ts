import { describe, expect, it } from 'vitest';
import { startOfTokyoDay } from '@hibi/contract/time';
import { checkAnswers, isOneDay, reserveStatus, sessionButton, type SessionState } from './rules.ts';
import { buildIcs, escapeText, foldLine, icsDate } from './calendar.ts';

const NOW = Date.UTC(2026, 10, 21, 3, 0, 0); // 12:00 in Tokyo
const H = 3_600_000;
const session = (over: Partial<SessionState> = {}): SessionState => ({
  reservationType: 1,
  startMs: NOW + 48 * H,
  endMs: NOW + 49 * H,
  capacity: 10,
  reservedCount: 0,
  reservationStartMs: NOW - 24 * H,
  reservationEndMs: NOW + 24 * H,
  externalFull: false,
  ...over,
});

describe('reserveStatus (docs/requirements/events.md#events-reserve-status)', () => {
  const name = (sessions: SessionState[]) => reserveStatus(sessions, NOW, 'ja').status.name;
  it('is none without sessions that need a reservation', () => {
    expect(name([])).toBe('none');
    expect(name([session({ reservationType: 0 })])).toBe('none');
  });
  it('is before, ended, full or available', () => {
    expect(name([session({ reservationStartMs: NOW + H })])).toBe('before');
    expect(name([session({ reservationEndMs: NOW - H })])).toBe('ended');
    expect(name([session({ reservedCount: 10 })])).toBe('full');
    expect(name([session({ reservedCount: 10 }), session({ reservedCount: 3 })])).toBe('available');
    expect(name([session({ capacity: null, reservedCount: 500 })])).toBe('available');
    expect(name([session({ reservationType: 2, externalFull: true })])).toBe('full');
  });
  it('is before again when one window closed and the next has not opened', () => {
    const r = reserveStatus([session({ reservationEndMs: NOW - H }), session({ reservationStartMs: NOW + 5 * H })], NOW, 'en');
    expect(r).toEqual({ status: { name: 'before', text: 'Not open yet' }, date: NOW + 5 * H });
  });
  it('dates: when booking opens, and the deadline while open', () => {
    expect(reserveStatus([session({ reservationStartMs: NOW + H })], NOW, 'ja').date).toBe(NOW + H);
    expect(reserveStatus([session()], NOW, 'ja').date).toBe(NOW + 24 * H);
  });
});

describe('one-day rule and Tokyo days', () => {
  it('treats exactly 86,400,000 ms as one day and a millisecond more as a period', () => {
    expect(isOneDay(0, 86_400_000)).toBe(true);
    expect(isOneDay(0, 86_400_001)).toBe(false);
  });
  it('starts the Tokyo day at 15:00 UTC the day before', () => {
    expect(new Date(startOfTokyoDay(NOW)).toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });
});

describe('session button order (docs/requirements/events.md#events-session-button)', () => {
  it('ended beats participant, which beats external, window, full and reserve', () => {
    expect(sessionButton(session({ startMs: NOW - 2 * H, endMs: NOW - H }), true, NOW)).toEqual({ kind: 'ended', enabled: false });
    expect(sessionButton(session({ reservationEndMs: NOW - H }), true, NOW)).toEqual({ kind: 'cancel', enabled: true });
    expect(sessionButton(session({ reservationType: 2, externalFull: true }), false, NOW)).toEqual({ kind: 'externalFull', enabled: true });
    expect(sessionButton(session({ reservationStartMs: NOW + H, reservedCount: 10 }), false, NOW)).toEqual({ kind: 'notOpen', enabled: false });
    expect(sessionButton(session({ reservedCount: 10 }), false, NOW)).toEqual({ kind: 'full', enabled: false });
    expect(sessionButton(session(), false, NOW)).toEqual({ kind: 'reserve', enabled: true });
    expect(sessionButton(session({ reservationType: 0 }), false, NOW)).toBeNull();
    // Values other than 0 and 2 book in the app (issue 13, finding 9).
    for (const reservationType of [1, 3, 7])
      expect(sessionButton(session({ reservationType }), false, NOW)).toEqual({ kind: 'reserve', enabled: true });
  });
});

describe('answers', () => {
  const qs = [
    { type: 'select' as const, questionnaireIndex: 0, required: true, choices: ['a', 'b'], choiceImages: [] },
    { type: 'images' as const, questionnaireIndex: 1, required: false, choices: [], choiceImages: [{ id: 1, url: '/x.svg' }] },
  ];
  it('accepts, normalises and refuses', () => {
    expect(checkAnswers(qs, [{ questionnaireIndex: 0, answer: 1 }])).toEqual({ ok: true, answers: [{ questionnaireIndex: 0, answer: 1 }] });
    expect(checkAnswers(qs, [{ questionnaireIndex: 0, answer: null }])).toEqual({ ok: false, problem: 'answersRequired' });
    expect(checkAnswers(qs, [{ questionnaireIndex: 0, answer: 2 }])).toEqual({ ok: false, problem: 'answersInvalid' });
    expect(
      checkAnswers(qs, [
        { questionnaireIndex: 0, answer: 0 },
        { questionnaireIndex: 1, answer: 1 },
      ]),
    ).toEqual({ ok: false, problem: 'answersInvalid' });
  });
});

describe('.ics text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'あ'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });
  it('writes UTC times and CRLF line ends', () => {
    expect(icsDate(Date.UTC(2026, 10, 27, 22, 0, 0))).toBe('20261127T220000Z');
    const ics = buildIcs({ uid: 'u@hibi', start: 0, end: 1000, stamp: 0, summary: 'A, B', location: null, url: null, description: 'x' });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('SUMMARY:A\\, B\r\n');
    expect(ics).not.toMatch(/[^\r]\n/);
  });
});
