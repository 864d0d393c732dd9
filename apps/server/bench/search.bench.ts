// Benchmark (not a test): the library search (searchReportArticles) over 10,000 report articles with three sections
// each, in Japanese and English, through the real function entry (app.inject), as a guest (titles and descriptions)
// and as a corporate member (section text too). Prints median and p95 per database: embedded PGlite always, and
// PostgreSQL when TEST_DATABASE_URL is set (a fresh database there, dropped afterwards). Run: npm run bench:search
// BENCH_ARTICLES and BENCH_CALLS change the size.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openPglite, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSession } from '../src/domains/auth/service.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { benchApp, elapsed, report, runMain } from './support.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;

/** Words the generated articles are made of; queries below hit some often, some rarely, some never. */
const JA = [
  '睡眠の質',
  '朝の散歩',
  '食事のバランス',
  'ストレッチ',
  '肩こり対策',
  '水分補給',
  '運動習慣',
  'ストレスケア',
  '腰痛予防',
  '野菜の摂り方',
  '瞑想',
  '姿勢',
];
const EN = [
  'better sleep',
  'morning walks',
  'balanced meals',
  'stretching',
  'stiff shoulders',
  'hydration',
  'exercise habits',
  'stress care',
  'back pain',
  'eating vegetables',
  'meditation',
  'posture',
];
const QUERIES = [
  '睡眠',
  '睡眠の質',
  '散歩',
  'ストレッチ',
  '食事 運動',
  '腰痛予防',
  'sleep',
  'walking',
  'stress care',
  'meditate',
  'nothing-like-this',
  '質',
];

async function seed(database: Database) {
  const { db } = database;
  const ja = sql.raw(`(ARRAY[${JA.map((w) => `'${w}'`).join(',')}])`);
  const en = sql.raw(`(ARRAY[${EN.map((w) => `'${w}'`).join(',')}])`);
  const k = JA.length;
  const t0 = process.hrtime.bigint();
  await db.execute(sql`
    INSERT INTO report_articles (title_ja, title_en, description_ja, description_en, image_url, contract_only, published_at)
    SELECT ${ja}[1 + n % ${k}] || 'と' || ${ja}[1 + (n / ${k}) % ${k}] || ' 第' || n || '回',
           initcap(${en}[1 + n % ${k}]) || ' and ' || ${en}[1 + (n / ${k}) % ${k}] || ', part ' || n,
           ${ja}[1 + (n * 7) % ${k}] || 'について、毎日の暮らしで続けやすい工夫を専門家が紹介します。' || ${ja}[1 + (n * 5) % ${k}] || 'も大切です。',
           'Experts share easy ways to keep up ' || ${en}[1 + (n * 7) % ${k}] || ' in daily life, and why ' || ${en}[1 + (n * 5) % ${k}] || ' matters.',
           '/media/content/placeholder.svg', n % 5 = 0, now() - n * interval '1 hour'
    FROM generate_series(1, ${ARTICLES}) n`);
  // Each section is about one of its article's topics (the title's two, the description's first), as an editor writes.
  await db.execute(sql`
    INSERT INTO sections (owner_type, owner_id, position, section_type, subtitle_ja, subtitle_en, comment_ja, comment_en)
    SELECT 'report_article', a.id, p, 2, ${ja}[1 + x.i], ${en}[1 + x.i],
           '<p>' || repeat(${ja}[1 + x.i] || 'のために、毎日の生活に少しずつ取り入れられることから始めましょう。', 3) || '</p>',
           '<p>' || repeat('Add a little ' || ${en}[1 + x.i] || ' to every day, starting with what fits your life. ', 3) || '</p>'
    FROM report_articles a CROSS JOIN generate_series(0, 2) p
    CROSS JOIN LATERAL (SELECT CASE p WHEN 0 THEN a.id % ${k} WHEN 1 THEN (a.id / ${k}) % ${k} ELSE (a.id * 7) % ${k} END AS i) x`);
  await database.withConnection((q) => q('VACUUM ANALYZE'));
  const [counts] = (
    (await db.execute(sql`SELECT (SELECT count(*) FROM report_articles)::int AS articles, (SELECT count(*) FROM sections)::int AS sections,
      (SELECT count(*) FROM report_article_search)::int AS search_rows, pg_size_pretty(pg_total_relation_size('report_article_search')) AS search_size`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;
  console.log(`seeded in ${(elapsed(t0) / 1000).toFixed(1)} s:`, counts);
}

async function run(label: string, database: Database) {
  console.log(`\n== ${label}`);
  await seed(database);
  const { db } = database;
  const [tenant] = (
    (await db.execute(
      sql`INSERT INTO tenants (name_ja, contract_type, corporate_contract) VALUES ('ベンチ社', 1, true) RETURNING id`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const [user] = (
    (await db.execute(
      sql`INSERT INTO users (tenant_id, email, nickname, accepted_terms_version) VALUES (${tenant!.id}, 'bench@example.com', 'bench', 1000000) RETURNING id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const { token } = await createSession(db, user!.id, new Date());
  const app = await benchApp(db);
  const call = async (query: string, auth: string | undefined, offset: number) => {
    const t = process.hrtime.bigint();
    const res = await app.inject({
      method: 'POST',
      url: '/api/functions/searchReportArticles',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      payload: JSON.stringify({ query, offset, perPage: 9 }),
    });
    const ms = elapsed(t);
    const body = res.json() as { succeed: boolean; total: number };
    if (!body.succeed) throw new Error(`searchReportArticles failed: ${res.body}`);
    return { ms, total: body.total };
  };
  const totals = new Map<string, number>();
  for (const q of QUERIES) totals.set(q, (await call(q, token, 0)).total);
  console.log('matches per query (member):', Object.fromEntries(totals));
  if (process.env.BENCH_PER_QUERY) {
    for (const q of QUERIES) {
      const samples: number[] = [];
      for (let i = 0; i < 10; i += 1) samples.push((await call(q, token, 0)).ms);
      report(`  ${q}`, samples);
    }
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  for (const [who, auth] of [
    ['guest', undefined],
    ['member', token],
  ] as const) {
    for (let i = 0; i < WARMUP; i += 1) await call(QUERIES[i % QUERIES.length]!, auth, 0);
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) samples.push((await call(QUERIES[i % QUERIES.length]!, auth, (i % 3) * 9)).ms);
    report(`searchReportArticles ${label} ${who}`, samples);
  }
  await app.close();
}

async function main() {
  const pglite = await openPglite('memory://');
  try {
    await migrate(pglite);
    await run('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await createTestDatabase();
    try {
      await run('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } else console.log('\n(TEST_DATABASE_URL not set: PostgreSQL skipped)');
}

runMain(main);
