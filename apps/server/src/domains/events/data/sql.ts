// The events domain's data modules (data/*.ts, decision 157) share these SQL fragments and row types: who sees an
// event, a text column in the caller's language, times as epoch ms, and a session as calendar entries and mails
// name it. Each statement lives in the module of what it serves.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';

/** Who asks, as far as visibility and their own flags go: a guest (null), or a member with or without a corporate contract. */
export type Caller = { id: number; corporate: boolean } | null;

/** A content text column in the caller's language: English falls back to Japanese. */
export function loc(alias: string, column: string, locale: Locale): SQL {
  return sql.raw(locale === 'en' ? `COALESCE(NULLIF(${alias}.${column}_en, ''), ${alias}.${column}_ja)` : `${alias}.${column}_ja`);
}

/**
 * A timestamp column as whole epoch milliseconds (float8). PostgreSQL keeps microseconds: a time written by SQL
 * (`now()`, an import) would otherwise answer a fraction, which the contract's integer times refuse.
 */
export const ms = (alias: string, column: string) => sql.raw(`floor(extract(epoch FROM ${alias}.${column}) * 1000)::float8`);

/** What a calendar entry or an event mail shows of a session (aliases e and s), in a language. */
export const sessionEntryColumns = (locale: Locale) =>
  sql`e.id AS event_id, ${loc('e', 'title', locale)} AS event_title, ${loc('s', 'title', locale)} AS session_title,
    ${loc('e', 'place', locale)} AS place, s.providing_type, ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms,
    s.reservation_type, s.url`;

export interface SessionEntryRow {
  event_id: number;
  event_title: string;
  session_title: string;
  place: string | null;
  providing_type: number;
  start_ms: number;
  end_ms: number;
  /** With `url`: an online session's join link (rules.ts joinUrlOf), only ever shown to a member who booked it. */
  reservation_type?: number;
  url?: string | null;
}

/** Who may see an event: published, and contract-only events only for callers with a corporate contract. */
export function visibleTo(caller: Caller, now: Date): SQL {
  const corporate = caller?.corporate ?? false;
  return sql`e.published_at <= ${now.toISOString()} AND (NOT e.contract_only OR ${corporate})`;
}

/** A session's seats, times and booking window (sessionColumns). */
export interface SessionRow {
  id: number;
  title: string;
  providing_type: number;
  reservation_type: number;
  start_ms: number;
  end_ms: number;
  capacity: number | null;
  entry_unit_type: number;
  reserved_count: number;
  rstart_ms: number | null;
  rend_ms: number | null;
  url: string | null;
  external_full: boolean;
}

/** The columns of SessionRow for session `s`, its title in a language. */
export const sessionColumns = (locale: Locale) =>
  sql`s.id, ${loc('s', 'title', locale)} AS title, s.providing_type, s.reservation_type,
    ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms, s.capacity, s.entry_unit_type, s.reserved_count,
    ${ms('s', 'reservation_start_at')} AS rstart_ms, ${ms('s', 'reservation_end_at')} AS rend_ms, s.url, s.external_full`;
