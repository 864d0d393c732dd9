// The terms version of the auth domain: the configured version (kept per process), publishing the next one, a
// member's acceptance. Reached through service.ts, the domain's public module.
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../core/handler.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import * as data from './data.ts';

export async function getTermsVersion(db: Db): Promise<number> {
  const value = Number((await data.termsVersionValue(db)) ?? 1);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/**
 * How long a process trusts the terms version it read when it hears no change notifications (no change feed): the
 * console's publishing reaches every call within this. With a live change feed a process keeps the version until the
 * config table changes, so the next call anywhere sees a new version (issue 18).
 */
export const TERMS_VERSION_CACHE_MS = 10_000;
const termsVersionCache = new WeakMap<Db, { value: number; readAt: number; epoch: number | null }>();

/** The configured terms version, read at most every TERMS_VERSION_CACHE_MS per database (the entry asks on every call). */
export async function currentTermsVersion(db: Db, now: Date, feed?: ChangeFeed): Promise<number> {
  const cached = termsVersionCache.get(db);
  if (feed) {
    // The epoch is taken before the read: a change committed while reading makes the kept value old at once.
    const epoch = feed.live ? feed.epoch(['config']) : null;
    if (epoch !== null && cached?.epoch === epoch) return cached.value;
    const value = await getTermsVersion(db);
    if (epoch !== null) termsVersionCache.set(db, { value, readAt: now.getTime(), epoch });
    else termsVersionCache.delete(db);
    return value;
  }
  if (cached && cached.epoch === null && now.getTime() - cached.readAt >= 0 && now.getTime() - cached.readAt < TERMS_VERSION_CACHE_MS) {
    return cached.value;
  }
  const value = await getTermsVersion(db);
  termsVersionCache.set(db, { value, readAt: now.getTime(), epoch: null });
  return value;
}

/**
 * Publishes the next terms version (the operator console, decision 123): members below it must accept it at their next
 * call; this process forgets the version it kept at once, other processes at their next call (the config table's change
 * notification; without a change feed within TERMS_VERSION_CACHE_MS). False when the
 * current version is no longer `version - 1`.
 */
export async function publishNextTermsVersion(db: Db, version: number): Promise<boolean> {
  const raised = await data.raiseTermsVersion(db, version - 1, version);
  if (raised) termsVersionCache.delete(db);
  return raised;
}

/** Records the terms version a member accepted (never lower than one they accepted before); the version kept. */
export async function acceptTerms(db: Db, user: AuthUser, termsVersion: number): Promise<number> {
  const accepted = Math.max(termsVersion, user.acceptedTermsVersion);
  await data.setAcceptedTermsVersion(db, user.id, accepted);
  return accepted;
}
