// npm run db:backup -- --out FILE: a backup of the configured database (README "Backups").
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupDatabase, BackupError } from './backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
if (!values.out) {
  console.error('Usage: npm run db:backup -- --out FILE');
  process.exit(2);
}
try {
  const result = await backupDatabase(loadConfig(), values.out);
  console.log(
    `Backed up the ${result.kind === 'postgres' ? 'PostgreSQL database (pg_dump custom format)' : 'embedded database (PGlite data directory, tar.gz)'} to ${result.file} (${result.bytes} bytes)`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
