import crypto from 'node:crypto';
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { normaliseLocale, type Locale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { calendarDescription, signingKey } from './calendar.ts';
import { sessionEntry } from './session-entry.ts';
import { feedEntries, feedGeneration, feedOwnerLocale, nextFeedGeneration } from './data/calendar.ts';

/**
 * The private calendar feed (docs/decisions/081-waiting-list-reminders-feed.md): an iCalendar (RFC 5545) subscription
 * of a member's reservations, made with ical-generator. Its URL is /api/calendar/feed/{user}-{generation}-{mac}.ics:
 * the MAC (HMAC-SHA256 under the calendar key) proves the server made it, the generation stored for the member
 * says it is the current one. A reset moves the generation on, so every earlier URL answers 404.
 */
export const FEED_ROUTE = '/api/calendar/feed';
const TZ = 'Asia/Tokyo';
/** Japan has kept +09:00 without daylight saving since 1952: one STANDARD block says it all. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Tokyo',
  'X-LIC-LOCATION:Asia/Tokyo',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:JST',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');
/** Reservations the feed carries: those of sessions that ended at most this long ago, and every later one. */
const FEED_HISTORY_DAYS = 90;
const FEED_MAX_ENTRIES = 500;

const mac = (key: Buffer, userId: number, generation: number) =>
  crypto.createHmac('sha256', key).update(`feed:${userId}:${generation}`).digest('base64url');

async function urlOf(db: Db, config: Config, userId: number, generation: number): Promise<string> {
  return `${config.appBaseUrl}${FEED_ROUTE}/${userId}-${generation}-${mac(await signingKey(db), userId, generation)}.ics`;
}

/** The member's feed URL; the first call makes the feed. */
export async function feedUrl(db: Db, config: Config, userId: number, now: Date): Promise<string> {
  return urlOf(db, config, userId, await feedGeneration(db, userId, now));
}

/** A new URL; the old ones stop working at once. */
export async function resetFeed(db: Db, config: Config, userId: number, now: Date): Promise<string> {
  return urlOf(db, config, userId, await nextFeedGeneration(db, userId, now));
}

/** The member a feed file name belongs to, if it is their current feed; null otherwise. */
export async function verifyFeed(db: Db, file: string, now: Date): Promise<{ userId: number; locale: Locale } | null> {
  const m = /^(\d{1,9})-(\d{1,9})-([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  if (!m) return null;
  const userId = Number(m[1]);
  const generation = Number(m[2]);
  const expected = Buffer.from(mac(await signingKey(db), userId, generation));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const locale = await feedOwnerLocale(db, userId, generation, now);
  return locale !== null ? { userId, locale: normaliseLocale(locale) } : null;
}

/** The feed's text: every active reservation of the member (cancelled ones are gone), in Asia/Tokyo. */
export async function buildFeed(db: Db, config: Config, userId: number, locale: Locale, now: Date): Promise<string> {
  const since = new Date(now.getTime() - FEED_HISTORY_DAYS * 24 * 3600_000).toISOString();
  const found = await feedEntries(db, userId, locale, since, FEED_MAX_ENTRIES);
  const calendar = ical({
    name: locale === 'ja' ? 'Hibi イベントの予約' : 'Hibi event bookings',
    prodId: { company: 'Hibi', product: 'Events', language: locale === 'ja' ? 'JA' : 'EN' },
    timezone: { name: null, generator: (tz) => (tz === TZ ? VTIMEZONE : null) },
    ttl: 60 * 60,
  });
  for (const r of found) {
    const entry = sessionEntry(r, locale);
    const pageUrl = `${config.appBaseUrl}/events/${entry.eventId}`;
    calendar.createEvent({
      id: `reservation-${r.reservation_id}@hibi`,
      start: DateTime.fromMillis(entry.startMs),
      end: DateTime.fromMillis(entry.endMs),
      timezone: TZ,
      stamp: new Date(Number(r.created_ms)),
      summary: entry.summary,
      location: entry.place,
      url: pageUrl,
      description: calendarDescription(entry, pageUrl, locale),
    });
  }
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (ical-generator leaves it off).
  return `${calendar.toString().replace(/\r?\n$/, '')}\r\n`;
}

/** The feed a file name stands for, or null for a stranger's, tampered or revoked URL. */
export async function feedFile(db: Db, config: Config, file: string, now: () => Date): Promise<string | null> {
  const at = now();
  const feed = await verifyFeed(db, file, at);
  if (!feed) return null;
  return buildFeed(db, config, feed.userId, feed.locale, at);
}
