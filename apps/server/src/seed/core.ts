import { eq } from 'drizzle-orm';
import { config, tenants, users } from '../db/schema/core.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { seededRandom } from './random.ts';
import type { SeedContext } from './context.ts';

export const DEMO_PASSWORD = 'wellbeing-demo';
export const POPULATION_SIZE = 200;

const NICKNAMES = ['さくら', 'はると', 'ゆい', 'そうた', 'めい', 'れん', 'ひな', 'ゆうと', 'あおい', 'りく', 'Mika', 'Ken', 'Aya', 'Taro', 'Emi'];
const DEPARTMENTS = ['営業部', '総務部', '開発部', '人事部', '経理部', 'マーケティング部'];

/** Tenants, the named demo accounts and the 200-member population (docs/requirements/platform.md#platform-demo-content). */
export async function seedCore(db: Db, now: Date): Promise<SeedContext> {
  const rnd = seededRandom(20261121);
  // One hash for every demo account: they share a password, and argon2id is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.update(config).set({ value: 2 }).where(eq(config.key, 'termsVersion'));

  const [corporate, lite, noContract] = await db
    .insert(tenants)
    .values([
      {
        nameJa: '丸の内ホールディングス株式会社',
        nameEn: 'Marunouchi Holdings Inc.',
        contractType: 1,
        corporateContract: true,
        teamMatchEnabled: true,
        emailDistributionEnabled: true,
      },
      {
        nameJa: 'ライトプラン・スタジオ合同会社',
        nameEn: 'Lite Plan Studio LLC',
        contractType: 5,
        corporateContract: false,
        teamMatchEnabled: false,
        emailDistributionEnabled: false,
      },
      {
        nameJa: '日比谷トレーディング株式会社',
        nameEn: 'Hibiya Trading Co., Ltd.',
        contractType: 2,
        corporateContract: false,
        teamMatchEnabled: false,
        emailDistributionEnabled: false,
      },
    ])
    .returning({ id: tenants.id });

  const base = { passwordHash, acceptedTermsVersion: 0, locale: 'ja' };
  const [member, liteUser, noContractUser, emp] = await db
    .insert(users)
    .values([
      {
        ...base,
        tenantId: corporate!.id,
        email: 'member@example.com',
        nickname: 'ひびき',
        userName: '日比 響',
        userPhonetic: 'ひび ひびき',
        comment: '毎朝ウォーキング中',
        attribution1: '総務部',
        birthYear: 1988,
        heightTenths: 1702,
        gender: 1,
        acceptedTermsVersion: 2,
        showInRankings: true,
      },
      {
        ...base,
        tenantId: lite!.id,
        email: 'lite@example.com',
        nickname: 'ライト',
        userName: '軽井 沢子',
        userPhonetic: 'かるい さわこ',
        attribution1: 'スタジオ',
        birthYear: 1994,
        heightTenths: 1585,
        gender: 2,
        acceptedTermsVersion: 2,
      },
      {
        ...base,
        tenantId: noContract!.id,
        email: 'nocontract@example.com',
        nickname: 'ノーコン',
        userName: '日比谷 太郎',
        userPhonetic: 'ひびや たろう',
        attribution1: '貿易部',
        birthYear: 1979,
        heightTenths: 1755,
        gender: 1,
        acceptedTermsVersion: 2,
      },
      {
        ...base,
        tenantId: corporate!.id,
        email: null,
        loginId: 'EMP-0001',
        loginIdLower: 'emp-0001',
        nickname: '社員0001',
        userName: '丸野 一',
        userPhonetic: 'まるの はじめ',
        attribution1: '営業部',
        birthYear: 1990,
        heightTenths: 1680,
        gender: 1,
      },
    ])
    .returning({ id: users.id });
  // Someone whose company left the programme: right password, but no longer a tenant user.
  await db.insert(users).values({ ...base, tenantId: null, email: 'former@example.com', nickname: '退職者' });

  const populationRows = Array.from({ length: POPULATION_SIZE }, (_, i) => {
    const n = i + 1;
    const gender = rnd.int(1, 2);
    return {
      ...base,
      tenantId: corporate!.id,
      email: `member${String(n).padStart(2, '0')}@example.com`,
      nickname: `${rnd.pick(NICKNAMES)}${n}`,
      attribution1: rnd.pick(DEPARTMENTS),
      birthYear: rnd.int(1965, 2002),
      heightTenths: gender === 1 ? rnd.int(1600, 1850) : rnd.int(1480, 1700),
      gender,
      acceptedTermsVersion: 2,
      // Four in five agreed to appear in their company's rankings (a rule, not a draw: the random sequence stays).
      showInRankings: n % 5 !== 0,
    };
  });
  const population = await db.insert(users).values(populationRows).returning({ id: users.id });

  return {
    db,
    now,
    tenants: { corporate: corporate!.id, lite: lite!.id, noContract: noContract!.id },
    users: {
      member: member!.id,
      lite: liteUser!.id,
      noContract: noContractUser!.id,
      emp0001: emp!.id,
      population: population.map((p) => p.id),
    },
  };
}
