import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addDays, tokyoDay, tokyoDayStart, tokyoWeek } from '@hibi/contract/time';

let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.login('member@example.com');
});
afterAll(async () => {
  await t?.close();
});

async function q<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function idOf(email: string): Promise<number> {
  return Number((await q<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]!.id);
}
const memberN = (n: number) => `member${String(n).padStart(2, '0')}@example.com`;

/** The week's rank recomputed from daily_steps in plain JS: rounded mean of recorded days, rank = 1 + users above. */
async function expectedWeekRank(userId: number, tenantId: number | null) {
  const now = new Date();
  const { monday, sunday } = tokyoWeek(now);
  const data = await q<{ user_id: number; steps: number }>(
    sql`SELECT d.user_id, d.steps FROM daily_steps d JOIN users u ON u.id = d.user_id
        WHERE d.day BETWEEN ${monday}::date AND ${sunday}::date AND u.tenant_id IS NOT NULL
        ${tenantId === null ? sql`` : sql`AND u.tenant_id = ${tenantId}`}`,
  );
  const byUser = new Map<number, number[]>();
  for (const r of data) byUser.set(Number(r.user_id), [...(byUser.get(Number(r.user_id)) ?? []), Number(r.steps)]);
  const avgs = new Map([...byUser].map(([u, s]) => [u, Math.round(s.reduce((a, b) => a + b, 0) / s.length)]));
  const mine = avgs.get(userId);
  return {
    userCount: avgs.size,
    averageSteps: mine ?? 0,
    rank: mine === undefined ? null : 1 + [...avgs.values()].filter((a) => a > mine).length,
  };
}

describe('getMyProfile', () => {
  it('answers 401 without a token and 400 for an unknown field', async () => {
    expect((await t.call('getMyProfile', {})).status).toBe(401);
    const bad = await t.callRaw('getMyProfile', { userID: 2 }, member);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('validationError');
  });

  it("returns member@example.com's head, basic information (height to one decimal, target weight) and mail setting", async () => {
    const { body } = await t.call('getMyProfile', {}, member);
    expect(body.succeed).toBe(true);
    expect(body.profile).toEqual({
      nickname: 'ひびき',
      comment: '毎朝ウォーキング中',
      attribution1: '総務部',
      profileImageUrl: '/media/account/avatars/sunflower.svg',
      backgroundImageUrl: '/media/account/backgrounds/morning-walk.svg',
    });
    expect(body.personalInformation).toEqual({ birthYear: 1988, height: 170.2, gender: 1, targetWeight: 65 });
    expect(body.accessTypes).toEqual({ userSteps: 1, teamMatches: 1 });
    expect(body.distributionStatus).toEqual({ email: true });
  });

  it("ranks this week's average among the tenant's users, as recomputed from daily_steps", async () => {
    const { body } = await t.call('getMyProfile', {}, member);
    const me = await idOf('member@example.com');
    const tenant = Number((await q<{ tenant_id: number }>(sql`SELECT tenant_id FROM users WHERE id = ${me}`))[0]!.tenant_id);
    const expected = await expectedWeekRank(me, tenant);
    expect(body.userSteps).toEqual(expected);
    expect(body.userSteps.userCount).toBeGreaterThan(150);
  });

  it('gives the week Monday to Sunday in Asia/Tokyo with each day’s steps', async () => {
    const { body } = await t.call('getMyProfile', {}, member);
    const { monday } = tokyoWeek(new Date());
    expect(body.weeklySteps.map((d: { dateTime: number }) => d.dateTime)).toEqual(
      Array.from({ length: 7 }, (_, i) => tokyoDayStart(addDays(monday, i))),
    );
    const today = tokyoDay(new Date());
    const todayRow = body.weeklySteps.find((d: { dateTime: number }) => d.dateTime === tokyoDayStart(today));
    const stored = await q<{ steps: number }>(
      sql`SELECT d.steps FROM daily_steps d JOIN users u ON u.id = d.user_id WHERE u.email = 'member@example.com' AND d.day = ${today}::date`,
    );
    expect(todayRow!.steps).toBe(stored[0] ? Number(stored[0].steps) : null);
    for (const d of body.weeklySteps) if (d.dateTime > tokyoDayStart(today)) expect(d.steps).toBeNull();
  });

  it('computes team matches: only teams of 7 or more rank, daily average and rank by the average since the start', async () => {
    const { body } = await t.call('getMyProfile', {}, member);
    expect(body.teamMatches.length).toBe(2);
    const running = body.teamMatches[0];
    expect(running!.name).toBe('秋のチーム対抗ウォーク 2026');
    expect(running!.team.memberCount).toBeGreaterThanOrEqual(7);
    // 24 teams take part, two of them with 5 members: 22 are ranked.
    expect(running!.maxRank).toBe(22);
    // Started 16 days ago; today is excluded, so 16 finished days.
    expect(running!.rankHistory.length).toBe(16);
    expect(running!.stepsHistory.length).toBe(16);

    // Recompute from the raw tables.
    const teams = await q<{ team_id: number; league: string; user_id: number }>(
      sql`SELECT t.id AS team_id, t.league, m.user_id FROM team_match_teams t JOIN team_match_members m ON m.team_id = t.id WHERE t.team_match_id = ${running!.id}`,
    );
    const members = new Map<number, number[]>();
    const leagues = new Map<number, string>();
    for (const r of teams) {
      members.set(Number(r.team_id), [...(members.get(Number(r.team_id)) ?? []), Number(r.user_id)]);
      leagues.set(Number(r.team_id), r.league);
    }
    const ranked = [...members].filter(([, m]) => m.length >= 7);
    const days = running!.rankHistory.map((r: { dateTime: number }) => tokyoDay(r.dateTime));
    const steps = await q<{ user_id: number; day: string; steps: number }>(
      sql`SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, steps FROM daily_steps WHERE day BETWEEN ${days[0]}::date AND ${days.at(-1)}::date`,
    );
    const stepOf = new Map(steps.map((s) => [`${s.user_id}:${s.day}`, Number(s.steps)]));
    const total = (team: number[], day: string) => team.reduce((a, u) => a + (stepOf.get(`${u}:${day}`) ?? 0), 0);
    const own = members.get(running!.team.id)!;
    const lastDay = days.length - 1;
    expect(running!.stepsHistory[lastDay]!.steps).toBe(Math.round(total(own, days[lastDay]!) / own.length));
    const cumulative = (team: number[]) => days.reduce((a: number, d: string) => a + total(team, d), 0) / (team.length * days.length);
    const mine = cumulative(own);
    expect(running!.rankHistory[lastDay]!.rank).toBe(1 + ranked.filter(([, m]) => cumulative(m) > mine).length);
    const league = leagues.get(running!.team.id)!;
    expect(running!.league).toBe(league);
    const sameLeague = ranked.filter(([id]) => leagues.get(id) === league);
    expect(running!.maxLeagueRank).toBe(sameLeague.length);
    expect(running!.leagueRank).toBe(1 + sameLeague.filter(([, m]) => cumulative(m) > mine).length);
  });

  it('shows no team matches when the contract has none, even for a user in a team', async () => {
    const lite = await idOf('lite@example.com');
    const team = (await q<{ id: number; team_match_id: number }>(sql`SELECT id, team_match_id FROM team_match_teams LIMIT 1`))[0]!;
    await t.database.db.execute(
      sql`INSERT INTO team_match_members (team_id, team_match_id, user_id) VALUES (${team.id}, ${team.team_match_id}, ${lite})`,
    );
    const { body } = await t.call('getMyProfile', {}, await t.login('lite@example.com'));
    expect(body.teamMatches).toEqual([]);
    await t.database.db.execute(sql`DELETE FROM team_match_members WHERE user_id = ${lite}`);
  });
});

describe("team days follow the programs' counting rule (docs/requirements/programs.md#programs-counting)", () => {
  /** Held days of team matches that differ from daily_steps (the seed holds every uploaded day). */
  const drift = () =>
    q(sql`SELECT e.user_id, d.day FROM team_match_entries e JOIN team_matches m ON m.id = e.team_match_id
            JOIN daily_steps d ON d.user_id = e.user_id AND d.day BETWEEN m.start_date AND m.end_date
            LEFT JOIN program_days p ON p.program_kind = 'teamMatch' AND p.program_id = m.id AND p.user_id = e.user_id AND p.day = d.day
           WHERE p.steps IS DISTINCT FROM d.steps`);

  it('hold what members uploaded; an upload holds the new figure, a write around the upload path changes nothing', async () => {
    expect(await drift()).toEqual([]);
    const { db } = t.database;
    const email = memberN(120);
    const u = await idOf(email);
    const match = (
      await q<{ team_match_id: number }>(sql`SELECT team_match_id FROM team_match_entries e JOIN team_matches m ON m.id = e.team_match_id
                                                        WHERE e.user_id = ${u} ORDER BY m.start_date DESC LIMIT 1`)
    )[0]!.team_match_id;
    const yesterday = addDays(tokyoDay(new Date()), -1);
    const heldOf = async () =>
      Number(
        (
          await q<{ steps: number }>(sql`SELECT steps FROM program_days WHERE program_kind = 'teamMatch' AND program_id = ${match}
                                         AND user_id = ${u} AND day = ${yesterday}::date`)
        )[0]?.steps ?? -1,
      );
    const token = await t.login(email);
    const device = { source: 'account-test', osType: 'ios', osVersion: '17', appVersion: '3.2.0' };
    expect(
      (await t.call('uploadHealthData', { healthData: [{ dateTime: tokyoDayStart(yesterday), steps: 23_456 }], ...device }, token)).body.succeed,
    ).toBe(true);
    expect((await t.call('notifyHealthDataFixed', device, token)).body.succeed).toBe(true);
    const now = Number((await q<{ steps: number }>(sql`SELECT steps FROM daily_steps WHERE user_id = ${u} AND day = ${yesterday}::date`))[0]!.steps);
    expect(await heldOf()).toBe(now);
    // A write that does not go through the upload is not the member's upload: the program keeps its figure.
    await db.execute(sql`UPDATE daily_steps SET steps = steps + 100 WHERE user_id = ${u} AND day = ${yesterday}::date`);
    expect(await heldOf()).toBe(now);
    // A withdrawal deletes the member's held days by cascade.
    await db.execute(sql`DELETE FROM users WHERE id = ${u}`);
    expect(await q(sql`SELECT 1 FROM program_days WHERE user_id = ${u}`)).toEqual([]);
  });
});

describe('getUserContract', () => {
  it('answers the tenant contract of the caller', async () => {
    expect((await t.call('getUserContract', {}, member)).body).toEqual({
      succeed: true,
      contractType: 1,
      teamMatchEnabled: true,
      emailDistributionEnabled: true,
    });
    const lite = await t.login('lite@example.com');
    expect((await t.call('getUserContract', {}, lite)).body).toEqual({
      succeed: true,
      contractType: 5,
      teamMatchEnabled: false,
      emailDistributionEnabled: false,
    });
  });
});

describe('updateProfile', () => {
  it('stores nickname, comment, birth year, height in tenths and gender', async () => {
    const token = await t.login(memberN(30));
    const { body } = await t.call(
      'updateProfile',
      { displayName: ' あるく人 ', comment: '一日一万歩', birthYear: 1991, height: 165.5, gender: 2 },
      token,
    );
    expect(body.succeed).toBe(true);
    expect(body.profile.nickname).toBe('あるく人');
    expect(body.personalInformation).toMatchObject({ birthYear: 1991, height: 165.5, gender: 2 });
    const row = (
      await q<Record<string, unknown>>(sql`SELECT nickname, comment, birth_year, height_tenths, gender FROM users WHERE email = ${memberN(30)}`)
    )[0];
    expect(row).toEqual({ nickname: 'あるく人', comment: '一日一万歩', birth_year: 1991, height_tenths: 1655, gender: 2 });
    // Omitted fields stay.
    await t.call('updateProfile', { comment: '' }, token);
    expect((await q<{ nickname: string }>(sql`SELECT nickname FROM users WHERE email = ${memberN(30)}`))[0]!.nickname).toBe('あるく人');
  });

  it('refuses bad input and stores nothing', async () => {
    const token = await t.login(memberN(31));
    const before = (await q(sql`SELECT nickname, comment, birth_year, height_tenths, gender FROM users WHERE email = ${memberN(31)}`))[0];
    const cases: [unknown, number, string][] = [
      [{ displayName: 'あ'.repeat(13) }, 400, 'validationError'],
      [{ displayName: '   ' }, 400, 'validationError'],
      [{ displayName: 'a\u0000b' }, 400, 'validationError'],
      [{ comment: 'c'.repeat(16) }, 400, 'validationError'],
      [{ birthYear: 123 }, 400, 'validationError'],
      [{ birthYear: 1990.5 }, 400, 'validationError'],
      [{ birthYear: '1990' }, 400, 'validationError'],
      [{ birthYear: 1800 }, 200, 'invalidBirthYear'],
      [{ birthYear: 2999 }, 200, 'invalidBirthYear'],
      [{ height: 0 }, 400, 'validationError'],
      [{ height: 1000 }, 400, 'validationError'],
      [{ height: -170 }, 400, 'validationError'],
      [{ height: 170.25 }, 200, 'invalidHeight'],
      [{ gender: 3 }, 400, 'validationError'],
      [{ gender: 0 }, 400, 'validationError'],
      [{ userID: 1, displayName: 'x' }, 400, 'validationError'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await t.callRaw('updateProfile', payload, token);
      expect([JSON.stringify(payload), res.status, res.body.errorCode]).toEqual([JSON.stringify(payload), status, code]);
    }
    const after = (await q(sql`SELECT nickname, comment, birth_year, height_tenths, gender FROM users WHERE email = ${memberN(31)}`))[0];
    expect(after).toEqual(before);
  });
});

describe('updateDistributionSetting', () => {
  it('switches the mail magazine where the contract has it', async () => {
    const token = await t.login(memberN(32));
    expect((await t.call('updateDistributionSetting', { email: false }, token)).body).toEqual({
      succeed: true,
      distributionStatus: { email: false },
    });
    expect((await t.call('getMyProfile', {}, token)).body.distributionStatus).toEqual({ email: false });
    await t.call('updateDistributionSetting', { email: true }, token);
    expect((await t.call('getMyProfile', {}, token)).body.distributionStatus).toEqual({ email: true });
  });

  it('refuses where the contract has no mail distribution, and bad input', async () => {
    const lite = await t.login('lite@example.com');
    expect((await t.call('updateDistributionSetting', { email: false }, lite)).body).toEqual({ succeed: false, errorCode: 'notAvailable' });
    expect(
      (await q<{ email_distribution: boolean }>(sql`SELECT email_distribution FROM users WHERE email = 'lite@example.com'`))[0]!.email_distribution,
    ).toBe(true);
    expect((await t.callRaw('updateDistributionSetting', { email: 'no' }, member)).status).toBe(400);
    expect((await t.callRaw('updateDistributionSetting', {}, member)).status).toBe(400);
  });
});

describe('deleteLitePlanUser', () => {
  it('needs the current password: a stolen session alone cannot end the account (issue 12, finding 5)', async () => {
    const token = await t.login('lite@example.com');
    expect((await t.call('deleteLitePlanUser', { currentPassword: 'not-it' }, token)).body).toEqual({ succeed: false, errorCode: 'wrongPassword' });
    expect((await t.callRaw('deleteLitePlanUser', {}, token)).status).toBe(400);
    expect((await t.call('authenticateWithToken', {}, token)).status).toBe(200);
  });

  it('refuses every contract type but 5 and keeps the account', async () => {
    expect((await t.call('deleteLitePlanUser', { currentPassword: 'wellbeing-demo' }, member)).body).toEqual({
      succeed: false,
      errorCode: 'notLitePlan',
    });
    const nocontract = await t.login('nocontract@example.com');
    expect((await t.call('deleteLitePlanUser', { currentPassword: 'wellbeing-demo' }, nocontract)).body.errorCode).toBe('notLitePlan');
    expect((await t.call('authenticateWithToken', {}, member)).body.succeed).toBe(true);
  });

  it('deletes a lite-plan account with its data and ends all its sessions', async () => {
    const id = await idOf('lite-e2e-1@example.com');
    const token = await t.login('lite-e2e-1@example.com');
    const other = await t.login('lite-e2e-1@example.com');
    const friend = await idOf('lite-e2e-2@example.com');
    await t.call('requestFriend', { userID: friend }, token);
    expect((await t.call('deleteLitePlanUser', { currentPassword: 'wellbeing-demo' }, token)).body).toEqual({ succeed: true });
    expect((await t.call('authenticateWithToken', {}, other)).status).toBe(401);
    expect((await t.call('getMyProfile', {}, token)).status).toBe(401);
    expect((await t.call('login', { id: 'lite-e2e-1@example.com', password: 'wellbeing-demo' })).body.errorCode).toBe('invalidCredentials');
    expect(await q(sql`SELECT id FROM users WHERE id = ${id}`)).toEqual([]);
    expect(await q(sql`SELECT id FROM friendships WHERE user_low = ${id} OR user_high = ${id}`)).toEqual([]);
    expect(await q(sql`SELECT id FROM sessions WHERE user_id = ${id}`)).toEqual([]);
  });

  it('strips the account when a table without cascade still refers to it: it can never sign in again', async () => {
    const id = await idOf('lite-e2e-2@example.com');
    await t.database.db.execute(sql`CREATE TABLE withdraw_blocker (user_id integer REFERENCES users(id))`);
    await t.database.db.execute(sql`INSERT INTO withdraw_blocker VALUES (${id})`);
    try {
      const token = await t.login('lite-e2e-2@example.com');
      expect((await t.call('deleteLitePlanUser', { currentPassword: 'wellbeing-demo' }, token)).body).toEqual({ succeed: true });
      expect((await t.call('getMyProfile', {}, token)).status).toBe(401);
      expect((await t.call('login', { id: 'lite-e2e-2@example.com', password: 'wellbeing-demo' })).body.errorCode).toBe('invalidCredentials');
      const row = (await q<Record<string, unknown>>(sql`SELECT tenant_id, email, password_hash, nickname FROM users WHERE id = ${id}`))[0];
      expect(row).toEqual({ tenant_id: null, email: null, password_hash: null, nickname: '' });
    } finally {
      await t.database.db.execute(sql`DROP TABLE withdraw_blocker`);
    }
  });
});

describe('friends', () => {
  it('limits friend requests per member: 20 an hour, found or not, then 429 (issue 12, finding 15)', async () => {
    const sender = await t.login('member90@example.com');
    const ids = await q<{ id: number }>(sql`SELECT id FROM users WHERE email LIKE 'member1__@example.com' ORDER BY id LIMIT 20`);
    const answers = [];
    for (const { id } of ids) answers.push((await t.call('requestFriend', { userID: id }, sender)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const limited = await t.call('requestFriend', { userID: 999_999 }, sender);
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('tooManyRequests');
    // Another member is not affected.
    expect((await t.call('requestFriend', { userID: ids[0]!.id }, await t.login('member91@example.com'))).status).toBe(200);
  });

  it('pages member@example.com’s 16 friends 9 at a time, newest first, without pending requests', async () => {
    const first = await t.call('getOwnFriends', { offset: 0, perPage: 9 }, member);
    const second = await t.call('getOwnFriends', { offset: 9, perPage: 9 }, member);
    expect(first.body.friends.length).toBe(9);
    expect(second.body.friends.length).toBe(7);
    const ids = [...first.body.friends, ...second.body.friends].map((f: { user: { userID: number } }) => f.user.userID);
    expect(new Set(ids).size).toBe(16);
    const pendingIds = await Promise.all([56, 57, 58, 59].map((n) => idOf(memberN(n))));
    for (const p of pendingIds) expect(ids).not.toContain(p);
    expect(first.body.friends[0]!.user).toEqual({ userID: await idOf(memberN(40)), displayName: expect.any(String), imageUrl: expect.anything() });
    // Default page size is 9.
    expect((await t.call('getOwnFriends', {}, member)).body.friends.length).toBe(9);
  });

  it('refuses bad paging', async () => {
    for (const payload of [{ perPage: 0 }, { perPage: 51 }, { offset: -1 }, { offset: 'a' }, { perPage: 1.5 }]) {
      expect((await t.callRaw('getOwnFriends', payload, member)).status).toBe(400);
    }
  });

  it("shows a friend's step log and team matches only as far as that friend discloses them", async () => {
    // member40: both disclosed; member41: steps hidden; member42: teams hidden; member43: both hidden.
    const both = await t.call('getFriendProfile', { userID: await idOf(memberN(40)) }, member);
    expect(both.body.succeed).toBe(true);
    expect(both.body.accessTypes).toEqual({ userSteps: 1, teamMatches: 1 });
    expect(both.body.userSteps).toEqual(
      await expectedWeekRank(
        await idOf(memberN(40)),
        Number((await q<{ tenant_id: number }>(sql`SELECT tenant_id FROM users WHERE email = ${memberN(40)}`))[0]!.tenant_id),
      ),
    );
    expect(both.body.weeklySteps).toHaveLength(7);
    expect(Array.isArray(both.body.teamMatches)).toBe(true);

    const stepsHidden = await t.call('getFriendProfile', { userID: await idOf(memberN(41)) }, member);
    expect(stepsHidden.body).toMatchObject({ accessTypes: { userSteps: 0, teamMatches: 1 }, userSteps: null, weeklySteps: null });
    expect(Array.isArray(stepsHidden.body.teamMatches)).toBe(true);

    const teamsHidden = await t.call('getFriendProfile', { userID: await idOf(memberN(42)) }, member);
    expect(teamsHidden.body).toMatchObject({ accessTypes: { userSteps: 1, teamMatches: 0 }, teamMatches: null });
    expect(teamsHidden.body.userSteps).not.toBeNull();

    const hidden = await t.call('getFriendProfile', { userID: await idOf(memberN(43)) }, member);
    expect(hidden.body).toMatchObject({ accessTypes: { userSteps: 0, teamMatches: 0 }, userSteps: null, weeklySteps: null, teamMatches: null });
    expect(hidden.body.profile.nickname).toEqual(expect.any(String));
  });

  it('answers notFound with no data for a non-friend, a pending request, oneself and an unknown id', async () => {
    for (const userID of [await idOf(memberN(100)), await idOf(memberN(56)), await idOf(memberN(59)), await idOf('member@example.com'), 999_999]) {
      expect((await t.call('getFriendProfile', { userID }, member)).body).toEqual({ succeed: false, errorCode: 'notFound' });
    }
    for (const userID of [0, -1, '5', 1.5, 3_000_000_000]) expect((await t.callRaw('getFriendProfile', { userID }, member)).status).toBe(400);
  });

  it('request, requested, accept, remove: the mobile app’s friend flow', async () => {
    const a = await t.login(memberN(150));
    const b = await t.login(memberN(151));
    const aId = await idOf(memberN(150));
    const bId = await idOf(memberN(151));
    expect((await t.call('requestFriend', { userID: bId }, a)).body).toEqual({ succeed: true, status: 'requested' });
    expect((await t.call('requestFriend', { userID: bId }, a)).body.errorCode).toBe('alreadyRequested');
    expect((await t.call('getFriendRequests', {}, a)).body.sent.map((r: { user: { userID: number } }) => r.user.userID)).toEqual([bId]);
    expect((await t.call('getFriendRequests', {}, b)).body.received.map((r: { user: { userID: number } }) => r.user.userID)).toEqual([aId]);
    // The sender cannot accept their own request; not a friend yet.
    expect((await t.call('acceptFriendRequest', { userID: bId }, a)).body.errorCode).toBe('notFound');
    expect((await t.call('getFriendProfile', { userID: bId }, a)).body.errorCode).toBe('notFound');
    const accepted = await t.call('acceptFriendRequest', { userID: aId }, b);
    expect(accepted.body).toMatchObject({ succeed: true, friend: { user: { userID: aId } } });
    expect((await t.call('requestFriend', { userID: aId }, b)).body.errorCode).toBe('alreadyFriends');
    expect((await t.call('getFriendProfile', { userID: bId }, a)).body.succeed).toBe(true);
    expect((await t.call('getOwnFriends', {}, a)).body.friends.map((f: { user: { userID: number } }) => f.user.userID)).toContain(bId);
    expect((await t.call('removeFriend', { userID: aId }, b)).body).toEqual({ succeed: true });
    expect((await t.call('getFriendProfile', { userID: bId }, a)).body.errorCode).toBe('notFound');
    expect((await t.call('removeFriend', { userID: aId }, b)).body.errorCode).toBe('notFound');
  });

  it('asking back someone who asked you makes you friends', async () => {
    const a = await t.login(memberN(152));
    const b = await t.login(memberN(153));
    await t.call('requestFriend', { userID: await idOf(memberN(153)) }, a);
    expect((await t.call('requestFriend', { userID: await idOf(memberN(152)) }, b)).body).toEqual({ succeed: true, status: 'friends' });
  });

  it('refuses oneself, other companies’ users and unknown users, storing nothing', async () => {
    const me = await idOf('member@example.com');
    const count = async () => Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM friendships`))[0]!.n);
    const before = await count();
    expect((await t.call('requestFriend', { userID: me }, member)).body.errorCode).toBe('self');
    expect((await t.call('requestFriend', { userID: await idOf('lite@example.com') }, member)).body.errorCode).toBe('notFound');
    expect((await t.call('requestFriend', { userID: await idOf('former@example.com') }, member)).body.errorCode).toBe('notFound');
    expect((await t.call('requestFriend', { userID: 999_999 }, member)).body.errorCode).toBe('notFound');
    expect((await t.call('acceptFriendRequest', { userID: 999_999 }, member)).body.errorCode).toBe('notFound');
    expect((await t.callRaw('requestFriend', { userID: 'x' }, member)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lists member@example.com’s pending requests: three received, one sent', async () => {
    const { body } = await t.call('getFriendRequests', {}, member);
    expect(body.received.length).toBe(3);
    expect(body.sent.map((r: { user: { userID: number } }) => r.user.userID)).toEqual([await idOf(memberN(59))]);
  });
});

describe('finding members to befriend (issue 13, 2)', () => {
  const nicknameOf = async (email: string) => (await q<{ nickname: string }>(sql`SELECT nickname FROM users WHERE email = ${email}`))[0]!.nickname;
  type Found = { userID: number; displayName: string; imageUrl: string | null; relation: string };

  it('finds colleagues whose nickname contains the text, never the caller or another company’s members', async () => {
    const me = await idOf('member@example.com');
    const tenantId = Number((await q<{ tenant_id: number }>(sql`SELECT tenant_id FROM users WHERE id = ${me}`))[0]!.tenant_id);
    // Every colleague whose nickname holds "1", as the database has them.
    const expected = await q<{ id: number }>(sql`SELECT id FROM users WHERE tenant_id = ${tenantId} AND id <> ${me} AND nickname LIKE '%1%'`);
    const found: Found[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await t.call('searchMembers', { nickname: '1', offset, perPage: 50 }, member)).body.members as Found[];
      found.push(...page);
      if (page.length < 50) break;
    }
    expect(found.length).toBe(expected.length);
    expect(new Set(found.map((m) => m.userID))).toEqual(new Set(expected.map((r) => Number(r.id))));
    for (const m of found) expect(m.displayName).toContain('1');
    // Another company's member is not found even by the exact nickname; nor is the caller.
    expect((await t.call('searchMembers', { nickname: 'ノーコン' }, member)).body.members).toEqual([]);
    expect((await t.call('searchMembers', { nickname: 'ひびき' }, member)).body.members).toEqual([]);
    // The exact nickname comes first; the default page is 9; pages do not overlap.
    const exact = await nicknameOf(memberN(100));
    expect((await t.call('searchMembers', { nickname: exact }, member)).body.members[0]).toMatchObject({
      userID: await idOf(memberN(100)),
      displayName: exact,
    });
    const p1 = (await t.call('searchMembers', { nickname: '1' }, member)).body.members as Found[];
    const p2 = (await t.call('searchMembers', { nickname: '1', offset: 9 }, member)).body.members as Found[];
    expect(p1.length).toBe(9);
    expect(p1.map((m) => m.userID).filter((id) => p2.some((o) => o.userID === id))).toEqual([]);
  });

  it('says how each found member stands to the caller: friends, requested, received or none', async () => {
    const relationOf = async (email: string) => {
      const members = (await t.call('searchMembers', { nickname: await nicknameOf(email) }, member)).body.members as Found[];
      const id = await idOf(email);
      return members.find((m) => m.userID === id)!.relation;
    };
    expect(await relationOf(memberN(40))).toBe('friends');
    expect(await relationOf(memberN(59))).toBe('requested');
    expect(await relationOf(memberN(56))).toBe('received');
    expect(await relationOf(memberN(100))).toBe('none');
  });

  it('matches the text as typed (% and _ are no wildcards) and refuses empty, long or hostile text with a message', async () => {
    expect((await t.call('searchMembers', { nickname: '%' }, member)).body.members).toEqual([]);
    expect((await t.call('searchMembers', { nickname: '_' }, member)).body.members).toEqual([]);
    for (const [nickname, message] of [
      ['', '検索するニックネームを入力してください'],
      ['   ', '検索するニックネームを入力してください'],
      ['あ'.repeat(13), 'ニックネームは12文字以内で入力してください'],
      ['a\u0000b', undefined],
      ['\ud800', undefined],
      ['a\u202eb', undefined],
    ] as const) {
      const r = await t.call('searchMembers', { nickname }, member);
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('validationError');
      if (message) expect(r.body.validationErrorMessage).toContain(message);
    }
    for (const payload of [{ nickname: 'a', perPage: 51 }, { nickname: 'a', offset: -1 }, { nickname: 1 }, {}]) {
      expect((await t.callRaw('searchMembers', payload, member)).status).toBe(400);
    }
    expect((await t.call('searchMembers', { nickname: 'a' })).status).toBe(401);
  });

  it("lists a friend's colleague friends with their relation to the caller, paged; notFound for anyone else", async () => {
    const me = await idOf('member@example.com');
    const friendId = await idOf(memberN(40));
    const expected = await q<{ id: number }>(
      sql`SELECT CASE WHEN f.user_low = ${friendId} THEN f.user_high ELSE f.user_low END AS id FROM friendships f
          WHERE (f.user_low = ${friendId} OR f.user_high = ${friendId}) AND f.status = 'accepted'`,
    );
    const others = expected.map((r) => Number(r.id)).filter((id) => id !== me);
    const listed: Found[] = [];
    for (let offset = 0; ; offset += 9) {
      const page = await t.call('getFriendsOfFriend', { userID: friendId, offset }, member);
      expect(page.body.succeed).toBe(true);
      listed.push(...page.body.friends);
      if (page.body.friends.length < 9) break;
    }
    expect(new Set(listed.map((m) => m.userID))).toEqual(new Set(others));
    expect(listed.map((m) => m.userID)).not.toContain(me);
    const ownFriends = new Set(
      ((await t.call('getOwnFriends', { perPage: 50 }, member)).body.friends as { user: { userID: number } }[]).map((f) => f.user.userID),
    );
    for (const m of listed) expect(m.relation === 'friends').toBe(ownFriends.has(m.userID));
    // The seed gives member40 a friend of each kind, as member@example.com sees them.
    for (const [n, relation] of [
      [41, 'friends'],
      [56, 'received'],
      [59, 'requested'],
      [60, 'none'],
      [62, 'none'],
    ] as const) {
      const id = await idOf(memberN(n));
      expect(listed.find((m) => m.userID === id)?.relation).toBe(relation);
    }
    for (const userID of [await idOf(memberN(100)), await idOf(memberN(56)), await idOf(memberN(59)), me, 999_999]) {
      expect((await t.call('getFriendsOfFriend', { userID }, member)).body).toEqual({ succeed: false, errorCode: 'notFound' });
    }
  });

  it('ranking entries carry a user id and relation exactly when they are named', async () => {
    const ranking = (await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, member)).body.ranking as {
      userID: number | null;
      displayName: string | null;
      isMe: boolean;
      relation: string | null;
    }[];
    expect(ranking.some((r) => r.displayName !== null && !r.isMe)).toBe(true);
    for (const r of ranking) {
      expect(r.userID === null).toBe(r.displayName === null);
      expect(r.relation === null).toBe(r.displayName === null);
      if (r.isMe) expect(r.relation).toBe('self');
      else if (r.relation !== null) expect(['friends', 'requested', 'received', 'none']).toContain(r.relation);
    }
  });
});

describe('individual matches', () => {
  it("shows operator-run matches and the caller's own tenant's, never another tenant's", async () => {
    const { body } = await t.call('getIndividualMatches', {}, member);
    const names = body.individualMatches.map((m: { name: string }) => m.name);
    // Operator-run first, then by the start of their display window.
    expect(names).toEqual(['秋の個人チャレンジ（結果発表中）', '冬の個人ウォーキングチャレンジ', '丸の内 1日7000歩チャレンジ']);
    expect(body.individualMatches.map((m: { isGeneral: boolean }) => m.isGeneral)).toEqual([true, true, false]);
    expect(body.individualMatches.map((m: { isRegistered: boolean }) => m.isRegistered)).toEqual([true, false, false]);
    const en = await t.call('getIndividualMatches', { locale: 'en' }, await t.login('nocontract@example.com'));
    expect(en.body.individualMatches.map((m: { name: string }) => m.name)).toEqual([
      'Autumn Challenge (results)',
      'Winter Walking Challenge',
      'Hibiya Spring Step Challenge',
    ]);
  });

  it('joins a match once; refuses finished, hidden, mismatched and unknown ones', async () => {
    const token = await t.login(memberN(33));
    const list = (await t.call('getIndividualMatches', {}, token)).body.individualMatches;
    const tenantRun = list.find((m: { isGeneral: boolean }) => !m.isGeneral);
    const finished = list.find((m: { endDateTime: number }) => m.endDateTime < Date.now());
    expect((await t.call('enterIndividualMatch', { individualMatchID: tenantRun!.id, isGeneral: true }, token)).body.errorCode).toBe('notFound');
    expect((await t.call('enterIndividualMatch', { individualMatchID: tenantRun!.id, isGeneral: false }, token)).body).toEqual({
      succeed: true,
      isRegistered: true,
    });
    expect((await t.call('enterIndividualMatch', { individualMatchID: tenantRun!.id, isGeneral: false }, token)).body.succeed).toBe(true);
    expect(
      (await t.call('getIndividualMatches', {}, token)).body.individualMatches.find((m: { id: number }) => m.id === tenantRun!.id)!.isRegistered,
    ).toBe(true);
    expect((await t.call('enterIndividualMatch', { individualMatchID: finished!.id, isGeneral: true }, token)).body.errorCode).toBe('closed');
    const liteOnly = (await q<{ id: number }>(sql`SELECT id FROM individual_matches WHERE name_en = 'Lite Plan Walking Week'`))[0]!.id;
    expect((await t.call('enterIndividualMatch', { individualMatchID: liteOnly, isGeneral: false }, token)).body.errorCode).toBe('notFound');
    const longGone = (await q<{ id: number }>(sql`SELECT id FROM individual_matches WHERE name_en = 'Summer Challenge'`))[0]!.id;
    expect((await t.call('enterIndividualMatch', { individualMatchID: longGone, isGeneral: true }, token)).body.errorCode).toBe('notFound');
    expect((await t.call('enterIndividualMatch', { individualMatchID: 999_999, isGeneral: true }, token)).body.errorCode).toBe('notFound');
    expect((await t.callRaw('enterIndividualMatch', { individualMatchID: tenantRun!.id }, token)).status).toBe(400);
    const entries = await q(sql`SELECT 1 FROM individual_match_entries e JOIN users u ON u.id = e.user_id WHERE u.email = ${memberN(33)}`);
    expect(entries.length).toBe(1);
  });
});

describe('getCurrentUserStatus and getWalkingProgramRank', () => {
  it('answers matches, the latest weight with the target, and this week’s walking program', async () => {
    const { body } = await t.call('getCurrentUserStatus', { teamChatModifiedDates: [], pointHistoryFromDate: 0 }, member);
    expect(body.succeed).toBe(true);
    const latest = await q<{ weight: number }>(
      sql`SELECT weight::float8 AS weight FROM health_logs h JOIN users u ON u.id = h.user_id WHERE u.email = 'member@example.com' AND weight > 0 ORDER BY day DESC LIMIT 1`,
    );
    expect(body.weight).toEqual({ weight: Math.round(latest[0]!.weight * 10) / 10, targetWeight: 65 });
    const profile = (await t.call('getMyProfile', {}, member)).body;
    expect(body.walkingProgram).toMatchObject({
      goalSteps: 8000,
      averageSteps: profile.userSteps.averageSteps,
      rank: profile.userSteps.rank,
      userCount: profile.userSteps.userCount,
    });
    const week = tokyoWeek(new Date());
    expect([body.walkingProgram.fromDateTime, body.walkingProgram.toDateTime]).toEqual([week.fromDateTime, week.toDateTime]);
    const achieved = profile.weeklySteps.filter((d: { steps: number | null }) => (d.steps ?? 0) >= 8000).length;
    expect(body.walkingProgram.daysAchieved).toBe(achieved);
    expect(body.individualMatches.length).toBe(3);
    expect((await t.callRaw('getCurrentUserStatus', { teamChatModifiedDates: 'x' }, member)).status).toBe(400);
  });

  it('ranks within the tenant or among everyone, hiding the names of those who do not disclose', async () => {
    const me = await idOf('member@example.com');
    const tenant = await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, member);
    const all = await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: false }, member);
    const tenantId = Number((await q<{ tenant_id: number }>(sql`SELECT tenant_id FROM users WHERE id = ${me}`))[0]!.tenant_id);
    expect(tenant.body).toMatchObject(await expectedWeekRank(me, tenantId));
    expect(all.body).toMatchObject(await expectedWeekRank(me, null));
    const ranking = tenant.body.ranking as { rank: number; averageSteps: number; displayName: string | null }[];
    expect(ranking.length).toBe(10);
    expect(ranking[0]!.rank).toBe(1);
    for (let i = 1; i < ranking.length; i++) expect(ranking[i]!.averageSteps).toBeLessThanOrEqual(ranking[i - 1]!.averageSteps);
  });

  it('gives a member outside the top ten their own row after it; none inside it (issue 55, item 7)', async () => {
    const { monday } = tokyoWeek(new Date());
    const placed = await q<{ email: string; nickname: string; avg_steps: number }>(
      sql`SELECT u.email, u.nickname, w.avg_steps FROM weekly_steps w JOIN users u ON u.id = w.user_id
           WHERE w.week_start = ${monday}::date AND u.email IS NOT NULL
             AND u.tenant_id = (SELECT tenant_id FROM users WHERE email = 'member@example.com')
           ORDER BY w.avg_steps DESC, w.user_id`,
    );
    expect(placed.length).toBeGreaterThan(15);
    const far = placed[14]!;
    const body = (await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, await t.login(far.email))).body;
    expect(body.ranking).toHaveLength(10);
    expect(body.ranking.some((entry) => entry.isMe)).toBe(false);
    expect(body.rank).toBeGreaterThan(10);
    expect(body.me).toMatchObject({
      rank: body.rank,
      userID: expect.any(Number),
      displayName: far.nickname,
      averageSteps: Number(far.avg_steps),
      isMe: true,
      relation: 'self',
    });
    const top = (await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, await t.login(placed[0]!.email))).body;
    expect(top.ranking.some((entry) => entry.isMe)).toBe(true);
    expect(top.me).toBeNull();
  });

  it('names a colleague only when they agreed to appear; the step-log disclosure to friends does not count (issue 12, 7)', async () => {
    const { monday } = tokyoWeek(new Date());
    const topUser = (
      await q<{ user_id: number }>(
        sql`SELECT w.user_id FROM weekly_steps w JOIN users u ON u.id = w.user_id WHERE w.week_start = ${monday}::date AND u.tenant_id = (SELECT tenant_id FROM users WHERE email = 'member@example.com') ORDER BY w.avg_steps DESC, w.user_id LIMIT 1`,
      )
    )[0]!.user_id;
    await t.database.db.execute(sql`UPDATE users SET show_in_rankings = true, access_user_steps = 0 WHERE id = ${topUser}`);
    const named = (await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, member)).body.ranking[0];
    expect(named!.displayName).not.toBeNull();
    await t.database.db.execute(sql`UPDATE users SET show_in_rankings = false, access_user_steps = 1 WHERE id = ${topUser}`);
    const hidden = (await t.call('getWalkingProgramRank', { timestamp: Date.now(), filterbyTenant: true }, member)).body.ranking[0];
    expect(hidden).toMatchObject({ rank: 1, displayName: null, imageUrl: null, isMe: false });
    await t.database.db.execute(sql`UPDATE users SET show_in_rankings = true WHERE id = ${topUser}`);
  });

  it('among everyone, members of other companies never show a name or picture; one’s own entry is marked (issue 12, 7)', async () => {
    // The only member of another company walks the most this week and agreed to appear (in their own company).
    const other = await t.login('nocontract@example.com');
    const device = { source: 'phone', osType: 'ios', osVersion: '17', appVersion: '1' };
    const today = Date.now();
    await t.call('uploadHealthData', { ...device, healthData: [{ dateTime: today, steps: 99_000 }] }, other);
    await t.call('notifyHealthDataFixed', device, other);
    expect((await t.call('updateRankingVisibility', { showInRankings: true }, other)).body).toEqual({ succeed: true, showInRankings: true });
    const seenByMember = (await t.call('getWalkingProgramRank', { timestamp: today, filterbyTenant: false }, member)).body.ranking;
    expect(seenByMember[0]).toMatchObject({ rank: 1, averageSteps: expect.any(Number), displayName: null, imageUrl: null, isMe: false });
    const seenByThemselves = (await t.call('getWalkingProgramRank', { timestamp: today, filterbyTenant: false }, other)).body.ranking;
    expect(seenByThemselves[0]).toMatchObject({ rank: 1, displayName: 'ノーコン', isMe: true });
    // The setting is the member's own, and off for new members.
    expect((await t.call('getMyProfile', {}, other)).body.showInRankings).toBe(true);
    expect(
      (
        await q<{ d: boolean }>(
          sql`SELECT column_default IS NOT NULL AND column_default LIKE 'false%' AS d FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'show_in_rankings'`,
        )
      )[0]!.d,
    ).toBe(true);
  });

  it('refuses timestamps before 2000 or in the future', async () => {
    expect((await t.call('getWalkingProgramRank', { timestamp: Date.UTC(1999, 0, 1), filterbyTenant: true }, member)).body.errorCode).toBe(
      'invalidTimestamp',
    );
    expect((await t.call('getWalkingProgramRank', { timestamp: Date.now() + 10 * 86_400_000, filterbyTenant: true }, member)).body.errorCode).toBe(
      'invalidTimestamp',
    );
    expect((await t.callRaw('getWalkingProgramRank', { timestamp: -1 }, member)).status).toBe(400);
    expect((await t.callRaw('getWalkingProgramRank', { timestamp: 'now' }, member)).status).toBe(400);
  });
});

describe('updateAccessTypes', () => {
  it('changes what friends see, and only 0 or 1 is accepted', async () => {
    const friend = await t.login(memberN(44)); // a friend of member@example.com with both disclosed
    expect((await t.call('updateAccessTypes', { userSteps: 0 }, friend)).body.accessTypes).toEqual({ userSteps: 0, teamMatches: 1 });
    const seen = await t.call('getFriendProfile', { userID: await idOf(memberN(44)) }, member);
    expect(seen.body.userSteps).toBeNull();
    expect((await t.callRaw('updateAccessTypes', { userSteps: 2 }, friend)).status).toBe(400);
    await t.call('updateAccessTypes', { userSteps: 1 }, friend);
  });
});

describe('daily team ranks are computed once per refresh interval', () => {
  it('serves the computed ranks, then picks up a late upload once they are older than the interval', async () => {
    const before = (await t.call('getMyProfile', {}, member)).body.teamMatches[0];
    const lastRank = before!.rankHistory.at(-1)!.rank;
    expect(lastRank).toBeGreaterThan(1);
    // A team-mate's late upload for yesterday, over the daily cap.
    const mate = (
      await q<{ user_id: number }>(
        sql`SELECT user_id FROM team_match_members WHERE team_id = ${before!.team.id} AND user_id <> (SELECT id FROM users WHERE email = 'member@example.com') LIMIT 1`,
      )
    )[0]!.user_id;
    const yesterday = addDays(tokyoDay(new Date()), -1);
    // Through the upload path (the counting rule holds uploads only), over the program's daily cap of 30,000.
    const mateEmail = (await q<{ email: string }>(sql`SELECT email FROM users WHERE id = ${mate}`))[0]!.email;
    const token = await t.login(mateEmail);
    const device = { source: 'late-upload', osType: 'ios', osVersion: '17', appVersion: '3.2.0' };
    await t.call('uploadHealthData', { healthData: [{ dateTime: tokyoDayStart(yesterday), steps: 90_000 }], ...device }, token);
    await t.call('notifyHealthDataFixed', device, token);
    expect((await t.call('getMyProfile', {}, member)).body.teamMatches[0]!.rankHistory.at(-1)!.rank).toBe(lastRank);
    await t.database.db.execute(sql`UPDATE team_match_rank_state SET computed_at = now() - interval '11 minutes'`);
    const after = (await t.call('getMyProfile', {}, member)).body.teamMatches[0];
    expect(after!.rankHistory.at(-1)!.rank).toBeLessThanOrEqual(lastRank);
    // Counted at the cap: the day's team average grew by at most 30,000 / members.
    const grew = after!.stepsHistory.at(-1)!.steps - before!.stepsHistory.at(-1)!.steps;
    expect(grew).toBeGreaterThan(0);
    expect(grew).toBeLessThanOrEqual(Math.ceil(30_000 / after!.team.memberCount));
  });
});
