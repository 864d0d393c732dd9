import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/query.ts';
import { createTestApp, type Payload, type TestApp } from '../../../test/helpers.ts';

// Wednesday 2026-11-18 12:00 in Asia/Tokyo.
const NOW = new Date('2026-11-18T03:00:00Z');
const day = (d: string) => Date.parse(`${d}T00:00:00+09:00`);
const noon = (d: string) => day(d) + 12 * 3_600_000;
const device = { osType: 'ios', osVersion: '17.1', appVersion: '3.2.0' };
const goodDay = { exercise: 1, breakfast: 1, nightMeal: 1, overeating: 1, overdrinking: 1, sleepness: 1, feeling: 1 } as const;

let t: TestApp;
let a: string; // member30
let b: string; // member31
const count = async (q: ReturnType<typeof sql>) => Number(((await t.database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  a = await t.login('member30@example.com');
  b = await t.login('member31@example.com');
}, 60_000);
afterAll(async () => t?.close());

async function upload(token: string, source: string, items: Payload<'uploadHealthData'>['healthData']) {
  const up = await t.call('uploadHealthData', { healthData: items, source, ...device }, token);
  expect(up.body).toMatchObject({ succeed: true });
  return t.call('notifyHealthDataFixed', { source, ...device }, token);
}

async function range(token: string, from: string, to: string, flags: Record<string, boolean> = {}) {
  const res = await t.call('getHealthDataByRange', { fromDateTime: day(from), toDateTime: day(to), ...flags }, token);
  expect(res.status).toBe(200);
  return res.body;
}

const ALL_FLAGS = {
  needsWeeklyAverage: true,
  needsStepStatistics: true,
  needsDailyScore: true,
  needsInterview: true,
  needsWeight: true,
  needsBMI: true,
  needsBodyFatPercentage: true,
};

describe('uploadHealthData and notifyHealthDataFixed', () => {
  it('stages until fixed, then replaces a re-sent day; the larger count of two devices stands', async () => {
    // A day inside the 14-day merge window that the demo gave no steps yet.
    await t.database.db.execute(
      sql`DELETE FROM daily_steps WHERE day = '2026-11-10' AND user_id = (SELECT id FROM users WHERE email = 'member30@example.com')`,
    );
    await t.database.db.execute(
      sql`DELETE FROM device_daily_steps WHERE day = '2026-11-10' AND user_id = (SELECT id FROM users WHERE email = 'member30@example.com')`,
    );
    const staged = await t.call('uploadHealthData', { healthData: [{ dateTime: noon('2026-11-10'), steps: 5000 }], source: 'phone', ...device }, a);
    expect(staged.body).toEqual({ succeed: true, stagedCount: 1 });
    expect((await range(a, '2026-11-10', '2026-11-10')).stepsData).toEqual([]);

    const fixed = await t.call('notifyHealthDataFixed', { source: 'phone', ...device }, a);
    expect(fixed.body).toEqual({ succeed: true, appliedDays: 1 });
    expect((await range(a, '2026-11-10', '2026-11-10')).stepsData).toEqual([{ dateTime: day('2026-11-10'), steps: 5000 }]);

    // The device is marked fixed when something was applied.
    const fixedAt = async () =>
      (
        await rows<{ at: string | null }>(
          t.database.db,
          sql`SELECT last_fixed_at::text AS at FROM health_devices
              WHERE source = 'phone' AND user_id = (SELECT id FROM users WHERE email = 'member30@example.com')`,
        )
      )[0]?.at;
    const firstFixed = await fixedAt();
    expect(firstFixed).toEqual(expect.any(String));

    // Notifying again applies nothing new (idempotent), and leaves the device's fixed time as it was.
    expect((await t.call('notifyHealthDataFixed', { source: 'phone', ...device }, a)).body.appliedDays).toBe(0);
    expect(await fixedAt()).toBe(firstFixed);

    // The same device sends the day again: it replaces (even downwards).
    await upload(a, 'phone', [{ dateTime: noon('2026-11-10'), steps: 4000 }]);
    expect((await range(a, '2026-11-10', '2026-11-10')).stepsData[0]!.steps).toBe(4000);

    // A watch reports more for the day: the larger count stands; a smaller one from the watch does not lower it.
    await upload(a, 'watch', [{ dateTime: noon('2026-11-10'), steps: 6100 }]);
    expect((await range(a, '2026-11-10', '2026-11-10')).stepsData[0]!.steps).toBe(6100);
    await upload(a, 'watch', [{ dateTime: noon('2026-11-10'), steps: 3000 }]);
    expect((await range(a, '2026-11-10', '2026-11-10')).stepsData[0]!.steps).toBe(4000);
  });

  it('merges steps over the last 14 days only: an older day with a count is final, an older empty day is still filled (FAQ 3004)', async () => {
    const c = await t.login('member32@example.com');
    const steps = async (d: string) => (await range(c, d, d)).stepsData[0]?.steps;
    await t.database.db.execute(
      sql`DELETE FROM daily_steps WHERE day IN ('2026-11-05', '2026-11-04', '2026-10-01') AND user_id = (SELECT id FROM users WHERE email = 'member32@example.com')`,
    );
    // 2026-11-05 is the first day of the window (2026-11-18 minus 13 days); 2026-11-04 is just outside it.
    await upload(c, 'phone', [
      { dateTime: noon('2026-11-05'), steps: 3000 },
      { dateTime: noon('2026-11-04'), steps: 3000 },
      { dateTime: noon('2026-10-01'), steps: 2500 },
    ]);
    expect([await steps('2026-11-05'), await steps('2026-11-04'), await steps('2026-10-01')]).toEqual([3000, 3000, 2500]);
    await upload(c, 'watch', [
      { dateTime: noon('2026-11-05'), steps: 9000 },
      { dateTime: noon('2026-11-04'), steps: 9000 },
      { dateTime: noon('2026-10-01'), steps: 9000 },
    ]);
    expect([await steps('2026-11-05'), await steps('2026-11-04'), await steps('2026-10-01')]).toEqual([9000, 3000, 2500]);
    await upload(c, 'phone', [{ dateTime: noon('2026-11-04'), steps: 100 }]);
    expect(await steps('2026-11-04')).toBe(3000);
  });

  it('stores weight and body fat from the device; 0 means not measured', async () => {
    await upload(a, 'scale', [
      { dateTime: noon('2026-01-07'), weight: 70.2, bodyFatPercentage: 22.5 },
      { dateTime: noon('2026-01-08'), weight: 0, bodyFatPercentage: 0, steps: 100 },
    ]);
    const r = await range(a, '2026-01-07', '2026-01-08', { needsWeight: true, needsBodyFatPercentage: true, needsBMI: true });
    expect(r.healthData).toHaveLength(1);
    // member30's height from the seed; BMI = weight / (height m)^2, one decimal.
    const [{ height_tenths }] = (
      (await t.database.db.execute(sql`SELECT height_tenths FROM users WHERE email = 'member30@example.com'`)) as unknown as {
        rows: { height_tenths: number }[];
      }
    ).rows as [{ height_tenths: number }];
    const m = height_tenths / 1000;
    expect(r.healthData[0]).toEqual({
      dateTime: day('2026-01-07'),
      weight: 70.2,
      bodyFatPercentage: 22.5,
      BMI: Math.round((70.2 / (m * m)) * 10) / 10,
    });
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM health_upload_items`);
    const cases: [object, number, string][] = [
      [{ healthData: [{ dateTime: noon('2026-01-09'), steps: -1 }] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: noon('2026-01-09'), steps: 1_000_000 }] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: noon('2026-01-09'), steps: 'many' }] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: noon('2026-01-09'), weight: 900 }] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: noon('2026-01-09'), bodyFatPercentage: 95 }] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: Date.UTC(1999, 5, 1), steps: 10 }] }, 400, 'validationError'],
      [{ healthData: [] }, 400, 'validationError'],
      [{ healthData: [{ dateTime: noon('2026-11-19'), steps: 10 }] }, 200, 'futureDate'],
      [
        {
          healthData: [
            { dateTime: noon('2026-01-09'), steps: 10 },
            { dateTime: day('2026-01-09'), steps: 20 },
          ],
        },
        200,
        'duplicateDate',
      ],
    ];
    for (const [payload, status, errorCode] of cases) {
      const res = await t.callRaw('uploadHealthData', { ...payload, source: 'bad', ...device }, a);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body).toMatchObject({ succeed: false, errorCode });
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM health_upload_items`)).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM health_devices WHERE source = 'bad'`)).toBe(0);
  });

  it('needs sign-in', async () => {
    const res = await t.call('uploadHealthData', { healthData: [{ dateTime: noon('2026-01-09'), steps: 1 }], source: 's', ...device });
    expect(res.status).toBe(401);
  });
});

describe('recordHealthData and the daily score', () => {
  it('scores a day by the documented formula and compares with the day before', async () => {
    // Days inside the 14-day step window, cleared of the demo's data (the day before included, for the comparison).
    for (const table of ['daily_steps', 'device_daily_steps', 'health_logs']) {
      await t.database.db.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE day BETWEEN '2026-11-11' AND '2026-11-13' AND user_id = (SELECT id FROM users WHERE email = 'member31@example.com')`,
      );
    }
    await upload(b, 'phone', [
      { dateTime: noon('2026-11-12'), steps: 9000 },
      { dateTime: noon('2026-11-13'), steps: 4000 },
    ]);
    const first = await t.call('recordHealthData', { dateTime: noon('2026-11-12'), ...goodDay, weight: 60, note: 'good' }, b);
    // exercise 50 + 50 (steps capped at 8000) = 100; everything else 100.
    expect(first.body).toEqual({ succeed: true, dateTime: day('2026-11-12'), score: 100 });
    const second = await t.call('recordHealthData', { dateTime: noon('2026-11-13'), ...goodDay, nightMeal: 2, sleepness: 2 }, b);
    // exercise 50 + 50*4000/8000 = 75; meal 200/3; drinking 100; sleep 0; stress 100 -> 341.67 / 5 = 68.3
    expect(second.body.score).toBe(68.3);
    const r = await range(b, '2026-11-12', '2026-11-13', { needsDailyScore: true, needsInterview: true, needsWeight: true });
    expect(r.healthData[1]).toMatchObject({ score: 68.3, comparisonScore: -31.7, nightMeal: 2, sleepness: 2, weight: null });
    expect(r.healthData[0]).toMatchObject({ score: 100, comparisonScore: null, weight: 60, note: 'good' });
    // Steps arriving later change the score (kept up to date as data arrives).
    await upload(b, 'phone', [{ dateTime: noon('2026-11-13'), steps: 8000 }]);
    const again = await range(b, '2026-11-13', '2026-11-13', { needsDailyScore: true });
    expect(again.healthData[0]!.score).toBe(73.3);
  });

  it('refuses ratings other than 1 or 2, absurd weights, future days, and stores nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM health_logs`);
    for (const bad of [
      { exercise: 3 },
      { feeling: 0 },
      { sleepness: '1' },
      { weight: -5 },
      { weight: 1000 },
      { bodyFatPercentage: 99 },
      { extra: 1 },
    ]) {
      const res = await t.callRaw('recordHealthData', { dateTime: noon('2026-01-14'), ...goodDay, ...bad }, b);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errorCode).toBe('validationError');
    }
    const { exercise: _omit, ...missing } = goodDay;
    expect((await t.callRaw('recordHealthData', { dateTime: noon('2026-01-14'), ...missing }, b)).status).toBe(400);
    const future = await t.call('recordHealthData', { dateTime: noon('2026-11-19'), ...goodDay }, b);
    expect(future.body).toMatchObject({ succeed: false, errorCode: 'futureDate' });
    expect(await count(sql`SELECT count(*)::int AS n FROM health_logs`)).toBe(before);
  });
});

describe('getHealthDataByRange weekly figures', () => {
  it('averages the week (rounded mean) and ranks among the tenant for that week', async () => {
    // Week of Monday 2026-01-19: nobody else has data.
    await upload(a, 'phone', [
      { dateTime: noon('2026-01-19'), steps: 1000 },
      { dateTime: noon('2026-01-20'), steps: 2000 },
      { dateTime: noon('2026-01-21'), steps: 2001 },
    ]);
    await upload(b, 'phone', [{ dateTime: noon('2026-01-25'), steps: 3000 }]);
    const ra = await range(a, '2026-01-19', '2026-01-25', ALL_FLAGS);
    expect(ra.weeklyStepsData).toEqual([
      { fromDateTime: day('2026-01-19'), toDateTime: day('2026-01-26') - 1, steps: 1667, stepStatistics: { rank: 2, maxRank: 2 } },
    ]);
    const rb = await range(b, '2026-01-19', '2026-01-25', ALL_FLAGS);
    expect(rb.weeklyStepsData[0]).toMatchObject({ steps: 3000, stepStatistics: { rank: 1, maxRank: 2 } });
    // Only the caller's own steps come back.
    expect(rb.stepsData).toEqual([{ dateTime: day('2026-01-25'), steps: 3000 }]);
    // A week without data.
    const empty = await range(a, '2026-02-02', '2026-02-08', ALL_FLAGS);
    expect(empty.weeklyStepsData).toEqual([expect.objectContaining({ steps: null, stepStatistics: null })]);
  });

  it('ranks the seeded population in the current week and returns the target weight', async () => {
    const member = await t.login('member@example.com');
    const r = await range(member, '2026-11-16', '2026-11-22', ALL_FLAGS);
    const stats = r.weeklyStepsData[0]!.stepStatistics;
    expect(stats!.maxRank).toBeGreaterThan(150);
    expect(stats!.rank).toBeGreaterThanOrEqual(1);
    expect(stats!.rank).toBeLessThanOrEqual(stats!.maxRank);
    const mean = Math.round(r.stepsData.reduce((s: number, d: { steps: number }) => s + d.steps, 0) / r.stepsData.length);
    expect(r.weeklyStepsData[0]!.steps).toBe(mean);
    expect(r.targetWeight).toEqual({ weight: 65 });
    expect(r.healthData.length).toBe(3);
  });

  it("refuses reversed and too long ranges and other users' fields", async () => {
    const rev = await t.call('getHealthDataByRange', { fromDateTime: day('2026-01-10'), toDateTime: day('2026-01-01') }, a);
    expect(rev.body).toMatchObject({ succeed: false, errorCode: 'invalidRange' });
    const long = await t.call('getHealthDataByRange', { fromDateTime: day('2025-01-01'), toDateTime: day('2026-01-01') }, a);
    expect(long.body).toMatchObject({ succeed: false, errorCode: 'rangeTooLong' });
    const other = await t.callRaw('getHealthDataByRange', { fromDateTime: day('2026-01-01'), toDateTime: day('2026-01-02'), userID: 1 }, a);
    expect(other.status).toBe(400);
  });
});

describe('registerTargetWeight', () => {
  it('applies the BMI 18.5 rule and the 2 kg a month guidance', async () => {
    const ok = await t.call('registerTargetWeight', { targetWeight: 64, currentHeight: 170, currentWeight: 70 }, a);
    expect(ok.body).toEqual({
      succeed: true,
      targetWeight: 64,
      idealWeight: 63.6,
      currentBMI: 24.2,
      targetBMI: 22.1,
      monthlyLossLimit: 2,
      monthsNeeded: 3,
    });
    expect((await range(a, '2026-11-18', '2026-11-18')).targetWeight).toEqual({ weight: 64 });
    const under = await t.call('registerTargetWeight', { targetWeight: 50, currentHeight: 170, currentWeight: 52 }, a);
    expect(under.body).toMatchObject({ succeed: false, errorCode: 'underweight' });
    const tooLow = await t.call('registerTargetWeight', { targetWeight: 52, currentHeight: 170, currentWeight: 70 }, a);
    expect(tooLow.body).toMatchObject({ succeed: false, errorCode: 'targetBelowHealthyBMI' });
    const absurd = await t.call('registerTargetWeight', { targetWeight: 5000, currentHeight: 170, currentWeight: 70 }, a);
    expect(absurd.status).toBe(400);
    expect((await range(a, '2026-11-18', '2026-11-18')).targetWeight).toEqual({ weight: 64 });
  });
});

describe('getHealthLogInputStatus', () => {
  it('counts the days in a row up to today, or up to yesterday', async () => {
    const c = await t.login('member32@example.com');
    await t.database.db.execute(sql`DELETE FROM health_logs WHERE user_id = (SELECT id FROM users WHERE email = 'member32@example.com')`);
    expect((await t.call('getHealthLogInputStatus', {}, c)).body).toEqual({ succeed: true, continuousDays: 0, loggedToday: false });
    for (const d of ['2026-11-14', '2026-11-16', '2026-11-17']) {
      await t.call('recordHealthData', { dateTime: noon(d), ...goodDay }, c);
    }
    expect((await t.call('getHealthLogInputStatus', {}, c)).body).toEqual({ succeed: true, continuousDays: 2, loggedToday: false });
    await t.call('recordHealthData', { dateTime: noon('2026-11-18'), ...goodDay }, c);
    expect((await t.call('getHealthLogInputStatus', {}, c)).body).toEqual({ succeed: true, continuousDays: 3, loggedToday: true });
    const member = await t.login('member@example.com');
    expect((await t.call('getHealthLogInputStatus', {}, member)).body.continuousDays).toBeGreaterThanOrEqual(6);
  });
});

describe('getHealthLogStats', () => {
  it('withholds the peer histogram of a company with fewer than 5 scored members (issue 12, finding 19)', async () => {
    // nocontract@example.com is the only member of its company: its histogram would show its colleagues' nothing but
    // its own score; a company of 4 would show 3 colleagues' scores.
    const alone = await t.login('nocontract@example.com');
    await t.call('recordHealthData', { dateTime: noon('2026-11-16'), ...goodDay }, alone);
    const s = (await t.call('getHealthLogStats', { fromDateTime: day('2026-11-01') }, alone)).body;
    expect(s.succeed).toBe(true);
    expect(s.average.score).not.toBeNull();
    expect(s.histogram).toEqual({ buckets: [], userCount: 1, userBucketIndex: null, peerPosition: null, withheld: true });
    const big = (await t.call('getHealthLogStats', { fromDateTime: day('2026-10-01') }, await t.login('member@example.com'))).body;
    expect(big.histogram.withheld).toBe(false);
  });

  it('gives 4 monthly rows, category averages, the highest-first histogram with the peer position and the input rate', async () => {
    const member = await t.login('member@example.com');
    const res = await t.call('getHealthLogStats', { fromDateTime: day('2026-10-01') }, member);
    expect(res.body.succeed).toBe(true);
    const s = res.body;
    expect(s.month).toBe('2026-10');
    expect(s.scoreData.map((r: { month: string }) => r.month)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10']);
    expect(s.histogram.buckets).toHaveLength(10);
    expect(s.histogram.buckets[0]).toMatchObject({ from: 90, to: 100 });
    expect(s.histogram.buckets[9]).toMatchObject({ from: 0, to: 10 });
    const total = s.histogram.buckets.reduce((n: number, bk: { count: number }) => n + bk.count, 0);
    expect(total).toBe(s.histogram.userCount);
    expect(total).toBeGreaterThan(150);
    // The peer position: share of users in the member's bucket or higher.
    const idx = s.histogram.userBucketIndex;
    const score = s.average.score;
    expect(idx).toBe(9 - Math.min(9, Math.floor(score! / 10)));
    const above = s.histogram.buckets.slice(0, idx! + 1).reduce((n: number, bk: { count: number }) => n + bk.count, 0);
    expect(s.histogram.peerPosition).toBe(Math.round((above / total) * 1000) / 10);
    expect(s.daysInMonth).toBe(31);
    expect(s.inputRate).toBe(Math.round((s.inputDays / 31) * 1000) / 10);
    // Category averages match the monthly row, and the monthly score is the mean of the daily scores.
    expect(s.average).toMatchObject({ exercise: s.scoreData[3]!.exercise, sleep: s.scoreData[3]!.sleep });
    const [{ n: avg }] = (
      (await t.database.db.execute(sql`
      SELECT round(avg(score), 1)::float8 AS n FROM health_daily_scores
      WHERE user_id = (SELECT id FROM users WHERE email = 'member@example.com') AND day >= '2026-10-01' AND day < '2026-11-01'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(score).toBe(avg);
  });

  it('refuses months before December 2021 and in the future', async () => {
    const member = await t.login('member@example.com');
    for (const m of ['2021-11-01', '2026-12-01']) {
      const res = await t.call('getHealthLogStats', { fromDateTime: day(m) }, member);
      expect(res.body).toMatchObject({ succeed: false, errorCode: 'invalidMonth' });
    }
    const empty = await t.call('getHealthLogStats', { fromDateTime: day('2021-12-01') }, member);
    expect(empty.body).toMatchObject({ succeed: true, inputRate: 0, histogram: { userCount: 0, peerPosition: null } });
  });
});
