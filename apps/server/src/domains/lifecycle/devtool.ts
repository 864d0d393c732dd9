import type { PayloadOf } from '@hibi/contract/protocol';
import type { saveDevtoolUser as saveDef } from '@hibi/contract/functions/lifecycle';
import { tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { saveTargetWeight, saveWeightOfDay } from '../health/service.ts';
import { updateUser, userById } from './data.ts';

/** The signed-in test user as the developer tool edits it (height in cm). */
export async function devtoolUser(db: Db, userId: number) {
  const u = await userById(db, userId);
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
 * The developer tool's save (docs/requirements/account.md#account-devtool: "it does no validation"): profile fields, today's weight and the target
 * weight in one transaction, bounded only by what the tables hold. A member's screens keep their own rules
 * (updateProfile, registerTargetWeight); this call exists only while DEVTOOL_PATH is set.
 */
export async function saveDevtoolUser(db: Db, userId: number, p: PayloadOf<typeof saveDef>, now: Date): Promise<void> {
  const today = tokyoDay(now.getTime());
  await transaction(db, async (tx) => {
    await updateUser(tx, userId, {
      nickname: p.displayName,
      comment: p.comment,
      birthYear: p.birthYear,
      gender: p.gender,
      heightTenths: p.height === null ? null : Math.round(p.height * 10),
    });
    if (p.weight !== null) await saveWeightOfDay(tx, userId, today, p.weight);
    if (p.targetWeight !== null) await saveTargetWeight(tx, userId, p.targetWeight);
  });
}
