import type { Db } from './db/client.ts';
import { pruneExpiredSessions } from './domains/auth/service.ts';
import { pruneEmailLinks } from './domains/lifecycle/service.ts';
import { pruneOperatorSessions } from './domains/operators/service.ts';
import { pruneChallenges } from './domains/passkeys/service.ts';
import { deleteShippedAddresses } from './domains/points/service.ts';
import { startPoller } from './lib/poller.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';
import { pruneOutbox } from './mail/outbox.ts';
import { prunePushOutbox } from './push/outbox.ts';

const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_RATE_LIMIT_WINDOWS_MS = DAY_MS;

export interface MaintenanceOptions {
  /** Mail older than this many days leaves the outbox, whatever became of it (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number;
  /** Sessions without a call for this long are deleted (SESSION_IDLE_TIMEOUT_MINUTES). */
  sessionIdleTimeoutMs?: number;
}

/**
 * One clean-up pass: expired sessions, spent emailed links, old outbox mail and push rows, old rate-limit windows, the
 * exchange's addresses 90 days after shipping.
 */
export async function runMaintenance(db: Db, now: Date, options: MaintenanceOptions): Promise<void> {
  await pruneExpiredSessions(db, now, options.sessionIdleTimeoutMs);
  await pruneEmailLinks(db, now);
  // Operators' ended sessions (12 h or 30 min idle) and spent sign-in challenges.
  await pruneOperatorSessions(db, now);
  // Passkey challenges past their 5 minutes (decision 148).
  await pruneChallenges(db, now);
  await pruneOutbox(db, new Date(now.getTime() - options.outboxRetentionDays * DAY_MS));
  // Push rows keep no payload once sent or given up; they go after the same days as mail.
  await prunePushOutbox(db, new Date(now.getTime() - options.outboxRetentionDays * DAY_MS));
  await pruneRateLimits(db, new Date(now.getTime() - KEEP_RATE_LIMIT_WINDOWS_MS));
  // Exchange addresses 90 days after shipping (docs/requirements/points.md#points-exchange).
  await deleteShippedAddresses(db, now);
}

/** Hourly clean-up (runMaintenance), the first at once; safe to run in every process. */
export function startMaintenance(db: Db, onError: (error: unknown) => void, options: MaintenanceOptions = { outboxRetentionDays: 7 }): () => void {
  const poller = startPoller(() => runMaintenance(db, new Date(), options), { everyMs: EVERY_MS, onError, runAtStart: true });
  return () => void poller.close();
}
