import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type pg from 'pg';
import { causeChain, DatabaseUnavailable } from './unavailable.ts';

/**
 * One call's time for the database, and who waits for a connection when there are too few (issue 31, decision 145,
 * addendum of 2026-11-27). In the soak at ten times the peak, every pooled connection was busy and each call waited
 * up to `acquireTimeoutMs` for one, every time it needed one: a booking (its session, then its transaction, then a
 * retry after a deadlock) answered after 25 s, and every call, read or write, waited about 3 s at the median. Two rules:
 *
 * - **Shed at the door.** While this pool's waits are long (the last connection handed to a waiting call had waited
 *   more than `shedAfterMs`), a call that has not had a connection yet and would have to queue is refused at once:
 *   503 `serviceUnavailable` with Retry-After, in milliseconds instead of seconds. The calls already under way (a
 *   booking between its session and its transaction) still queue, so they finish instead of starving behind newcomers.
 * - **A deadline per call.** The entries mark when each call came in; its waits for connections all end by
 *   `deadlineMs` after that, and past it the call gets a connection only if one is free at once. A statement that
 *   started in time is cut by `statement_timeout` itself, so a call that meets a full pool answers within about twice
 *   `deadlineMs` (about 10 s with the defaults). A long call on a pool with room (an export reading in pages) runs on.
 */
interface Call {
  start: number;
  /** Connections this call has been handed so far (from any pool). */
  connections: number;
}
const calls = new AsyncLocalStorage<Call>();

/** Runs one call's work with its start marked: its database waits follow the pools' rules above. */
export function asOneCall<T>(fn: () => PromiseLike<T>, start = Date.now()): Promise<T> {
  // Awaited inside: drizzle's queries are lazy, they start when awaited, and that must be within the call.
  return calls.run({ start, connections: 0 }, async () => await fn());
}

/**
 * Runs `fn` as no call's work, whatever call is under way: a timer that a call starts for the process (a batch written
 * later) must not inherit that call's deadline.
 */
export function outsideAnyCall<T>(fn: () => T): T {
  return calls.exit(fn);
}

/** A call refused a connection: its time is over, or it came while the pool's waits were long (503 either way). */
export class CallDeadlinePassed extends DatabaseUnavailable {
  constructor(message = 'the call ran out of time waiting for a database connection') {
    super(message);
    this.name = 'CallDeadlinePassed';
  }
}

/** The pools' refusal among an error and its causes (drizzle wraps the driver's errors), else null. */
export function refusalOf(error: unknown): CallDeadlinePassed | null {
  for (const e of causeChain(error)) if (e instanceof CallDeadlinePassed) return e;
  return null;
}

type Connect = () => Promise<pg.PoolClient>;

/**
 * How long a call waited for a pooled connection, in ms, published when someone listens (the soak's probe,
 * bench/soak-probe.mjs): only waits are published, a connection free at once is not.
 */
export const poolWaitChannel = diagnostics.channel('hibi.pool.wait');

export interface PoolRules {
  /** node-postgres's own wait for a connection. */
  acquireTimeoutMs: number;
  /** A call's waits end this long after it came in. */
  deadlineMs: number;
  /** A new call is refused at once while the last waiting call handed a connection had waited longer than this. */
  shedAfterMs: number;
}

/** What a pool's rules need to know of it. */
export interface PoolState {
  /** No one queued, and an idle connection or room for a new one: a call will not wait. */
  free: () => boolean;
  /** How long the last call that had to wait for a connection waited, in ms (0 before any). */
  lastWaitMs: number;
}

/**
 * A connection for the current call by the rules above: straight from `connect` when one is free at once or the
 * caller is no call (the loops, the scripts); otherwise refused, or awaited until the call's deadline (a connection
 * that comes after the call gave up goes straight back to the pool).
 */
export async function connectForCall(connect: Connect, state: PoolState, rules: PoolRules): Promise<pg.PoolClient> {
  const call = calls.getStore();
  if (call === undefined) return connect();
  if (state.free()) {
    // Room again: whatever the last wait was, the queue is gone.
    state.lastWaitMs = 0;
    return handedTo(call, await connect());
  }
  if (call.connections === 0 && state.lastWaitMs > rules.shedAfterMs) {
    throw new CallDeadlinePassed('the database connections are all busy and their queue is long: try again shortly');
  }
  const left = call.start + rules.deadlineMs - Date.now();
  if (left <= 0) throw new CallDeadlinePassed();
  const queuedAt = Date.now();
  const waited = (client: pg.PoolClient) => {
    state.lastWaitMs = Date.now() - queuedAt;
    if (poolWaitChannel.hasSubscribers) poolWaitChannel.publish(state.lastWaitMs);
    return handedTo(call, client);
  };
  if (left >= rules.acquireTimeoutMs) return waited(await connect());
  return new Promise<pg.PoolClient>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new CallDeadlinePassed());
    }, left);
    connect().then(
      (client) => {
        if (settled) {
          state.lastWaitMs = Date.now() - queuedAt;
          return client.release();
        }
        settled = true;
        clearTimeout(timer);
        resolve(waited(client));
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function handedTo(call: Call, client: pg.PoolClient): pg.PoolClient {
  call.connections += 1;
  return client;
}

/**
 * Makes every connection `pool` hands out (its own queries' and transactions') follow the current call's rules.
 * node-postgres's Pool.query takes its connection through `connect(callback)`, drizzle's transactions through
 * `connect()`: both forms are kept. Returns the pool's state (tests read it).
 */
export function keepCallRules(pool: pg.Pool, rules: PoolRules): PoolState {
  const connect: Connect = pool.connect.bind(pool) as Connect;
  const state: PoolState = {
    free: () => pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10)),
    lastWaitMs: 0,
  };
  const forCall = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
    const promise = connectForCall(connect, state, rules);
    if (!callback) return promise;
    promise.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  (pool as unknown as { connect: typeof forCall }).connect = forCall;
  return state;
}
