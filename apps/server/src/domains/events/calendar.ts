import crypto from 'node:crypto';
import { normaliseLocale, type Locale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessionEntry } from './session-entry.ts';
import { calendarKey, reservedSessionEntry } from './data/calendar.ts';

/**
 * Add-to-calendar files (.ics, RFC 5545) for a reserved session (docs/decisions/024-calendar-links.md).
 * A browser download cannot carry the bearer token, so a function hands out a short-lived link signed with
 * HMAC-SHA256 under a key kept in the database (shared by every server process); the route checks the
 * signature, the expiry and that the reservation is still active.
 */
export const CALENDAR_LINK_LIFETIME_MS = 5 * 60 * 1000;
export const CALENDAR_ROUTE = '/api/events/calendar';

const cachedKeys = new WeakMap<Db, Buffer>();
/** The HMAC key of calendar links and feeds, shared by every server process through the database. */
export async function signingKey(db: Db): Promise<Buffer> {
  const cached = cachedKeys.get(db);
  if (cached) return cached;
  const secret = await calendarKey(db);
  if (secret === null) throw new Error('event_calendar_keys has no key');
  const key = Buffer.from(secret, 'utf8');
  cachedKeys.set(db, key);
  return key;
}

interface LinkClaims {
  u: number;
  s: number;
  l: Locale;
  x: number;
}

const mac = (key: Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest('base64url');

export async function signCalendarLink(db: Db, claims: LinkClaims): Promise<string> {
  const data = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${data}.${mac(await signingKey(db), data)}`;
}

export async function verifyCalendarLink(db: Db, token: string, now: number): Promise<LinkClaims | null> {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, data, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(await signingKey(db), data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as LinkClaims;
    if (!Number.isInteger(claims.u) || !Number.isInteger(claims.s) || typeof claims.x !== 'number' || claims.x < now) return null;
    return { ...claims, l: normaliseLocale(claims.l) };
  } catch {
    return null;
  }
}

/** TEXT value escaping of RFC 5545 §3.3.11. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** UTC date-time form (…Z), which needs no VTIMEZONE; calendars show it in Asia/Tokyo or wherever the user is. */
export function icsDate(msValue: number): string {
  return new Date(msValue)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface CalendarEntry {
  uid: string;
  start: number;
  end: number;
  stamp: number;
  summary: string;
  location: string | null;
  url: string | null;
  description: string;
}

export function buildIcs(entry: CalendarEntry): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hibi//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${icsDate(entry.stamp)}`,
    `DTSTART:${icsDate(entry.start)}`,
    `DTEND:${icsDate(entry.end)}`,
    `SUMMARY:${escapeText(entry.summary)}`,
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    `DESCRIPTION:${escapeText(entry.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** An entry's description: the event, an online session's join link for the member who booked it (decision 178), the page. */
export function calendarDescription(entry: { eventTitle: string; joinUrl: string | null }, pageUrl: string, locale: Locale): string {
  const join = entry.joinUrl ? [`${locale === 'ja' ? '参加リンク' : 'Join online'}: ${entry.joinUrl}`] : [];
  return [entry.eventTitle, ...join, pageUrl].join('\n');
}

/** The .ics file a verified link names, or why there is none. */
export async function calendarFile(
  db: Db,
  config: Config,
  token: string,
  now: () => Date,
): Promise<{ file: string; body: string } | { error: 'notFound' | 'noReservation' }> {
  const claims = await verifyCalendarLink(db, token, now().getTime());
  if (!claims) return { error: 'notFound' };
  const l = claims.l;
  const row = await reservedSessionEntry(db, claims.s, claims.u, l);
  if (!row) return { error: 'noReservation' };
  const entry = sessionEntry(row, l);
  const pageUrl = `${config.appBaseUrl}/events/${entry.eventId}`;
  const body = buildIcs({
    uid: `event-${entry.eventId}-session-${claims.s}-user-${claims.u}@hibi`,
    start: entry.startMs,
    end: entry.endMs,
    stamp: now().getTime(),
    summary: entry.summary,
    location: entry.place,
    url: pageUrl,
    description: calendarDescription(entry, pageUrl, l),
  });
  return { file: `hibi-event-${entry.eventId}-${claims.s}.ics`, body };
}
