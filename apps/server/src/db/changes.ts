// What this process has been told about writes to the database (migration 0700: triggers NOTIFY on `hibi_changes`
// when a writing transaction commits, in every process). Caches ask it whether what they hold may still be served:
// a generation per table that only ever grows, and per-member notices for the session cache. While the listening
// connection is down nothing may be served from a cache (`live` is false) and, when it comes back, everything cached
// before is forgotten: notifications sent meanwhile are lost.
//
// PostgreSQL hands a notification to a listening process some time after the writer's commit (when that process's
// connection is next idle), so a call arriving at once could still be answered from before the write. Hence the read
// barrier: before a kept answer or session is used, the process NOTIFYs a ping of its own and waits until it comes
// back. Notifications are delivered in commit order, and any write whose commit came before the call arrived is ahead
// of that ping in the queue, so its notification has been received by then. Calls arriving while a ping is on its way
// share the next one: one ping per round trip, whatever the number of calls.
import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { Database, Notifier } from './client.ts';

export const CHANGES_CHANNEL = 'hibi_changes';
/** A ping that does not come back within this long turns keeping off until the connection is made again. */
export const PING_TIMEOUT_MS = 2000;
/**
 * Each ping's round trip in ms, published when someone listens (the soak's probe, bench/soak-probe.mjs): every call
 * that reads a kept answer or session waits for up to two of them.
 */
export const pingChannel = diagnostics.channel('hibi.changes.ping');

export class ChangeFeed {
  #generations = new Map<string, number>();
  /** Members whose rows' generations are counted (memberEpoch was asked for them). */
  #members = new Set<number>();
  #userListeners = new Set<(userId: number) => void>();
  #resetListeners = new Set<() => void>();
  /** Bumped on every reset: an epoch taken before a reset never matches one taken after. */
  #resets = 0;
  #live = false;
  #paused = false;
  #notify: Notifier | null = null;
  #connected = false;
  readonly #id = crypto.randomBytes(6).toString('hex');
  #sent = 0;
  #received = 0;
  #waiting = new Map<number, () => void>();
  #inFlight: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  /** Whether notifications are arriving (and keeping is not paused): caches keep and serve nothing while this is false. */
  get live(): boolean {
    return this.#live && !this.#paused;
  }

  /** Turns keeping off (tests that count what building an answer costs) or on again; notifications are still heard. */
  pause(paused: boolean): void {
    this.#paused = paused;
  }

  /** Starts listening on the database (once per process and database). */
  static async start(database: Pick<Database, 'listen'>): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    feed.#notify = await database.listen(
      CHANGES_CHANNEL,
      (payload) => feed.receive(payload),
      (live) => {
        feed.#connected = live;
        feed.setLive(live);
      },
    );
    return feed;
  }

  /**
   * Resolves once every write committed before this call has been heard (see above). With PGlite, at once: its
   * notifications arrive before the writing statement returns.
   */
  barrier(): Promise<void> {
    if (!this.#notify || !this.#connected) return Promise.resolve();
    if (!this.#inFlight) {
      this.#inFlight = this.#ping().finally(() => {
        this.#inFlight = null;
      });
      return this.#inFlight;
    }
    // The ping on its way may have left before this call arrived: wait for the one after it.
    this.#next ??= this.#inFlight.then(() => {
      this.#next = null;
      return this.barrier();
    });
    return this.#next;
  }

  async #ping(): Promise<void> {
    const seq = ++this.#sent;
    const t0 = performance.now();
    const back = new Promise<void>((resolve) => this.#waiting.set(seq, resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), PING_TIMEOUT_MS)));
    try {
      // The NOTIFY itself is raced too: on a connection gone silent (a network drop) it would never answer.
      const returned = this.#notify!(`ping:${this.#id}:${seq}`).then(() => back);
      // A late ping: what is kept is forgotten and nothing is kept until a ping comes back in time again.
      if ((await Promise.race([returned, late])) === 'late') this.setLive(false);
      else if (!this.#live && this.#connected) this.setLive(true);
      if (pingChannel.hasSubscribers) pingChannel.publish(performance.now() - t0);
    } catch {
      this.setLive(false);
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(seq);
    }
  }

  /** One notification: a table's name, `<table>@<user id>`, `user:<id>` (a session ended), or a process's ping. */
  receive(payload: string): void {
    if (payload.startsWith('ping:')) {
      const [, id, seq] = payload.split(':');
      if (id !== this.#id) return;
      const n = Number(seq);
      // Pings come back in order: this one and every earlier one are through.
      for (let k = this.#received + 1; k <= n; k++) this.#waiting.get(k)?.();
      this.#received = Math.max(this.#received, n);
      return;
    }
    if (payload.startsWith('user:')) {
      const id = Number(payload.slice(5));
      if (Number.isInteger(id)) for (const listener of this.#userListeners) listener(id);
      return;
    }
    // A member's row (migration 0720): a write to the table, and to that member's rows of it.
    const at = payload.indexOf('@');
    if (at > 0) {
      const table = payload.slice(0, at);
      const id = Number(payload.slice(at + 1));
      this.#bump(table);
      // Only members something was kept for are counted one by one: the numbers stay as few as the members served.
      if (this.#members.has(id)) this.#bump(payload);
      if (table === 'users' && Number.isInteger(id)) for (const listener of this.#userListeners) listener(id);
      return;
    }
    // A table written without naming whose rows (a shared table, TRUNCATE): a write to everyone's rows of it.
    this.#bump(payload);
    this.#bump(`${payload}@*`);
  }

  #bump(key: string): void {
    this.#generations.set(key, (this.#generations.get(key) ?? 0) + 1);
  }

  setLive(live: boolean): void {
    if (this.#live && live) return;
    this.#live = live;
    this.#resets++;
    for (const listener of this.#resetListeners) listener();
  }

  /**
   * A number that changes whenever any of the tables is written (or the feed was reset). Take it before reading the
   * database; an answer built from that read may be served while `epoch(tables)` still equals it.
   */
  epoch(tables: readonly string[]): number {
    let sum = this.#resets * 2 ** 40;
    for (const table of tables) sum += this.#generations.get(table) ?? 0;
    return sum;
  }

  /**
   * Like `epoch`, for one member's rows of the tables: changes when a row of theirs is written, or the table is written
   * without naming whose rows (or the feed was reset); other members' writes leave it alone.
   */
  memberEpoch(tables: readonly string[], userId: number): number {
    this.#members.add(userId);
    let sum = this.#resets * 2 ** 40;
    for (const table of tables) sum += (this.#generations.get(`${table}@${userId}`) ?? 0) + (this.#generations.get(`${table}@*`) ?? 0);
    return sum;
  }

  onUser(listener: (userId: number) => void): void {
    this.#userListeners.add(listener);
  }

  onReset(listener: () => void): void {
    this.#resetListeners.add(listener);
  }
}
