import { users } from '../db/schema/core.ts';
import { invitationCodes } from '../db/schema/lifecycle.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_PASSWORD } from './core.ts';
import type { SeedContext } from './context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo content of the lifecycle domain: invitation codes (valid, expired, used up) and more accounts with a
 * company-assigned id and no email, like EMP-0001, so that each end-to-end run can register an address once.
 */
export async function seedLifecycle(ctx: SeedContext): Promise<void> {
  const { db, now, tenants } = ctx;
  await db.insert(invitationCodes).values([
    // Valid for a year with plenty of uses: the code a person trying the app signs up with.
    { code: 'WELCOME-2026', tenantId: tenants.corporate, expiresAt: new Date(now.getTime() + 365 * DAY_MS), maxUses: 100_000, usedCount: 0 },
    { code: 'EXPIRED-2025', tenantId: tenants.corporate, expiresAt: new Date(now.getTime() - 30 * DAY_MS), maxUses: 100, usedCount: 3 },
    { code: 'USEDUP-2026', tenantId: tenants.corporate, expiresAt: new Date(now.getTime() + 365 * DAY_MS), maxUses: 2, usedCount: 2 },
    { code: 'LITE-2026', tenantId: tenants.lite, expiresAt: new Date(now.getTime() + 365 * DAY_MS), maxUses: 1000, usedCount: 0 },
  ]);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const extra = [
    { id: 'EMP-0002', nickname: '社員0002', userName: '丸野 二郎', userPhonetic: 'まるの じろう', gender: 1, heightTenths: 1724 },
    { id: 'EMP-0003', nickname: '社員0003', userName: '丸野 三葉', userPhonetic: 'まるの みつは', gender: 2, heightTenths: 1598 },
    { id: 'EMP-0004', nickname: '社員0004', userName: '丸野 四郎', userPhonetic: 'まるの しろう', gender: 1, heightTenths: 1661 },
  ];
  await db.insert(users).values(
    extra.map((e, i) => ({
      tenantId: tenants.corporate,
      email: null,
      loginId: e.id,
      loginIdLower: e.id.toLowerCase(),
      passwordHash,
      nickname: e.nickname,
      userName: e.userName,
      userPhonetic: e.userPhonetic,
      attribution1: '営業部',
      birthYear: 1991 + i,
      heightTenths: e.heightTenths,
      gender: e.gender,
      locale: 'ja',
      acceptedTermsVersion: 0,
    })),
  );
}
