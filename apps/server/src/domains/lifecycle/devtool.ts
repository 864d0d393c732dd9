import { eq, sql } from 'drizzle-orm';
import type { PayloadOf } from '@hibi/contract/protocol';
import type { saveDevtoolUser as saveDef } from '@hibi/contract/functions/lifecycle';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/core.ts';
import { tokyoDay } from '@hibi/contract/time';
import { refreshUserAggregates } from '../health/service.ts';

/** The signed-in test user as the developer tool edits it (height in cm). */
export async function devtoolUser(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return {
    displayName: u!.nickname,
    comment: u!.comment,
    birthYear: u!.birthYear,
    gender: u!.gender,
    height: u!.heightTenths === null ? null : u!.heightTenths / 10,
    imageUrl: u!.profileImageUrl,
  };
}

/**
 * The developer tool's save (spec 2 §2: "it does no validation"): profile fields, today's weight and the target
 * weight in one transaction, bounded only by what the tables hold. A member's screens keep their own rules
 * (updateProfile, registerTargetWeight); this call exists only while DEVTOOL_PATH is set.
 */
export async function saveDevtoolUser(db: Db, userId: number, p: PayloadOf<typeof saveDef>, now: Date): Promise<void> {
  const today = tokyoDay(now.getTime());
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(users)
      .set({
        nickname: p.displayName,
        comment: p.comment,
        birthYear: p.birthYear,
        gender: p.gender,
        heightTenths: p.height === null ? null : Math.round(p.height * 10),
      })
      .where(eq(users.id, userId));
    if (p.weight !== null) {
      await tx.execute(sql`
        INSERT INTO health_logs (user_id, day, weight) VALUES (${userId}, ${today}::date, ${p.weight})
        ON CONFLICT (user_id, day) DO UPDATE SET weight = EXCLUDED.weight`);
      await refreshUserAggregates(tx, userId, [today]);
    }
    if (p.targetWeight !== null) {
      await tx.execute(sql`
        INSERT INTO target_weights (user_id, weight, registered_at) VALUES (${userId}, ${p.targetWeight}, now())
        ON CONFLICT (user_id) DO UPDATE SET weight = EXCLUDED.weight, registered_at = EXCLUDED.registered_at`);
    }
  });
}
