import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoContent } from './seed/index.ts';

/** Opens the configured database, applies migrations and, when asked for, loads the demo content into an empty one. */
export async function openDatabase(config: Config, log: (msg: string) => void = () => {}): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolSize, config.databaseLimits, config.databaseReadPoolSize)
    : await openPglite(config.dataDir);
  try {
    const applied = await migrate(database);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    if (config.demoContent) {
      const seeded = await seedDemoContent(database.db);
      if (seeded) log('loaded the demo content');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
