// Read models of shared answers (issue 18, docs/decisions/110-read-models-and-change-notifications.md): a function
// whose answer is the same for every caller of one audience (guests, members, contract members) in one language
// keeps that answer, serialised, until a table it is made of is written (the change feed) or the clock reaches the
// next moment its answer changes by time alone (a publish time, a booking window, the Tokyo day). Nothing stale:
// the feed hears every committed write in every process, and the moment is asked of the database with the answer.
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';

/** What an audience is decided by (an AuthUser has it). */
export interface AudienceUser {
  contract: { corporateContract: boolean };
}

export interface CachePolicy {
  /** The tables whose writes can change the answer. */
  tables: readonly string[];
  /**
   * Which callers share one answer: a short name of their audience, or null when this caller's answer is their own
   * (then nothing is cached or served from the cache for them).
   */
  audience(user: AudienceUser | null): string | null;
  /** The next moment (epoch ms) after `now` at which the answer changes by the clock alone; null: never. */
  nextChange(db: Db, now: Date): Promise<number | null>;
  /**
   * A signed-in caller's own marks on a kept answer (read flags, their reservations and favourites, a recorded view),
   * from one small query: answers a new object with every personal field set for this caller (the kept answer may
   * carry another member's marks) and never changes the kept one.
   */
  personalize?(answer: Answer, user: AudienceUser & { id: number }, db: Db, now: Date): Promise<Answer>;
}

/** An answer's fields (without `succeed`) as the contract shapes them. */
export type Answer = Record<string, unknown>;

/** A kept answer: its fields and its serialised form. */
export interface Kept {
  value: Answer;
  body: string;
}

/** The audiences of content that guests, members and contract members see differently (product decisions §3). */
export function visibilityClass(user: AudienceUser | null): string {
  return user === null ? 'guest' : user.contract.corporateContract ? 'contract' : 'member';
}

/** No answer is kept longer than this, whatever the feed says: a bound on the harm of a bug, not a freshness rule. */
export const MAX_AGE_MS = 5 * 60_000;
/** Answers kept per process; the oldest go first. */
export const MAX_ENTRIES = 2000;

interface Entry extends Kept {
  epoch: number;
  tables: readonly string[];
  until: number;
}

/** The cached answers of one process, keyed by function, audience, language and payload. */
export class ReadCache {
  #entries = new Map<string, Entry>();
  /** The next time-change per policy, kept under the same rules as the answers. */
  #moments = new Map<CachePolicy, { epoch: number; at: number | null; until: number }>();

  constructor(readonly feed: ChangeFeed) {
    feed.onReset(() => {
      this.#entries.clear();
      this.#moments.clear();
    });
  }

  get(key: string, now: number): Kept | null {
    if (!this.feed.live) return null;
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (now >= entry.until || now < entry.until - MAX_AGE_MS || this.feed.epoch(entry.tables) !== entry.epoch) {
      this.#entries.delete(key);
      return null;
    }
    return entry;
  }

  /** Keeps an answer read after `epoch` was taken, until its policy's next time-change. */
  async put(key: string, policy: CachePolicy, db: Db, epoch: number, now: number, value: Answer, body: string): Promise<void> {
    if (!this.feed.live) return;
    const next = await this.nextChange(policy, db, epoch, now);
    if (this.feed.epoch(policy.tables) !== epoch) return;
    const until = Math.min(now + MAX_AGE_MS, next ?? Number.POSITIVE_INFINITY);
    if (until <= now) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, body, epoch, tables: policy.tables, until });
  }

  private async nextChange(policy: CachePolicy, db: Db, epoch: number, now: number): Promise<number | null> {
    const known = this.#moments.get(policy);
    if (known && known.epoch === epoch && now < known.until && (known.at === null || now < known.at)) return known.at;
    const at = await policy.nextChange(db, new Date(now));
    this.#moments.set(policy, { epoch, at, until: now + MAX_AGE_MS });
    return at;
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.#entries.clear();
    this.#moments.clear();
  }
}

/** A payload as a stable string: keys sorted at every level, so `{a, b}` and `{b, a}` share an answer. */
export function stableKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableKey(record[k])}`)
    .join(',')}}`;
}
