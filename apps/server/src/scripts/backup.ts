import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { childProcessEnvironment, type Config } from '../config.ts';

/**
 * Backups of the configured database (docs/decisions/077-backups-and-pruning.md, README "Backups"):
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom` to the file; `pg_restore` into an empty database.
 * - PGlite (the embedded default, `DATA_DIR`): the whole data directory as a gzipped tar (`dumpDataDir`); restoring
 *   creates the data directory from it (`loadDataDir`). The server must be stopped: the folder is one process's.
 * A restore refuses a target that holds data unless forced.
 */

export class BackupError extends Error {}

/** The target of a restore already holds data (and `force` was not given). */
export class NotEmptyError extends BackupError {}

/** The first bytes of each kind of backup file, so that a restore can say it was given the wrong one. */
const PG_CUSTOM_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function startsWith(file: string, magic: Buffer): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    return fs.readSync(fd, head, 0, magic.length, 0) === magic.length && head.equals(magic);
  } finally {
    fs.closeSync(fd);
  }
}

/** The URL without its password (which goes to the child through PGPASSWORD, not its command line). */
function pgTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: childProcessEnvironment(password ? { PGPASSWORD: password } : {}) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (same major version as the server or newer)`
            : error.message,
        ),
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Tables of the application in the PostgreSQL database (none in an empty one). */
async function pgTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

function dataDirHasData(dataDir: string): boolean {
  return fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
}

export interface BackupResult {
  kind: 'postgres' | 'pglite';
  file: string;
  bytes: number;
}

/** Writes a backup of the configured database to `outFile` (written to a temporary name, then renamed). */
export async function backupDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, outFile: string): Promise<BackupResult> {
  const file = path.resolve(outFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    if (config.databaseUrl) {
      const { dbname, env } = pgTarget(config.databaseUrl);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`], env);
    } else {
      if (!dataDirHasData(config.dataDir)) throw new BackupError(`No embedded database in ${config.dataDir} (DATA_DIR): nothing to back up`);
      const db = new PGlite(config.dataDir);
      try {
        await db.waitReady;
        const dump = await db.dumpDataDir('gzip');
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { kind: config.databaseUrl ? 'postgres' : 'pglite', file, bytes: fs.statSync(file).size };
}

export interface RestoreResult {
  kind: 'postgres' | 'pglite';
  /** With `force` on PGlite: where the data directory that was there before was moved. */
  previousDataDir?: string;
}

/**
 * Restores `inFile` into the configured database, which must be empty (no tables / no data directory) unless `force`:
 * then PostgreSQL objects are dropped and recreated from the backup, and an embedded data directory is moved aside
 * (`<DATA_DIR>.before-restore-<time>`), not deleted.
 */
export async function restoreDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  inFile: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const file = path.resolve(inFile);
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  if (config.databaseUrl) {
    if (!startsWith(file, PG_CUSTOM_MAGIC)) throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump custom format); DATABASE_URL is set`);
    const tables = await pgTableCount(config.databaseUrl);
    if (tables > 0 && !options.force) {
      throw new NotEmptyError(
        `The database of DATABASE_URL is not empty (${tables} tables); restore into an empty database, or pass --force to replace its contents`,
      );
    }
    const { dbname, env } = pgTarget(config.databaseUrl);
    const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
    await run('pg_restore', [...clean, '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], env);
    return { kind: 'postgres' };
  }
  if (!startsWith(file, GZIP_MAGIC)) throw new BackupError(`${file} is not an embedded-database backup (gzipped tar); DATABASE_URL is not set`);
  let previousDataDir: string | undefined;
  if (dataDirHasData(config.dataDir)) {
    if (!options.force)
      throw new NotEmptyError(`${config.dataDir} (DATA_DIR) is not empty; restore into an empty or missing folder, or pass --force to move it aside`);
    previousDataDir = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(config.dataDir, previousDataDir);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    const db = new PGlite(config.dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.waitReady;
    // Proves the restored database answers before the restore counts as done.
    await db.query('SELECT 1');
    await db.close();
  } catch (error) {
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    if (previousDataDir) fs.renameSync(previousDataDir, config.dataDir);
    throw error;
  }
  return { kind: 'pglite', previousDataDir };
}
