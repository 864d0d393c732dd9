/**
 * `npm run db:seed-demo`: migrates the configured database and loads the demo content into it when it is empty
 * (a staging database, or the database of the production check in CI). Refused with NODE_ENV=production: the demo
 * accounts share a published password (issue 12, finding 2).
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoContent } from '../seed/index.ts';

try {
  const config = loadConfig();
  if (config.production) {
    process.stderr.write('db:seed-demo: refused with NODE_ENV=production (demo accounts have a published password)\n');
    process.exit(1);
  }
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(database);
    const seeded = await seedDemoContent(database.db);
    process.stdout.write(seeded ? 'demo content loaded\n' : 'the database already has content; nothing loaded\n');
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exit(1);
}
