import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { buildApp } from './app.ts';
import { domainRoutes } from './routes.ts';
import { startMaintenance } from './maintenance.ts';
import { startMailSender, mailFrom } from './mail/sender.ts';

const config = loadConfig();
const database = await openDatabase(config, (msg) => {
  if (config.logLevel !== 'silent') console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
});
const app = await buildApp({ config, db: database.db, routes: domainRoutes(config, database.db) });
// With SMTP_URL the outbox is delivered over SMTP; without it mail stays for the local mailbox page (/dev/mailbox).
const mailSender = config.smtpUrl ? startMailSender({ db: database.db, smtpUrl: config.smtpUrl, from: mailFrom(config.appBaseUrl), log: app.log }) : null;

const stopMaintenance = startMaintenance(database.db, (error) => app.log.error({ err: error }, 'maintenance failed'), {
  outboxRetentionDays: config.outboxRetentionDays,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones under way finish, then close the database so nothing is lost.
  stopMaintenance();
  await app.close();
  await mailSender?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
