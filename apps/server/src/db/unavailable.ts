// When the database cannot be reached or a call waited too long for it (issue 31, decision 145): the entries answer
// these failures with HTTP 503 `serviceUnavailable` and a Retry-After, never a 500, so a client can tell "try again
// shortly" from a bug. A write that failed this way was not acknowledged: the client must not show it as saved.

/** Seconds a client is asked to wait before it tries again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an outage or of a wait cut short: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, recovering), 57014 query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout),
 * 25P03 idle_in_transaction_session_timeout, 53300 too_many_connections; class 08 is every connection exception.
 * Also 40P01 deadlock_detected and 40001 serialization_failure when they outlast db/transaction.ts's runs again (or
 * come from a statement outside a transaction of its own): nothing was saved, and the same call shortly after succeeds.
 */
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '25P03', '53300', '40P01', '40001']);

/** node-postgres's own messages for a connection that is gone or could not be had in time (it gives them no code). */
const CLIENT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'connection timeout',
];
/**
 * node-postgres's messages are short. A longer one is a wrapper's that quotes the whole query and its parameters
 * (drizzle's "Failed query: …"): in a booking storm, a batch's parameters carry 200 rendered mails, and searching that
 * for each of its callers stalled the event loop for 300–500 ms.
 */
const CLIENT_MESSAGE_MAX_LENGTH = 300;

/** An error and the errors it was caused by (drizzle wraps the driver's), five at most. */
export function* causeChain(error: unknown): Generator<object> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** Whether an error (or any error it was caused by: drizzle wraps the driver's) means the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    if (e instanceof DatabaseUnavailable) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || SQL_STATES.has(code) || (code.length === 5 && code.startsWith('08'))) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && message.length <= CLIENT_MESSAGE_MAX_LENGTH && CLIENT_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
  }
  return false;
}

/** Thrown where the server itself decides the database is out of reach (a wait it bounds). */
export class DatabaseUnavailable extends Error {
  constructor(message = 'database unavailable') {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

/** How often a background loop's "database out of reach" is logged while the outage lasts. */
export const LOOP_OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * The error handler of a background loop (maintenance, reminders, purges, the insights fold, push): a bug is logged
 * every time, but while the database stays out of reach the loop's failure is logged once a minute as a warning,
 * not at every turn (the fold runs every 5 s). `log` is the app's logger.
 */
export function loopFailureLogger(
  log: { warn: (object: object, message: string) => void; error: (object: object, message: string) => void },
  what: string,
  now: () => number = Date.now,
): (error: unknown) => void {
  let lastOutageLog = -Infinity;
  return (error) => {
    if (!isDatabaseUnavailable(error)) {
      log.error({ err: error }, what);
      return;
    }
    if (now() - lastOutageLog < LOOP_OUTAGE_LOG_EVERY_MS) return;
    lastOutageLog = now();
    log.warn({ err: error }, `${what}: the database is out of reach (logged once a minute while it lasts)`);
  };
}
