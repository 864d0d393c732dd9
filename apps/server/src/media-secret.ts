import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/**
 * The key of members-only files' signed URLs: MEDIA_SIGNING_SECRET when set, otherwise one generated on the first
 * start and kept in the `config` table, so every process behind a load balancer signs and checks alike.
 */
export async function mediaSigningSecret(db: Db, config: Config): Promise<string> {
  if (config.mediaSigningSecret) return config.mediaSigningSecret;
  const generated = JSON.stringify(crypto.randomBytes(32).toString('base64url'));
  await db.execute(sql`INSERT INTO config (key, value) VALUES ('mediaSigningSecret', ${generated}::jsonb) ON CONFLICT (key) DO NOTHING`);
  const result = (await db.execute(sql`SELECT value FROM config WHERE key = 'mediaSigningSecret'`)) as unknown as { rows: { value: unknown }[] };
  const value = result.rows[0]?.value;
  return typeof value === 'string' ? value : String(JSON.parse(String(value)));
}
