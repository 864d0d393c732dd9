import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { buildApp } from './app.ts';
import { domainRoutes } from './routes.ts';

const config = loadConfig();
const database = await openDatabase(config, (msg) => {
  if (config.logLevel !== 'silent') console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
});
const app = await buildApp({ config, db: database.db, routes: domainRoutes(config, database.db) });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones under way finish, then close the database so nothing is lost.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
