import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';
import { rows } from '../src/db/query.ts';
import { prepareStatements, statementName } from '../src/db/prepared.ts';
import { applyStaged, stageUpload } from '../src/domains/health/service.ts';
import { addDays } from '@hibi/contract/time';
import { createTestDatabase, onPostgres } from './helpers.ts';

/**
 * Statements with parameters are prepared once per pooled connection (db/prepared.ts, decision 159): PostgreSQL
 * parses and plans them once, not at every call. PostgreSQL only (PGlite has no pool).
 */
describe.skipIf(!onPostgres)('prepared statements', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const table = `prepared_${crypto.randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, label text)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 'one'), (2, 'two')`);
  });
  afterAll(async () => {
    await admin.query(`DROP TABLE IF EXISTS ${table}`);
    await admin.end();
  });

  it('prepares a drizzle statement with parameters once and runs it again by name', async () => {
    const database = await openPostgres(url, 1);
    try {
      const query = (id: number) => rows<{ label: string }>(database.db, sql`SELECT label FROM ${sql.raw(table)} WHERE id = ${id}`);
      expect(await query(1)).toEqual([{ label: 'one' }]);
      expect(await query(2)).toEqual([{ label: 'two' }]);
      const text = `SELECT label FROM ${table} WHERE id = $1`;
      const prepared = await rows(database.db, sql`SELECT name, statement FROM pg_prepared_statements WHERE statement = ${text}`);
      // One statement for both calls, under the name of its text.
      expect(prepared).toEqual([{ name: statementName(text), statement: text }]);
      // A statement without parameters (here: begin, commit) is not prepared.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
      });
      const all = (await rows<{ statement: string }>(database.db, sql`SELECT statement FROM pg_prepared_statements WHERE ${1} = 1`)).map(
        (r) => r.statement,
      );
      expect(all).not.toContain('begin');
      expect(all).not.toContain('SELECT 1');
    } finally {
      await database.close();
    }
  });

  it('names at most the bound of statements per connection; the rest run unnamed', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareStatements(pool, 3);
    try {
      for (let k = 0; k < 6; k++) {
        const { rows } = await pool.query(`SELECT $1::int + ${k} AS n`, [1]);
        expect(rows).toEqual([{ n: 1 + k }]);
      }
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE $1::int = 1', [1]);
      expect(rows[0]!.n).toBe(3);
    } finally {
      await pool.end();
    }
  });

  it('a statement whose result changed shape under it fails once, then runs unnamed on that connection', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareStatements(pool);
    try {
      const query = () => pool.query(`SELECT * FROM ${table} WHERE id = $1`, [1]);
      expect((await query()).rows).toEqual([{ id: 1, label: 'one' }]);
      await admin.query(`ALTER TABLE ${table} ADD COLUMN extra int DEFAULT 7`);
      // PostgreSQL refuses the prepared plan once: the caller sees that error (a 503 or 500 at a call's level)…
      await expect(query()).rejects.toMatchObject({ code: '0A000' });
      // …and from then on the text runs unnamed, with the new shape.
      expect((await query()).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
      expect((await query()).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
    } finally {
      await pool.end();
    }
  });

  it('keeps node-postgres’s own named statements and callbacks as they are', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareStatements(pool);
    try {
      const named = await pool.query({ name: 'mine', text: `SELECT label FROM ${table} WHERE id = $1`, values: [2] });
      expect(named.rows).toEqual([{ label: 'two' }]);
      const client = await pool.connect();
      try {
        const viaCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
          client.query(`SELECT label FROM ${table} WHERE id = $1`, [1], (error, result) => (error ? reject(error) : resolve(result))),
        );
        expect(viaCallback.rows).toEqual([{ label: 'one' }]);
        const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE $1::int = 1 ORDER BY name', [1]);
        expect(rows.map((r) => r.name)).toContain('mine');
        expect(rows.map((r) => r.name)).toContain(statementName(`SELECT label FROM ${table} WHERE id = $1`));
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});

/**
 * A step upload and its notify are one statement each (migration 0820, decision 164): the apply and the aggregates run
 * inside PostgreSQL, where they were thirteen statements in a transaction. Their statements there run on generic plans:
 * PostgreSQL judged the running totals' generic plan dearer than custom ones and planned them again at every upload,
 * a fifth of its time in the soak (decision 160).
 */
describe.skipIf(!onPostgres)('a step upload', () => {
  it('is one statement to stage and one to apply, and the functions plan once', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const [user] = await rows<{ id: number }>(db, sql`INSERT INTO users (email, nickname) VALUES ('plans@example.com', 'plans') RETURNING id`);
      const device = { source: 'phone', osType: 'ios', osVersion: '18.0', appVersion: '1.0.0' };
      const today = '2026-11-20';
      // One connection throughout (a transaction): prepared statements are per connection, and each run of one is a
      // plan, generic or custom, in pg_prepared_statements.
      const statements = await db.transaction(async (tx) => {
        for (let k = 0; k < 8; k++) {
          const day = addDays(today, -(k % 3));
          await stageUpload(tx as never, user!.id, device, [{ day, steps: 1000 + k, weight: null, body_fat_percentage: null }]);
          expect(await applyStaged(tx as never, user!.id, 'phone', today)).toBe(1);
        }
        return rows<{ statement: string; runs: number }>(
          tx as never,
          sql`SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
              WHERE statement ~ ${'health_|hibi_'}`,
        );
      });
      const opening = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 24);
      expect(statements.map((s) => [opening(s.statement), s.runs]).sort()).toEqual([
        ['SELECT hibi_apply_staged', 8],
        ['WITH device AS ( INSERT ', 8],
      ]);
      const settings = await rows<{ name: string; config: string[] }>(
        db,
        sql`SELECT proname AS name, proconfig AS config FROM pg_proc
            WHERE proname IN ('hibi_apply_staged', 'hibi_refresh_user_aggregates') ORDER BY proname`,
      );
      expect(settings).toEqual([
        { name: 'hibi_apply_staged', config: ['plan_cache_mode=force_generic_plan'] },
        { name: 'hibi_refresh_user_aggregates', config: ['plan_cache_mode=force_generic_plan'] },
      ]);
      const [total] = await rows<{ steps: string }>(
        db,
        sql`SELECT steps::text FROM health_running_totals WHERE user_id = ${user!.id} ORDER BY day DESC LIMIT 1`,
      );
      // Days 20, 19, 18 hold their last uploads' counts: 1006 + 1007 + 1005.
      expect(total!.steps).toBe(String(1006 + 1007 + 1005));
    } finally {
      await database.close();
    }
  });
});
