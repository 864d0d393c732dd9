import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { startMaintenance } from './maintenance.ts';

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
  await t.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'member08@example.com')`);
  await t.database.db.execute(sql`INSERT INTO rate_limit_buckets (key, window_start, count) VALUES ('old', now() - interval '3 days', 5), ('fresh', now(), 1)`);
  const stop = startMaintenance(t.database.db, (e) => {
    throw e;
  });
  await new Promise((r) => setTimeout(r, 300));
  stop();
  const sessions = (await t.database.db.execute(sql`SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id`)) as unknown as { rows: { email: string }[] };
  expect(sessions.rows.map((r) => r.email)).toEqual(['member07@example.com']);
  const buckets = (await t.database.db.execute(sql`SELECT key FROM rate_limit_buckets WHERE key IN ('old', 'fresh')`)) as unknown as { rows: { key: string }[] };
  expect(buckets.rows.map((r) => r.key)).toEqual(['fresh']);
  expect((await t.call('authenticateWithToken', {}, live)).status).toBe(200);
});
