// npm run db:restore -- --in FILE [--force]: restores a backup into the configured, empty database (README "Backups").
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { restoreDatabase, BackupError } from './backup.ts';

const { values } = parseArgs({ options: { in: { type: 'string' }, force: { type: 'boolean', default: false } }, strict: true });
if (!values.in) {
  console.error('Usage: npm run db:restore -- --in FILE [--force]');
  process.exit(2);
}
try {
  const result = await restoreDatabase(loadConfig(), values.in, { force: values.force });
  console.log(
    `Restored ${values.in} into the ${result.kind === 'postgres' ? 'PostgreSQL database of DATABASE_URL' : 'embedded database (DATA_DIR)'}.`,
  );
  if (result.previousDataDir) console.log(`The data directory that was there before is kept at ${result.previousDataDir}.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
