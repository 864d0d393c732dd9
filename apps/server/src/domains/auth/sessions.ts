// Sign-in sessions of the auth domain: creating them, noting their calls (SessionTouches), looking them up
// (SessionLookups, SessionCache), resolving a bearer token to its member, ending and pruning them. Reached through
// service.ts, the domain's public module.
import { SESSION_LIFETIME_MS } from '@hibi/contract/constants';
import { AsyncLocalStorage } from 'node:async_hooks';
import { normaliseLocale } from '@hibi/contract/protocol';
import type { SessionUser, TenantContract } from '@hibi/contract/functions/auth';
import type { Db } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AuthUser } from '../../core/handler.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import { outsideAnyCall } from '../../db/deadline.ts';
import * as data from './data.ts';
import type { TenantRow, UserRow } from './data.ts';

export function toTenantContract(t: TenantRow): TenantContract {
  return {
    contractType: t.contractType,
    corporateContract: t.corporateContract,
    teamMatchEnabled: t.teamMatchEnabled,
    emailDistributionEnabled: t.emailDistributionEnabled,
  };
}

export function toSessionUser(u: Pick<AuthUser, 'id' | 'nickname' | 'profileImageUrl' | 'email' | 'acceptedTermsVersion' | 'locale'>): SessionUser {
  return {
    userID: u.id,
    nickname: u.nickname,
    profileImageUrl: u.profileImageUrl,
    hasEmail: u.email !== null,
    termsVersion: u.acceptedTermsVersion,
    locale: u.locale,
  };
}

/** The account (and its tenant) of a user id: the account a passkey belongs to. */
export const findUserById = data.findUserById;

/** Finds the account behind a login id: an email address or a company-assigned account id. */
export async function findUserByLoginId(db: Db, id: string): Promise<{ user: UserRow; tenant: TenantRow | null } | null> {
  return data.findUserByLoginKey(db, id.trim().toLowerCase());
}

/**
 * How a session was opened (decision 175): with the password (`password`: a passkey may be added without typing it
 * again for a while), or with a passkey (`passkeyId`: the session ends when that passkey is deleted).
 */
export interface SessionOrigin {
  password?: boolean;
  passkeyId?: number;
}

export async function createSession(db: Db, userId: number, now: Date, origin: SessionOrigin = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await data.insertSession(db, userId, hashToken(token), expiresAt, now, origin);
  return { token, expiresAt };
}

/** A session's last call is written at most this often, so a busy member does not cost a write per call. */
export const LAST_USED_WRITE_EVERY_MS = 60_000;

/** How long a session's last call waits to be written with the others of the moment, in one statement. */
export const SESSION_TOUCH_FLUSH_MS = 1000;
/** Sessions per statement at most, and how many wait at most while the database is out of reach. */
const SESSION_TOUCH_BATCH = 1000;
const SESSION_TOUCH_PENDING_MAX = 50_000;

/**
 * The sessions' last calls, written in batches on the writers' connections (issue 31). Written one by one, on the
 * reads' own connection and awaited, each was an UPDATE and a commit inside the call: when 5,000 members came back
 * to a freshly started process, that was 5,000 commits in its first seconds, and reads waited behind them. Now a call
 * only notes its time here; a timer writes what gathered once a second, and a stop writes the rest. What is noted
 * but not written yet counts for the idle timeout in this process (`pendingFor`); the other process sees it a second
 * later, which only matters for a session at the very end of its idle time. A failed write keeps its uses for the
 * next try (up to SESSION_TOUCH_PENDING_MAX sessions; beyond, a session's use is written at its next call).
 */
export class SessionTouches {
  #pending = new Map<number, Date>();
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly everyMs = SESSION_TOUCH_FLUSH_MS,
  ) {}

  /** Session `sessionId` was used at `at`: written with the next batch. */
  touch(sessionId: number, at: Date): void {
    const known = this.#pending.get(sessionId);
    if (known && known.getTime() >= at.getTime()) return;
    if (!known && this.#pending.size >= SESSION_TOUCH_PENDING_MAX) return;
    this.#pending.set(sessionId, at);
    this.#schedule();
  }

  /** The latest use of a session noted here and not written yet. */
  pendingFor(sessionId: number): Date | undefined {
    return this.#pending.get(sessionId);
  }

  /** How many sessions' uses wait to be written. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Writes every noted use now; resolves once they are written or kept again after a failure (never rejects). */
  flush(): Promise<void> {
    this.#chain = this.#chain.then(() => this.#write());
    return this.#chain;
  }

  /** No more timers; writes what is noted. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  #schedule(): void {
    if (this.#timer || this.#stopped) return;
    // Started by a call, run as the process's: the write is not bound by that call's deadline (db/deadline.ts).
    this.#timer = outsideAnyCall(() =>
      setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, this.everyMs),
    );
    this.#timer.unref();
  }

  async #write(): Promise<void> {
    while (this.#pending.size > 0) {
      const batch: { id: number; at: Date }[] = [];
      for (const [id, at] of this.#pending) {
        batch.push({ id, at });
        this.#pending.delete(id);
        if (batch.length === SESSION_TOUCH_BATCH) break;
      }
      try {
        await data.touchSessions(this.db, batch);
      } catch (error) {
        for (const { id, at } of batch) {
          const known = this.#pending.get(id);
          if (!known || known.getTime() < at.getTime()) this.#pending.set(id, at);
        }
        this.onError(error);
        this.#schedule();
        return;
      }
    }
  }
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof data.findLiveSession>>>;

/** Token hashes looked up in one statement at most (a longer queue goes in several). */
const SESSION_LOOKUP_BATCH = 500;

interface Lookup {
  now: Date;
  /** The asking call's context (its deadline and its place in the pool's queue, db/deadline.ts). */
  inCall: <R>(fn: () => R) => R;
  settle: (row: LiveSession | null, error?: unknown) => void;
}

/**
 * The sessions that calls on one pool look up, at most one statement at a time (issue 31, decision 167): lookups that
 * arrive while one is on its way go together in the next, one statement and one connection for all of them. Alone, a
 * lookup goes at once, as before. At a process's start every member's first call looks up its session; one statement
 * per call then held one of the pool's few connections each, and while the event loop was busy each was held for
 * the loop's delay too: the calls queued for connections for seconds.
 *
 * A batch runs in the context of its latest call (db/deadline.ts): it is refused as that call would be, the whole batch
 * with it, when the pool's waits are long or that call's time is over.
 */
export class SessionLookups {
  #queue = new Map<string, Lookup[]>();
  #running = false;

  constructor(readonly db: Db) {}

  find(hash: string, now: Date): Promise<LiveSession | null> {
    return new Promise((resolve, reject) => {
      const lookup: Lookup = {
        now,
        inCall: AsyncLocalStorage.snapshot(),
        settle: (row, error) => (error === undefined ? resolve(row) : reject(error as Error)),
      };
      const waiting = this.#queue.get(hash);
      if (waiting) waiting.push(lookup);
      else this.#queue.set(hash, [lookup]);
      if (!this.#running) void this.#run();
    });
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.size > 0) {
        const batch = new Map<string, Lookup[]>();
        for (const [hash, lookups] of this.#queue) {
          batch.set(hash, lookups);
          this.#queue.delete(hash);
          if (batch.size === SESSION_LOOKUP_BATCH) break;
        }
        const all = [...batch.values()].flat();
        // The earliest time asked: each call checks expiry and idle time against its own afterwards.
        const now = new Date(Math.min(...all.map((l) => l.now.getTime())));
        const latest = all.at(-1)!;
        try {
          const rows = await latest.inCall(async () => await data.findLiveSessions(this.db, [...batch.keys()], now));
          const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
          for (const [hash, lookups] of batch) {
            const row = byHash.get(hash) ?? null;
            // Each call gets its own copy: resolveToken moves its last-use time.
            for (const lookup of lookups) lookup.settle(row && { ...row, session: { ...row.session } });
          }
        } catch (error) {
          for (const lookup of all) lookup.settle(null, error);
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

/** Sessions kept per process at most (the oldest go first), and for at most this long whatever the feed says. */
const SESSION_CACHE_SIZE = 20_000;
const SESSION_CACHE_MAX_AGE_MS = 5 * 60_000;

/**
 * The sessions this process resolved lately, by token hash (issue 18): a member's call does not read the session,
 * account and tenant again while nothing of them changed. A sign-out, a deactivation or any change of the account
 * reaches every process as `user:<id>` or `users@<id>` (migrations 0700, 0720), a tenant's change as a write to `tenants`; expiry and idle
 * time are checked here against the kept times, and the last call is still written at most once a minute.
 */
export class SessionCache {
  #byHash = new Map<string, { row: LiveSession; epoch: number; keptAt: number }>();
  #byUser = new Map<number, Set<string>>();
  #notices = 0;

  constructor(readonly feed: ChangeFeed) {
    feed.onUser((userId) => {
      this.#notices++;
      for (const hash of this.#byUser.get(userId) ?? []) this.#byHash.delete(hash);
      this.#byUser.delete(userId);
    });
    feed.onReset(() => {
      this.#byHash.clear();
      this.#byUser.clear();
    });
  }

  get notices(): number {
    return this.#notices;
  }

  get(hash: string, now: number): LiveSession | null {
    if (!this.feed.live) return null;
    const entry = this.#byHash.get(hash);
    if (!entry) return null;
    if (entry.epoch !== this.feed.epoch(['tenants']) || now - entry.keptAt >= SESSION_CACHE_MAX_AGE_MS || now < entry.keptAt) {
      this.#byHash.delete(hash);
      return null;
    }
    return entry.row;
  }

  put(hash: string, row: LiveSession, epoch: number, now: number): void {
    if (!this.feed.live) return;
    if (this.#byHash.size >= SESSION_CACHE_SIZE) this.#byHash.delete(this.#byHash.keys().next().value!);
    this.#byHash.set(hash, { row, epoch, keptAt: now });
    let hashes = this.#byUser.get(row.user.id);
    if (!hashes) this.#byUser.set(row.user.id, (hashes = new Set()));
    hashes.add(hash);
  }
}

/**
 * Resolves a bearer token to its user; null when unknown, expired, idle for longer than `idleMs`
 * (SESSION_IDLE_TIMEOUT_MINUTES), or the user is no tenant user any more. With a session cache, a session seen
 * lately is answered from it (the same checks against the kept times). The call's time is noted in `touches`, at
 * most once a minute per session, and written there with the others.
 */
export async function resolveToken(
  db: Db,
  token: string,
  now: Date,
  touches: SessionTouches,
  idleMs = Number.POSITIVE_INFINITY,
  cache?: SessionCache,
  lookups?: SessionLookups,
): Promise<AuthUser | null> {
  if (token.length < 16 || token.length > 200) return null;
  const idleSince = Number.isFinite(idleMs) ? now.getTime() - idleMs : 0;
  const hash = hashToken(token);
  let row = cache?.get(hash, now.getTime()) ?? null;
  if (!row) {
    const notices = cache?.notices;
    const epoch = cache?.feed.epoch(['tenants']);
    row = lookups ? await lookups.find(hash, now) : await data.findLiveSession(db, hash, now);
    if (!row) return null;
    const noted = touches.pendingFor(row.session.id);
    if (noted && noted.getTime() > row.session.lastUsedAt.getTime()) row.session.lastUsedAt = noted;
    // A notice that arrived while reading may concern this row: it is used for this call, not kept.
    if (cache && cache.notices === notices) cache.put(hash, row, epoch!, now.getTime());
  }
  if (row.session.expiresAt.getTime() <= now.getTime() || row.session.lastUsedAt.getTime() <= idleSince) return null;
  // The tenant's contract has ended (issue 32): its members' sessions end with it, kept ones too.
  if (contractEnded(row.tenant, now)) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() >= LAST_USED_WRITE_EVERY_MS) {
    touches.touch(row.session.id, now);
    row.session.lastUsedAt = now;
  }
  return toAuthUser(row.user, row.tenant, row.session);
}

/** The tenant's contract has ended at `now` (tenants.contract_ends_at, migration 0750). */
export function contractEnded(tenant: Pick<TenantRow, 'contractEndsAt'>, now: Date): boolean {
  return tenant.contractEndsAt !== null && tenant.contractEndsAt.getTime() <= now.getTime();
}

export function toAuthUser(user: UserRow, tenant: TenantRow, session: { id: number; expiresAt: Date; passwordAt?: Date | null }): AuthUser {
  return {
    id: user.id,
    tenantId: tenant.id,
    email: user.email,
    loginId: user.loginId,
    nickname: user.nickname,
    profileImageUrl: user.profileImageUrl,
    locale: normaliseLocale(user.locale),
    acceptedTermsVersion: user.acceptedTermsVersion,
    contract: toTenantContract(tenant),
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
    sessionPasswordAt: session.passwordAt ?? null,
  };
}

export const endSession = data.deleteSession;

/** Ends the session a token names, whoever it belongs to (the web cookie of a browser signing out or in again). */
export async function endSessionByToken(db: Db, token: string): Promise<void> {
  if (token.length < 16 || token.length > 200) return;
  await data.deleteSessionByTokenHash(db, hashToken(token));
}

/** Ends every session of a user (password change, withdrawal), optionally keeping one. */
export const endAllSessions = data.deleteSessionsOf;

/** Deletes sessions past their lifetime, and (with `idleMs`) sessions without a call for that long. */
export async function pruneExpiredSessions(db: Db, now: Date, idleMs = Number.POSITIVE_INFINITY): Promise<void> {
  await data.deleteExpiredSessions(db, now, Number.isFinite(idleMs) ? new Date(now.getTime() - idleMs) : null);
}
