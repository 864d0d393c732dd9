import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { runMaintenance, startMaintenance } from './maintenance.ts';
import { loadConfig } from './config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('removes expired sessions and old rate-limit windows, keeps live ones', async () => {
  const live = await t.login('member07@example.com');
  await t.login('member08@example.com');
  await t.database.db.execute(
    sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'member08@example.com')`,
  );
  await t.database.db.execute(
    sql`INSERT INTO rate_limit_buckets (key, window_start, count) VALUES ('old', now() - interval '3 days', 5), ('fresh', now(), 1)`,
  );
  const stop = startMaintenance(t.database.db, (e) => {
    throw e;
  });
  // The first pass starts at once; wait for what it does, not for a fixed time.
  await vi.waitFor(
    async () => {
      const buckets = (await t.database.db.execute(sql`SELECT key FROM rate_limit_buckets WHERE key IN ('old', 'fresh')`)) as unknown as {
        rows: { key: string }[];
      };
      expect(buckets.rows.map((r) => r.key)).toEqual(['fresh']);
    },
    { timeout: 10_000, interval: 20 },
  );
  stop();
  const sessions = (await t.database.db.execute(sql`SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id`)) as unknown as {
    rows: { email: string }[];
  };
  expect(sessions.rows.map((r) => r.email)).toEqual(['member07@example.com']);
  expect((await t.call('authenticateWithToken', {}, live)).status).toBe(200);
});

it('prunes outbox mail past OUTBOX_RETENTION_DAYS, spent emailed links, and keeps what may still be needed', async () => {
  const db = t.database.db;
  const exec = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  await db.execute(sql`DELETE FROM mail_outbox`);
  await db.execute(sql`INSERT INTO mail_outbox (kind, locale, to_address, subject, text_body, html_body, message_id, status, created_at, locked_until) VALUES
    ('reset', 'en', 'old-sent@example.org', 's', '', '', '<m1@t>', 'sent', now() - interval '8 days', NULL),
    ('reset', 'en', 'old-pending@example.org', 's', 'b', 'b', '<m2@t>', 'pending', now() - interval '8 days', NULL),
    ('reset', 'en', 'old-sending@example.org', 's', 'b', 'b', '<m3@t>', 'sending', now() - interval '8 days', now() + interval '1 minute'),
    ('reset', 'en', 'recent-sent@example.org', 's', '', '', '<m4@t>', 'sent', now() - interval '6 days', NULL),
    ('reset', 'en', 'new-pending@example.org', 's', 'b', 'b', '<m5@t>', 'pending', now(), NULL)`);
  const [user] = await exec<{ id: number }>(sql`SELECT id FROM users WHERE email = 'member09@example.com'`);
  await db.execute(sql`DELETE FROM email_links WHERE user_id = ${user!.id}`);
  await db.execute(sql`INSERT INTO email_links (user_id, purpose, token_hash, expires_at, used_at) VALUES
    (${user!.id}, 'reset', 'used', now() + interval '10 minutes', now() - interval '1 minute'),
    (${user!.id}, 'reset', 'expired-long-ago', now() - interval '2 days', NULL),
    (${user!.id}, 'reset', 'expired-recently', now() - interval '1 hour', NULL),
    (${user!.id}, 'reset', 'fresh', now() + interval '10 minutes', NULL)`);

  await runMaintenance(db, new Date(), { outboxRetentionDays: 7 });

  const mails = await exec<{ to_address: string }>(sql`SELECT to_address FROM mail_outbox ORDER BY id`);
  expect(mails.map((m) => m.to_address)).toEqual(['old-sending@example.org', 'recent-sent@example.org', 'new-pending@example.org']);
  const links = await exec<{ token_hash: string }>(sql`SELECT token_hash FROM email_links WHERE user_id = ${user!.id} ORDER BY id`);
  expect(links.map((l) => l.token_hash)).toEqual(['expired-recently', 'fresh']);

  // A shorter retention takes the six-day-old mail too.
  await runMaintenance(db, new Date(), { outboxRetentionDays: 5 });
  expect((await exec<{ to_address: string }>(sql`SELECT to_address FROM mail_outbox ORDER BY id`)).map((m) => m.to_address)).toEqual([
    'old-sending@example.org',
    'new-pending@example.org',
  ]);
});

it('reads OUTBOX_RETENTION_DAYS, 7 by default, and refuses a value that is not a positive whole number', () => {
  expect(loadConfig({} as NodeJS.ProcessEnv).outboxRetentionDays).toBe(7);
  expect(loadConfig({ OUTBOX_RETENTION_DAYS: '30' } as NodeJS.ProcessEnv).outboxRetentionDays).toBe(30);
  expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: 'abc' } as NodeJS.ProcessEnv)).toThrow(/OUTBOX_RETENTION_DAYS/);
  expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' } as NodeJS.ProcessEnv)).toThrow(/OUTBOX_RETENTION_DAYS/);
});
