import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Any fixed number: the advisory lock that keeps two starting processes from migrating at once. */
const LOCK_ID = 72_011_917;

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies every migration file not yet recorded, in name order, each in its own transaction,
 * on one connection under an advisory lock (PostgreSQL) so that parallel starts wait for each other.
 * Files are plain SQL, numbered per domain range (docs/decisions/004-sql-migrations.md).
 */
export async function migrate(database: Database): Promise<string[]> {
  return database.withConnection(async (query) => {
    const applied: string[] = [];
    const pgServer = database.kind === 'postgres';
    if (pgServer) await query(`SELECT pg_advisory_lock(${LOCK_ID})`);
    try {
      await query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = new Set((await query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
      for (const file of migrationFiles()) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        try {
          await query(`BEGIN;\n${text}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
        } catch (error) {
          await query('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
    } finally {
      if (pgServer) await query(`SELECT pg_advisory_unlock(${LOCK_ID})`);
    }
    return applied;
  });
}
