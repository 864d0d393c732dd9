import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/helpers.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { backupDatabase, NotEmptyError, restoreDatabase } from './backup.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hibi-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A member with some data of their own: a profile and a day of steps. */
async function addMember(database: Database): Promise<void> {
  await database.withConnection(async (query) => {
    await query(`INSERT INTO tenants (id, name_ja, contract_type, corporate_contract) VALUES (77, 'バックアップ株式会社', 1, true)`);
    await query(
      `INSERT INTO users (id, tenant_id, email, password_hash, nickname, accepted_terms_version) VALUES (501, 77, 'backup.member@example.com', 'x', 'バックアップさん', 2)`,
    );
    await query(`INSERT INTO daily_steps (user_id, day, steps) VALUES (501, '2026-03-01', 12345)`);
  });
}

async function readMember(database: Database) {
  return database.withConnection(async (query) => {
    const rows = await query(
      `SELECT u.email, u.nickname, t.name_ja, s.steps FROM users u JOIN tenants t ON t.id = u.tenant_id JOIN daily_steps s ON s.user_id = u.id WHERE u.id = 501`,
    );
    const [migrations] = await query(`SELECT count(*)::int AS n FROM schema_migrations`);
    return { rows, migrations: migrations!.n };
  });
}
const MEMBER = [{ email: 'backup.member@example.com', nickname: 'バックアップさん', name_ja: 'バックアップ株式会社', steps: 12345 }];

describe('backup and restore of the embedded database (PGlite)', () => {
  it('restores a backup into an empty DATA_DIR and reads the member back; refuses a non-empty one unless forced', async () => {
    const source = path.join(work, 'source');
    const database = await openPglite(source);
    await migrate(database);
    await addMember(database);
    await database.close();

    const file = path.join(work, 'pglite-backup.tar.gz');
    const backup = await backupDatabase({ databaseUrl: undefined, dataDir: source }, file);
    expect(backup).toMatchObject({ kind: 'pglite', file });
    expect(backup.bytes).toBeGreaterThan(1000);

    const target = path.join(work, 'target');
    expect(fs.existsSync(target)).toBe(false);
    await restoreDatabase({ databaseUrl: undefined, dataDir: target }, file);
    const restored = await openPglite(target);
    expect(await readMember(restored)).toEqual({ rows: MEMBER, migrations: expect.any(Number) });
    expect((await readMember(restored)).migrations).toBeGreaterThan(5);
    // What happens after the restore is kept by the next one only when forced.
    await restored.withConnection((query) => query(`UPDATE daily_steps SET steps = 1 WHERE user_id = 501`));
    await restored.close();

    await expect(restoreDatabase({ databaseUrl: undefined, dataDir: target }, file)).rejects.toBeInstanceOf(NotEmptyError);
    const again = await openPglite(target);
    expect((await readMember(again)).rows[0]!.steps).toBe(1);
    await again.close();

    const forced = await restoreDatabase({ databaseUrl: undefined, dataDir: target }, file, { force: true });
    expect(forced.previousDataDir && fs.existsSync(forced.previousDataDir)).toBe(true);
    const replaced = await openPglite(target);
    expect((await readMember(replaced)).rows).toEqual(MEMBER);
    await replaced.close();
  }, 120_000);

  it('refuses a file that is not an embedded-database backup, and a missing DATA_DIR to back up', async () => {
    const bogus = path.join(work, 'bogus.dump');
    fs.writeFileSync(bogus, 'PGDMP not really');
    await expect(restoreDatabase({ databaseUrl: undefined, dataDir: path.join(work, 'never') }, bogus)).rejects.toThrow(
      /not an embedded-database backup/,
    );
    await expect(backupDatabase({ databaseUrl: undefined, dataDir: path.join(work, 'missing') }, path.join(work, 'x.tar.gz'))).rejects.toThrow(
      /nothing to back up/,
    );
    expect(fs.existsSync(path.join(work, 'never'))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('backup and restore of PostgreSQL (pg_dump / pg_restore)', () => {
  const names: string[] = [];
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const urlOf = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function createDb(): Promise<string> {
    const name = `hibi_backup_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    names.push(name);
    return urlOf(name);
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('restores a pg_dump backup into an empty database and reads the member back; refuses a non-empty one unless forced', async () => {
    expect(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' })).toMatch(/PostgreSQL/);
    const sourceUrl = await createDb();
    const source = await openPostgres(sourceUrl, 2);
    await migrate(source);
    await addMember(source);
    await source.close();

    const file = path.join(work, 'pg-backup.dump');
    expect(await backupDatabase({ databaseUrl: sourceUrl, dataDir: work }, file)).toMatchObject({ kind: 'postgres', file });

    const targetUrl = await createDb();
    await restoreDatabase({ databaseUrl: targetUrl, dataDir: work }, file);
    const target = await openPostgres(targetUrl, 2);
    try {
      const restored = await readMember(target);
      expect(restored.rows).toEqual(MEMBER);
      // The restored database is current: the server would apply no migration on it.
      expect(await migrate(target)).toEqual([]);

      await expect(restoreDatabase({ databaseUrl: targetUrl, dataDir: work }, file)).rejects.toBeInstanceOf(NotEmptyError);
      await target.withConnection((query) => query(`UPDATE daily_steps SET steps = 1 WHERE user_id = 501`));
    } finally {
      await target.close();
    }
    await restoreDatabase({ databaseUrl: targetUrl, dataDir: work }, file, { force: true });
    const replaced = await openPostgres(targetUrl, 2);
    try {
      expect((await readMember(replaced)).rows).toEqual(MEMBER);
    } finally {
      await replaced.close();
    }
  }, 120_000);
});
