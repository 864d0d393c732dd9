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
  /** The tables whose writes (anyone's) can change the answer. */
  tables: readonly string[];
  /**
   * Tables whose rows belong to members (migration 0720 names the member in each notice): only the caller's own rows
   * can change the caller's own answer (`perMember`) or marks (`personalize`). Decision 138.
   */
  ownTables?: readonly string[];
  /**
   * Which callers share one answer: a short name of their audience, or null when this caller's answer is their own
   * (then nothing is cached or served from the cache for them). With `perMember`, each member is their own audience.
   */
  audience(user: AudienceUser | null): string | null;
  /** The answer is the caller's own (their profile, their health data): kept per member, renewed by `tables` and their rows of `ownTables`. */
  perMember?: boolean;
  /**
   * The payload as the answer depends on it (a timestamp as its Tokyo week, say), so that calls differing only in what
   * the answer ignores share it; null: this call is not kept (a payload the handler would refuse). Default: the whole
   * payload.
   */
  keyOf?(payload: Record<string, unknown>, now: Date): string | null;
  /** Another policy for some payloads (an answer that reads more tables when asked for more); default: this one. */
  forPayload?(payload: Record<string, unknown>): CachePolicy;
  /** The next moment (epoch ms) after `now` at which the answer changes by the clock alone; null: never. */
  nextChange(db: Db, now: Date): Promise<number | null>;
  /**
   * A signed-in caller's own marks on a kept answer (read flags, their reservations and favourites, a recorded view),
   * from one small query: answers a new object with every personal field set for this caller (the kept answer may
   * carry another member's marks) and never changes the kept one.
   */
  personalize?(answer: Answer, user: AudienceUser & { id: number }, db: Db, now: Date): Promise<Answer>;
  /** How long a personalised answer may be served again without calling `personalize` (a view counts once a Tokyo day); default: while the kept answer and the member's own rows are unchanged. */
  personalUntil?(now: Date): number;
  /**
   * The member's marks kept apart from the answer (decision 169): with them, a kept answer renewed by someone else's
   * write (a booking elsewhere changes the events list's counts) is marked for this member without a query, while
   * the items are the same and the member's own rows are unchanged. A policy has this or `personalize`, not both.
   */
  marks?: MarksPolicy;
}

/** A member's own marks on a kept answer's items, read by one query and set on any answer with the same items. */
export interface MarksPolicy {
  /** The items the marks are of (their ids, say): marks are reused only for an answer with the same key. */
  keyOf(answer: Answer): string;
  read(answer: Answer, user: AudienceUser & { id: number }, db: Db, now: Date): Promise<unknown>;
  /** The answer with these marks set: a new object; the kept answer is never changed. */
  apply(answer: Answer, marks: unknown): Answer;
}

/** A MarksPolicy whose marks have a type of their own. */
export function marksPolicy<M>(policy: {
  keyOf(answer: Answer): string;
  read(answer: Answer, user: AudienceUser & { id: number }, db: Db, now: Date): Promise<M>;
  apply(answer: Answer, marks: M): Answer;
}): MarksPolicy {
  return policy as MarksPolicy;
}

/** Who a member-scoped audience belongs to. */
export const memberAudience = (user: (AudienceUser & { id?: number }) | null): string | null => (user?.id === undefined ? null : `m${user.id}`);

/** An answer's fields (without `succeed`) as the contract shapes them. */
export type Answer = Record<string, unknown>;

/** A kept answer: its fields and its serialised form. */
export interface Kept {
  value: Answer;
  /** The serialised answer, encoded once (UTF-8): served as these bytes. */
  body: Buffer;
}

/** The audiences of content that guests, members and contract members see differently (docs/requirements/platform.md#platform-visibility). */
export function visibilityClass(user: AudienceUser | null): string {
  return user === null ? 'guest' : user.contract.corporateContract ? 'contract' : 'member';
}

/** No answer is kept longer than this, whatever the feed says: a bound on the harm of a bug, not a freshness rule. */
export const MAX_AGE_MS = 5 * 60_000;
/** Answers kept per process, shared and per member; the oldest go first. */
export const MAX_ENTRIES = 20_000;
/** And by the size of their bodies (each answer is kept twice: as fields and serialised). */
export const MAX_UNITS = 64 * 1024 * 1024;

interface Entry extends Kept {
  epoch: number;
  /** Whose tables renew it (epochOf). */
  policy: CachePolicy;
  /** The member whose own answer this is (perMember), or null. */
  member: number | null;
  until: number;
}

/** A kept answer as one member was served it (with their marks), while the kept answer is the same. */
interface Personal {
  entry: Entry;
  epoch: number;
  until: number;
  body: Buffer;
}

/** The personalised answers one process keeps, by size of their bodies (bytes). */
export const MAX_PERSONAL_UNITS = 32 * 1024 * 1024;
/** Members' kept marks per process (a few ids each); the oldest go first. */
export const MAX_MARKS = 50_000;

/** A member's marks on one set of items, read after `epoch` (memberEpoch of the policy's ownTables) was taken. */
interface KeptMarks {
  epoch: number;
  until: number;
  marks: unknown;
}

/** The cached answers of one process, keyed by function, audience, language and payload. */
export class ReadCache {
  #entries = new Map<string, Entry>();
  /** The next time-change per policy, kept under the same rules as the answers. */
  #moments = new Map<CachePolicy, { epoch: number; at: number | null; until: number }>();

  constructor(readonly feed: ChangeFeed) {
    feed.onReset(() => this.clear());
  }

  #units = 0;
  #personal = new Map<string, Personal>();
  #personalUnits = 0;

  /** The number an answer of this policy (for this member, when it is their own) is kept under; take it before reading. */
  epochOf(policy: CachePolicy, member: number | null): number {
    const shared = this.feed.epoch(policy.tables);
    return member === null ? shared : shared + this.feed.memberEpoch(policy.ownTables ?? [], member);
  }

  get(key: string, now: number): Kept | null {
    if (!this.feed.live) return null;
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (now >= entry.until || now < entry.until - MAX_AGE_MS || this.epochOf(entry.policy, entry.member) !== entry.epoch) {
      this.#drop(key, entry);
      return null;
    }
    return entry;
  }

  /** Keeps an answer read after `epoch` (epochOf) was taken, until its policy's next time-change. */
  async put(
    key: string,
    policy: CachePolicy,
    db: Db,
    epoch: number,
    now: number,
    value: Answer,
    body: Buffer,
    member: number | null = null,
  ): Promise<void> {
    if (!this.feed.live) return;
    const next = await this.nextChange(policy, db, this.feed.epoch(policy.tables), now);
    if (this.epochOf(policy, member) !== epoch) return;
    const until = Math.min(now + MAX_AGE_MS, next ?? Number.POSITIVE_INFINITY);
    if (until <= now) return;
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    while ((this.#entries.size >= MAX_ENTRIES || this.#units + body.length > MAX_UNITS) && this.#entries.size) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#drop(oldestKey, oldest);
    }
    this.#entries.set(key, { value, body, epoch, policy, member, until });
    this.#units += body.length;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#units -= entry.body.length;
  }

  /** The member's personalised form of a kept answer (got with `get` just now), if kept and still theirs. */
  personal(key: string, kept: Kept, member: number, epoch: number, now: number): Buffer | null {
    const k = `${key}|${member}`;
    const p = this.#personal.get(k);
    if (!p) return null;
    if (p.entry !== kept || p.epoch !== epoch || now >= p.until) {
      this.#dropPersonal(k, p);
      return null;
    }
    return p.body;
  }

  /** Keeps a member's personalised form of a kept answer, made after `epoch` (memberEpoch of the policy's ownTables) was taken. */
  putPersonal(key: string, kept: Kept, policy: CachePolicy, member: number, epoch: number, now: number, body: Buffer): void {
    if (!this.feed.live || this.feed.memberEpoch(policy.ownTables ?? [], member) !== epoch) return;
    const entry = kept as Entry;
    const until = Math.min(entry.until, policy.personalUntil?.(new Date(now)) ?? Number.POSITIVE_INFINITY);
    if (until <= now || body.length > MAX_PERSONAL_UNITS / 16) return;
    const k = `${key}|${member}`;
    const old = this.#personal.get(k);
    if (old) this.#dropPersonal(k, old);
    while (this.#personalUnits + body.length > MAX_PERSONAL_UNITS && this.#personal.size) {
      const [oldestKey, oldest] = this.#personal.entries().next().value!;
      this.#dropPersonal(oldestKey, oldest);
    }
    this.#personal.set(k, { entry, epoch, until, body });
    this.#personalUnits += body.length;
  }

  #marks = new Map<string, KeptMarks>();

  /**
   * A member's kept marks under `key` (the function, the member and the items' key), if read after the member's own
   * rows last changed (`epoch`, memberEpoch of the policy's ownTables, taken now) and not older than MAX_AGE_MS.
   */
  marksOf(key: string, epoch: number, now: number): { marks: unknown } | null {
    if (!this.feed.live) return null;
    const kept = this.#marks.get(key);
    if (!kept) return null;
    if (kept.epoch !== epoch || now >= kept.until) {
      this.#marks.delete(key);
      return null;
    }
    return { marks: kept.marks };
  }

  /** Keeps a member's marks, read after `epoch` was taken: dropped if their own rows changed meanwhile. */
  putMarks(key: string, policy: CachePolicy, member: number, epoch: number, now: number, marks: unknown): void {
    if (!this.feed.live || this.feed.memberEpoch(policy.ownTables ?? [], member) !== epoch) return;
    this.#marks.delete(key);
    while (this.#marks.size >= MAX_MARKS) this.#marks.delete(this.#marks.keys().next().value!);
    this.#marks.set(key, { epoch, until: now + MAX_AGE_MS, marks });
  }

  #dropPersonal(key: string, p: Personal): void {
    this.#personal.delete(key);
    this.#personalUnits -= p.body.length;
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
    this.#units = 0;
    this.#moments.clear();
    this.#personal.clear();
    this.#personalUnits = 0;
    this.#marks.clear();
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
