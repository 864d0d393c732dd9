import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './database.ts';
import { buildApp } from './app.ts';
import { DEFAULT_ADMISSION_RULES } from './core/write-admission.ts';
import { applyV8Flags, missingCliFlags } from './core/v8-flags.ts';
import { ChangeFeed } from './db/changes.ts';
import { loopFailureLogger } from './db/unavailable.ts';
import type { Lifecycle } from './health.ts';
import { domainRoutes } from './routes.ts';
import { startMaintenance } from './maintenance.ts';
import { startMailSender, mailFrom } from './mail/sender.ts';
import { startMailbox } from './mail/mailbox-server.ts';
import { startReminders } from './domains/events/service.ts';
import { startContractPurge, startWeekCellsFold } from './domains/insights/service.ts';
import { pushKeys, startAnnouncements } from './domains/notifications/service.ts';
import { startMagazine } from './domains/magazine/service.ts';
import { startPrograms } from './domains/programs/service.ts';
import { startPoints } from './domains/points/service.ts';
import { startPushSender } from './push/sender.ts';
import { warmUp } from './warm-up.ts';

/** A JSON line in pino's shape, for what happens before the app (and its logger) exists. */
function startLog(config: Config | null, level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}) {
  if (config?.logLevel === 'silent') return;
  const line = JSON.stringify({ level: level === 'error' ? 50 : 30, time: Date.now(), pid: process.pid, msg, ...extra });
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}

// V8's collector settings (decisions 160 and 163): ordinary collections from the memory reducer, and an old generation
// that grows 30% past its live size between full collections.
applyV8Flags();

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    // Plain text for a person starting the server: which variable, and what it should look like.
    process.stderr.write(`${error.message}\nThe server did not start.\n`);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config, (msg) => startLog(config, 'info', msg));
const lifecycle: Lifecycle = { shuttingDown: false };
// Writes of every process reach this one (migration 0700), so it can keep sessions and shared answers.
const changes = await ChangeFeed.start(database);
// On PostgreSQL, writes are held back while the reads are slow, and beyond a bound of writes in flight (decision 162).
const writeAdmission = database.kind === 'postgres' ? { ...DEFAULT_ADMISSION_RULES, readTargetMs: config.writeAdmissionReadTargetMs } : undefined;
const app = await buildApp({
  config,
  db: database.db,
  readDb: database.readDb,
  routes: domainRoutes(config, database.db),
  lifecycle,
  changes,
  writeAdmission,
});
// The young generation's size can only be set on Node's command line (decision 170): say so when it was not.
const missingFlags = missingCliFlags(process.execArgv, config.nodeOptions);
if (missingFlags.length > 0) {
  app.log.warn(
    { missing: missingFlags },
    "started without the start command's Node flags: young-generation collections can hold the event loop for over 100 ms under load",
  );
}
// With SMTP_URL the outbox is delivered over SMTP; without it mail stays for the local mailbox page.
const mailSender = config.smtpUrl
  ? startMailSender({ db: database.db, smtpUrl: config.smtpUrl, from: mailFrom(config.appBaseUrl), log: app.log })
  : null;
const stopMaintenance = startMaintenance(database.db, loopFailureLogger(app.log, 'maintenance failed'), {
  outboxRetentionDays: config.outboxRetentionDays,
  sessionIdleTimeoutMs: config.sessionIdleTimeoutMs,
});
const stopReminders = startReminders(database.db, config, loopFailureLogger(app.log, 'event reminders failed'));
// Tenants whose contract ended 90 days ago lose their members' personal data (every minute; one process at a time).
const stopContractPurge = startContractPurge(database.db, loopFailureLogger(app.log, 'contract purge failed'));
const stopWeekCellsFold = startWeekCellsFold(database.db, loopFailureLogger(app.log, 'folding the insights cells failed'));
// Web Push (decision 153): every process delivers the push outbox (rows are claimed once) and looks for important
// announcements and surveys to announce each minute (one process at a time).
const pushSender = startPushSender({
  db: database.db,
  vapid: await pushKeys(database.db, config),
  subject: config.vapidSubject,
  origins: config.pushAllowedOrigins,
  log: app.log,
});
const stopAnnouncements = startAnnouncements(database.db, loopFailureLogger(app.log, 'push announcements failed'));
// The mail magazine (decision 185): due issues start, their deliveries go to the outbox at MAGAZINE_RATE_PER_MINUTE.
const stopMagazine = startMagazine(database.db, config, loopFailureLogger(app.log, 'mail magazine run failed'));
// Programs (decision 187): rounds formed on their start date, ranks refreshed, results announced, sync reminders.
const stopPrograms = startPrograms(database.db, loopFailureLogger(app.log, 'programs run failed'));
// Points (decision 188): the mission queue, voids, expiries and their notices, the nightly ledger check.
const stopPoints = startPoints(database.db, config.appBaseUrl, app.log, loopFailureLogger(app.log, 'points run failed'));
/** Stops the minute loops (at a shutdown, and when the port cannot be opened). */
function stopLoops() {
  stopMaintenance();
  stopReminders();
  stopContractPurge();
  stopWeekCellsFold();
  stopAnnouncements();
  void stopMagazine();
  void stopPrograms();
  void stopPoints();
}
let mailbox: FastifyInstance | null = null;

let stopping = false;
/**
 * SIGTERM/SIGINT: /readyz turns 503 at once; the listener stops accepting; calls in flight finish (for at most
 * SHUTDOWN_TIMEOUT_MS, then their connections are closed); the outbox sender finishes the mail it is handing over;
 * the database pool closes last, so nothing acknowledged is lost.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  lifecycle.shuttingDown = true;
  app.log.info({ signal, graceMs: config.shutdownTimeoutMs }, 'shutting down');
  stopLoops();
  const force = setTimeout(() => {
    app.log.warn('calls still in flight after the grace period; closing their connections');
    app.server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  try {
    await Promise.all([app.close(), mailbox?.close()]);
  } finally {
    clearTimeout(force);
  }
  await mailSender?.stop();
  await pushSender.stop();
  await database.close();
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Before the port opens, the server calls itself (decision 172): its connections open and its calls' code is compiled
// while nobody waits, instead of under the first second's load.
if (config.warmUpMs > 0) {
  const report = await warmUp(app, {
    openConnections: () => database.openConnections(),
    budgetMs: config.warmUpMs,
    pages: fs.existsSync(path.join(config.webDistDir, 'index.html')),
    marker: lifecycle,
  }).catch((error: unknown) => ({ stoppedBy: (error as Error).message }));
  if ('rounds' in report && !report.stoppedBy) app.log.info(report, 'warmed up before listening');
  else if (!stopping) app.log.warn(report, 'the warm-up ended early: starting without it');
}

// A SIGTERM during the warm-up: shutdown() closes the app and exits, and the port is never opened.
if (!stopping) {
  try {
    // Fastify names each socket it listens on (127.0.0.1, the machine's addresses); the address to open is
    // APP_BASE_URL, the only origin where the session cookie and passkeys work (issue 55, decision 180).
    await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening at ${address}` });
    app.log.info({ url: config.appBaseUrl }, `open the app at ${config.appBaseUrl}`);
    if (config.mailboxPort) {
      mailbox = await startMailbox(database.db, config.mailboxPort);
      app.log.info({ url: `http://127.0.0.1:${config.mailboxPort}/dev/mailbox` }, 'local mailbox page (this machine only)');
    }
  } catch (error) {
    const err = { message: (error as Error).message, code: (error as { code?: string }).code };
    startLog(config, 'error', 'could not listen', { err });
    // Even with LOG_LEVEL=silent, a server that does not start says why, as it does for a wrong setting.
    if (config.logLevel === 'silent') process.stderr.write(`could not listen: ${err.message}\nThe server did not start.\n`);
    stopLoops();
    await mailSender?.stop();
    await pushSender.stop();
    await app.close().catch(() => {});
    await database.close();
    process.exit(1);
  }
}
