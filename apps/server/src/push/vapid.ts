import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Web Push's VAPID key pair (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise a pair generated
 * on the first start and kept in the `config` table (as the media signing key is), so every process behind a load
 * balancer signs alike and browsers' subscriptions stay valid across restarts.
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const generated = webpush.generateVAPIDKeys();
  await db.execute(
    sql`INSERT INTO config (key, value) VALUES ('vapidKeys', ${JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey })}::jsonb)
        ON CONFLICT (key) DO NOTHING`,
  );
  const [row] = await rows<{ value: unknown }>(db, sql`SELECT value FROM config WHERE key = 'vapidKeys'`);
  const value = (typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value) as Partial<VapidKeys> | undefined;
  if (!value?.publicKey || !value.privateKey) throw new Error('the kept VAPID keys are unreadable');
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}
