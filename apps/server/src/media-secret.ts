import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { rows } from './db/query.ts';

/**
 * The key of members-only files' signed URLs: MEDIA_SIGNING_SECRET when set, otherwise one generated on the first
 * start and kept in the `config` table, so every process behind a load balancer signs and checks alike.
 */
export async function mediaSigningSecret(db: Db, config: Config): Promise<string> {
  if (config.mediaSigningSecret) return config.mediaSigningSecret;
  const generated = JSON.stringify(crypto.randomBytes(32).toString('base64url'));
  await db.execute(sql`INSERT INTO config (key, value) VALUES ('mediaSigningSecret', ${generated}::jsonb) ON CONFLICT (key) DO NOTHING`);
  const [row] = await rows<{ value: unknown }>(db, sql`SELECT value FROM config WHERE key = 'mediaSigningSecret'`);
  const value = row?.value;
  return typeof value === 'string' ? value : String(JSON.parse(String(value)));
}
