import { FLAG_MEDIAN_FACTOR, FLAG_MEDIAN_MIN } from '@hibi/contract/functions/programs';
import { startOfTokyoDay, tokyoDay } from '@hibi/contract/time';
import { holdDays } from '../domains/programs/data.ts';
import { sql } from 'drizzle-orm';
import type { SeedContext } from './context.ts';
import { seededRandom } from './random.ts';

const DAY = 24 * 60 * 60 * 1000;
const AVATARS = ['sunflower', 'leaf', 'wave', 'mountain', 'cat', 'runner'].map((n) => `/media/account/avatars/${n}.svg`);
const BACKGROUNDS = ['morning-walk', 'city-park', 'seaside'].map((n) => `/media/account/backgrounds/${n}.svg`);
const COMMENTS = ['今日も一万歩！', '週末は山歩き', '階段派です', '朝ラン継続中', 'よろしくお願いします', 'ゆっくり歩こう'];

const TEAM_WORDS: [string, string][] = [
  ['さくら', 'Sakura'],
  ['ひまわり', 'Himawari'],
  ['かえで', 'Kaede'],
  ['つばめ', 'Tsubame'],
  ['いちょう', 'Icho'],
  ['あさひ', 'Asahi'],
  ['みなと', 'Minato'],
  ['そよかぜ', 'Soyokaze'],
  ['ほたる', 'Hotaru'],
  ['こだま', 'Kodama'],
  ['すばる', 'Subaru'],
  ['わかば', 'Wakaba'],
  ['はやぶさ', 'Hayabusa'],
  ['しおさい', 'Shiosai'],
  ['やまびこ', 'Yamabiko'],
  ['にじ', 'Niji'],
  ['かもめ', 'Kamome'],
  ['たんぽぽ', 'Tanpopo'],
  ['あじさい', 'Ajisai'],
  ['ゆりかもめ', 'Yurikamome'],
  ['せせらぎ', 'Seseragi'],
  ['あおぞら', 'Aozora'],
  ['こもれび', 'Komorebi'],
  ['なぎさ', 'Nagisa'],
  ['ひばり', 'Hibari'],
  ['もみじ', 'Momiji'],
  ['すずかぜ', 'Suzukaze'],
  ['ほしぞら', 'Hoshizora'],
];
const LEAGUES = ['S', 'A', 'B'];

/** Users by their demo address (member35 -> population[34]). */
function populationMember(ctx: SeedContext, n: number): number {
  const id = ctx.users.population[n - 1];
  if (id === undefined) throw new Error(`no member${n}`);
  return id;
}

/**
 * Demo content of the account domain (runs after health, so users and their steps exist):
 * profile pictures and backgrounds, member@example.com's friends (mixed disclosure) and pending requests,
 * two team matches (one running, one finished) with teams of 7 or more in three leagues, individual matches
 * (operator-run and tenant-run), and lite-plan accounts for the withdrawal end-to-end test.
 */
export async function seedAccount(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const rnd = seededRandom(5_350);
  const member = ctx.users.member;
  const pop = ctx.users.population;

  // Pictures: member@example.com and every third member of the population.
  await db.execute(sql`UPDATE users SET profile_image_url = ${AVATARS[0]}, background_image_url = ${BACKGROUNDS[0]} WHERE id = ${member}`);
  const pictured = pop.filter((_, i) => i % 3 === 0);
  const pictureRows = pictured.map(
    (id, i) =>
      sql`(${id}::int, ${AVATARS[(i % (AVATARS.length - 1)) + 1]}, ${BACKGROUNDS[i % BACKGROUNDS.length]}, ${COMMENTS[i % COMMENTS.length]})`,
  );
  await db.execute(
    sql`UPDATE users u SET profile_image_url = v.img, background_image_url = v.bg, comment = v.comment
        FROM (VALUES ${sql.join(pictureRows, sql`, `)}) AS v(id, img, bg, comment) WHERE u.id = v.id`,
  );

  // Lite-plan accounts that the end-to-end test withdraws (lite@example.com stays for people trying the app).
  await db.execute(
    sql`INSERT INTO users (tenant_id, email, password_hash, nickname, user_name, user_phonetic, attribution1, accepted_terms_version, birth_year, height_tenths, gender)
        SELECT ${ctx.tenants.lite}, v.email, u.password_hash, v.nickname, v.nickname, 'らいと', 'スタジオ', 2, 1990, 1650, 2
        FROM users u, (VALUES ('lite-e2e-1@example.com', 'ライトE2E1'), ('lite-e2e-2@example.com', 'ライトE2E2')) AS v(email, nickname)
        WHERE u.id = ${ctx.users.lite}`,
  );

  // Friends of member@example.com: member40..member55, every combination of disclosure.
  const friendNumbers = Array.from({ length: 16 }, (_, i) => 40 + i);
  const accessRows = friendNumbers.map(
    (n, i) => sql`(${populationMember(ctx, n)}::int, ${i % 4 === 1 || i % 4 === 3 ? 0 : 1}::int, ${i % 4 >= 2 ? 0 : 1}::int)`,
  );
  await db.execute(
    sql`UPDATE users u SET access_user_steps = v.steps, access_team_matches = v.teams
        FROM (VALUES ${sql.join(accessRows, sql`, `)}) AS v(id, steps, teams) WHERE u.id = v.id`,
  );
  type Pair = { a: number; b: number; by: number; status: 'pending' | 'accepted'; at: number };
  const pairs: Pair[] = friendNumbers.map((n, i) => ({
    a: member,
    b: populationMember(ctx, n),
    by: i % 2 === 0 ? member : populationMember(ctx, n),
    status: 'accepted',
    at: now.getTime() - (i + 1) * 3 * DAY,
  }));
  // Requests waiting for member@example.com to accept, and one it sent.
  for (const [i, n] of [56, 57, 58].entries())
    pairs.push({ a: member, b: populationMember(ctx, n), by: populationMember(ctx, n), status: 'pending', at: now.getTime() - (i + 1) * DAY });
  pairs.push({ a: member, b: populationMember(ctx, 59), by: member, status: 'pending', at: now.getTime() - 2 * DAY });
  // Accounts the end-to-end tests change (member35..member39), one set per viewport project.
  pairs.push({
    a: populationMember(ctx, 35),
    b: populationMember(ctx, 37),
    by: populationMember(ctx, 37),
    status: 'accepted',
    at: now.getTime() - 5 * DAY,
  });
  pairs.push({
    a: populationMember(ctx, 36),
    b: populationMember(ctx, 38),
    by: populationMember(ctx, 38),
    status: 'accepted',
    at: now.getTime() - 5 * DAY,
  });
  pairs.push({
    a: populationMember(ctx, 35),
    b: populationMember(ctx, 39),
    by: populationMember(ctx, 39),
    status: 'pending',
    at: now.getTime() - DAY,
  });
  pairs.push({
    a: populationMember(ctx, 36),
    b: populationMember(ctx, 39),
    by: populationMember(ctx, 39),
    status: 'pending',
    at: now.getTime() - DAY,
  });
  // A friend's friends (issue 13, 2): member40's other friends stand to member@example.com in every way there is
  // (41 a friend, 56 asked them, 59 was asked by them, 60 and 62 strangers); the e2e writers' friends have one each to ask.
  for (const n of [41, 56, 59, 60, 62])
    pairs.push({
      a: populationMember(ctx, 40),
      b: populationMember(ctx, n),
      by: populationMember(ctx, n),
      status: 'accepted',
      at: now.getTime() - 4 * DAY,
    });
  pairs.push({
    a: populationMember(ctx, 37),
    b: populationMember(ctx, 132),
    by: populationMember(ctx, 132),
    status: 'accepted',
    at: now.getTime() - 4 * DAY,
  });
  pairs.push({
    a: populationMember(ctx, 38),
    b: populationMember(ctx, 133),
    by: populationMember(ctx, 133),
    status: 'accepted',
    at: now.getTime() - 4 * DAY,
  });
  // A web of friendships in the population so that the mobile app's lists are not empty for anyone.
  for (let i = 60; i < 120; i += 2)
    pairs.push({
      a: populationMember(ctx, i),
      b: populationMember(ctx, i + 1),
      by: populationMember(ctx, i),
      status: 'accepted',
      at: now.getTime() - (i * DAY) / 4,
    });
  const friendRows = pairs.map((p) => {
    const [low, high] = p.a < p.b ? [p.a, p.b] : [p.b, p.a];
    const at = new Date(p.at).toISOString();
    return sql`(${low}::int, ${high}::int, ${p.by}::int, ${p.status}, ${at}::timestamptz, ${p.status === 'accepted' ? at : null}::timestamptz)`;
  });
  await db.execute(
    sql`INSERT INTO friendships (user_low, user_high, requested_by, status, created_at, accepted_at) VALUES ${sql.join(friendRows, sql`, `)}`,
  );

  // Team matches: one running (started 16 days ago, 4 weeks long), one finished about three months ago.
  const tokyoMidnight = (offsetDays: number) => new Date(startOfTokyoDay(now) + offsetDays * DAY);
  const matches = [
    { ja: '秋のチーム対抗ウォーク 2026', en: 'Autumn Team Walk 2026', start: tokyoMidnight(-16), end: tokyoMidnight(12) },
    { ja: '夏のチーム対抗ウォーク 2026', en: 'Summer Team Walk 2026', start: tokyoMidnight(-100), end: tokyoMidnight(-72) },
  ];
  const matchIds = await db.execute(
    sql`INSERT INTO team_matches (name_ja, name_en, start_at, end_at) VALUES
        ${sql.join(
          matches.map((m) => sql`(${m.ja}, ${m.en}, ${m.start.toISOString()}::timestamptz, ${m.end.toISOString()}::timestamptz)`),
          sql`, `,
        )} RETURNING id`,
  );
  const ids = (matchIds as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);

  const teamRows: ReturnType<typeof sql>[] = [];
  const memberRows: { match: number; teamIndex: number; user: number }[] = [];
  let teamIndex = 0;
  for (const [mi, matchId] of ids.entries()) {
    // member@example.com plus the population (member01..member200) shuffled into teams of 8; two small teams of 5
    // that take part but are not ranked (under 7 members).
    const people = [member, ...pop.slice(0, 183)];
    for (let i = people.length - 1; i > 0; i--) {
      const j = Math.floor(rnd.next() * (i + 1));
      [people[i], people[j]] = [people[j]!, people[i]!];
    }
    const sizes = [...Array.from({ length: 22 }, () => 8), 5, 5];
    let cursor = 0;
    for (const [ti, size] of sizes.entries()) {
      const [ja, en] = TEAM_WORDS[(ti + mi * 5) % TEAM_WORDS.length]!;
      teamRows.push(sql`(${matchId}::int, ${`チーム${ja}`}, ${`Team ${en}`}, ${LEAGUES[ti % LEAGUES.length]})`);
      for (const user of people.slice(cursor, cursor + size)) memberRows.push({ match: matchId, teamIndex, user });
      cursor += size;
      teamIndex += 1;
    }
  }
  const teamIds = (
    (await db.execute(
      sql`INSERT INTO team_match_teams (team_match_id, name_ja, name_en, league) VALUES ${sql.join(teamRows, sql`, `)} RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  await db.execute(
    sql`INSERT INTO team_match_members (team_id, team_match_id, user_id) VALUES
        ${sql.join(
          memberRows.map((r) => sql`(${teamIds[r.teamIndex]!}::int, ${r.match}::int, ${r.user}::int)`),
          sql`, `,
        )}`,
  );

  // The rounds are formed (their teams above), their members entrants, their tenants those of the members
  // (docs/requirements/programs.md#programs-team-walk).
  await db.execute(
    sql`UPDATE team_matches SET formed_at = start_at, formation_seed = '00000000000000000000000000000000' WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  await db.execute(
    sql`INSERT INTO team_match_entries (team_match_id, user_id, created_at)
        SELECT mm.team_match_id, mm.user_id, m.start_at FROM team_match_members mm JOIN team_matches m ON m.id = mm.team_match_id
         WHERE mm.team_match_id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  await db.execute(
    sql`INSERT INTO team_match_tenants (team_match_id, tenant_id)
        SELECT DISTINCT mm.team_match_id, u.tenant_id FROM team_match_members mm JOIN users u ON u.id = mm.user_id
         WHERE mm.team_match_id = ANY(${`{${ids.join(',')}}`}::int[]) AND u.tenant_id IS NOT NULL`,
  );

  // Individual matches: shown now (operator-run and each tenant's), one finished but still shown, one long gone.
  const im = [
    { ja: '冬の個人ウォーキングチャレンジ', en: 'Winter Walking Challenge', general: true, tenant: null, ds: -10, de: 40, s: -3, e: 25, th: 8000 },
    {
      ja: '丸の内 1日7000歩チャレンジ',
      en: 'Marunouchi 7,000-step Challenge',
      general: false,
      tenant: ctx.tenants.corporate,
      ds: -5,
      de: 30,
      s: 0,
      e: 21,
      th: 7000,
    },
    {
      ja: '秋の個人チャレンジ（結果発表中）',
      en: 'Autumn Challenge (results)',
      general: true,
      tenant: null,
      ds: -40,
      de: 5,
      s: -35,
      e: -5,
      th: 8000,
    },
    { ja: 'ライトプラン 歩こう週間', en: 'Lite Plan Walking Week', general: false, tenant: ctx.tenants.lite, ds: -3, de: 20, s: -1, e: 6, th: 6000 },
    {
      ja: '日比谷 春の歩数チャレンジ',
      en: 'Hibiya Spring Step Challenge',
      general: false,
      tenant: ctx.tenants.noContract,
      ds: -2,
      de: 25,
      s: 1,
      e: 20,
      th: 6500,
    },
    { ja: '夏の個人チャレンジ', en: 'Summer Challenge', general: true, tenant: null, ds: -150, de: -90, s: -140, e: -110, th: 8000 },
  ];
  const imIds = (
    (await db.execute(
      sql`INSERT INTO individual_matches (name_ja, name_en, display_start_at, display_end_at, start_at, end_at, is_general, tenant_id, threshold_steps) VALUES
          ${sql.join(
            im.map(
              (m) =>
                sql`(${m.ja}, ${m.en}, ${tokyoMidnight(m.ds).toISOString()}::timestamptz, ${tokyoMidnight(m.de).toISOString()}::timestamptz,
                     ${tokyoMidnight(m.s).toISOString()}::timestamptz, ${tokyoMidnight(m.e).toISOString()}::timestamptz, ${m.general}, ${m.tenant}::int, ${m.th}::int)`,
            ),
            sql`, `,
          )} RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  // member@example.com joined the finished one with a quarter of the population (its draw waits for the office:
  // seed/programs.ts commits it); a share of the population joined the running ones.
  const entries = [sql`(${imIds[2]!}::int, ${member}::int)`];
  for (const [i, id] of pop.entries()) {
    if (i % 3 === 0) entries.push(sql`(${imIds[0]!}::int, ${id}::int)`);
    if (i % 4 === 0) entries.push(sql`(${imIds[1]!}::int, ${id}::int)`);
    if (i % 4 === 1) entries.push(sql`(${imIds[2]!}::int, ${id}::int)`);
  }
  await db.execute(sql`INSERT INTO individual_match_entries (individual_match_id, user_id) VALUES ${sql.join(entries, sql`, `)}`);
  // The days every entrant uploaded, held as if each upload came in time (the counting rule, decision 187).
  await holdDays(db, tokyoDay(now), { ignoreWindow: true }, now, FLAG_MEDIAN_MIN, FLAG_MEDIAN_FACTOR);
}
