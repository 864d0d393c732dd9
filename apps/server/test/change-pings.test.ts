import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Notifier } from '../src/db/client.ts';
import { onPostgres } from './helpers.ts';

/**
 * The read barrier's pings (db/changes.ts, issue 31): each process pings on a channel only its own listening
 * connection listens on, so the other processes are not woken by them, and a ping still comes back only after every
 * notice committed before it (PostgreSQL keeps one queue of notifications in commit order, whatever the channel).
 * Two listening connections stand for two server processes. PostgreSQL only: PGlite has no pings.
 */
describe.skipIf(!onPostgres)("the read barrier's pings (PostgreSQL)", () => {
  // A channel of this test's own: other test files' writes never reach it.
  const channel = `hibi_test_changes_${crypto.randomBytes(4).toString('hex')}`;
  const heard = { a: [] as string[], b: [] as string[] };
  let a: Database;
  let b: Database;
  let pingA: Notifier;
  let writer: pg.Client;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    [a, b] = await Promise.all([openPostgres(url, 2), openPostgres(url, 2)]);
    pingA = (await a.listen(
      channel,
      (payload) => heard.a.push(payload),
      () => {},
    ))!;
    await b.listen(
      channel,
      (payload) => heard.b.push(payload),
      () => {},
    );
    writer = new pg.Client({ connectionString: url });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end();
    await Promise.all([a?.close(), b?.close()]);
  });

  /** Resolves once `list` holds `payload` (a notice is delivered a little after its commit). */
  async function until(list: string[], payload: string) {
    for (let i = 0; i < 500 && !list.includes(payload); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(list).toContain(payload);
  }

  it("come back after the notices committed before them, and never reach another process's connection", async () => {
    // A write's notice, committed before the ping is sent, as a trigger's would be (migration 0700).
    await writer.query('SELECT pg_notify($1, $2)', [channel, 'daily_steps@1']);
    await pingA('ping:a:1');
    await until(heard.a, 'ping:a:1');
    expect(heard.a).toEqual(['daily_steps@1', 'ping:a:1']);

    // The other connection hears the writes' notices and not the ping: a notice committed after the ping is read
    // after it from the one queue, so once B has heard it, the ping would have reached B already.
    await writer.query('SELECT pg_notify($1, $2)', [channel, 'daily_steps@2']);
    await until(heard.b, 'daily_steps@2');
    expect(heard.b).toEqual(['daily_steps@1', 'daily_steps@2']);
  });
});
