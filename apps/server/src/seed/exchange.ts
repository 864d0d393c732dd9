import { sql } from 'drizzle-orm';
import { QUIZ_GENRES, deliveryEstimate } from '@hibi/contract/functions/points';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { rows } from '../db/query.ts';
import * as exchange from '../domains/points/data/exchange.ts';
import * as quiz from '../domains/points/data/quiz.ts';
import { balanceOf, postEntry } from '../domains/points/ledger.ts';
import type { SeedContext } from './context.ts';

type Choice = [ja: string, en: string];
/** question ja, en; choices; right choice; explanation ja, en. One per day, the genres in turn (QUIZ_GENRES order). */
type Q = [string, string, Choice[], number, string, string];

const QUESTIONS: Q[] = [
  // exercise, nutrition, sleep, mental, prevention — five times over.
  ['健康のために勧められる1週間の中強度の運動時間は？', 'How much moderate exercise a week is recommended for health?', [['30分', '30 minutes'], ['150分以上', '150 minutes or more'], ['10時間', '10 hours']], 1, '週150分以上の中強度の運動（早歩きなど）が目安です。', 'At least 150 minutes a week of moderate activity such as brisk walking.'],
  ['野菜の1日の摂取目標量は？', 'How many grams of vegetables a day are recommended?', [['120g', '120 g'], ['350g', '350 g'], ['800g', '800 g']], 1, '1日350gが目標です。小鉢5皿分ほどです。', 'The goal is 350 g a day, about five small side dishes.'],
  ['寝る前のスマートフォンが眠りに良くない主な理由は？', 'Why is a smartphone before bed bad for sleep?', [['画面の光が眠気を遠ざける', 'Its light keeps sleepiness away'], ['電磁波で体温が上がる', 'Its waves raise body heat']], 0, '画面の明るい光は眠りを促すメラトニンを抑えます。', "A screen's bright light holds back melatonin, which brings sleep."],
  ['ストレスを感じたときに効果的な呼吸法は？', 'Which breathing helps under stress?', [['速く浅い呼吸', 'Fast, shallow breaths'], ['ゆっくり長く吐く呼吸', 'Slow breaths with a long exhale'], ['息を止める', 'Holding your breath']], 1, '吐く息を長くすると、心身を落ち着かせる副交感神経が働きます。', 'A long exhale engages the parasympathetic nerves that calm body and mind.'],
  ['手洗いで勧められる洗う時間は？', 'How long should you wash your hands?', [['5秒', '5 seconds'], ['30秒程度', 'About 30 seconds'], ['3分', '3 minutes']], 1, '石けんで30秒ほど、指の間や手首まで洗いましょう。', 'About 30 seconds with soap, between the fingers and up to the wrists.'],
  ['座りっぱなしを防ぐ目安は？', 'How often should you break up sitting?', [['30分に1回立つ', 'Stand up every 30 minutes'], ['1日1回立つ', 'Stand up once a day']], 0, 'こまめに立ち上がるだけでも血流が改善します。', 'Standing up often is enough to improve blood flow.'],
  ['食塩の1日の目標量（成人男性）は？', "What is the daily salt target for adult men?", [['7.5g未満', 'Under 7.5 g'], ['12g未満', 'Under 12 g'], ['20g未満', 'Under 20 g']], 0, '男性7.5g未満、女性6.5g未満が目標です。', 'Under 7.5 g for men and under 6.5 g for women.'],
  ['寝酒（寝る前の飲酒）は眠りにどう影響する？', 'What does a nightcap do to sleep?', [['眠りが深くなる', 'Sleep gets deeper'], ['眠りが浅くなる', 'Sleep gets lighter'], ['影響はない', 'No effect']], 1, 'アルコールは寝つきを早めても、夜の後半の眠りを浅くします。', 'Alcohol may help you fall asleep but makes the second half of the night lighter.'],
  ['気分転換に効果があるとされる短い散歩の時間は？', 'How long a walk is said to lift your mood?', [['10分程度', 'About 10 minutes'], ['2時間以上', 'Over 2 hours']], 0, '10分ほどの散歩でも気分が前向きになるといわれます。', 'Even a 10-minute walk is said to lift your mood.'],
  ['健康診断で「要再検査」と出たら？', 'What to do when a checkup says "follow-up needed"?', [['次の健診まで待つ', 'Wait for the next checkup'], ['早めに医療機関を受診する', 'See a doctor soon'], ['気にしない', 'Ignore it']], 1, '早めの受診で、病気の早期発見につながります。', 'Seeing a doctor soon helps find illness early.'],
  ['筋トレの効果を高めるのに大切なのは？', 'What makes strength training work better?', [['毎日同じ部位を鍛える', 'Training the same muscles daily'], ['休養日をはさむ', 'Resting between sessions'], ['水分を控える', 'Drinking less']], 1, '筋肉は休んでいる間に回復・成長します。', 'Muscles recover and grow while you rest.'],
  ['たんぱく質を多く含む食品は？', 'Which food is rich in protein?', [['白米', 'White rice'], ['大豆製品', 'Soy products'], ['きゅうり', 'Cucumber']], 1, '豆腐や納豆などの大豆製品は良質なたんぱく質源です。', 'Tofu, natto and other soy foods are good sources of protein.'],
  ['休日の寝だめについて正しいのは？', 'What is true of sleeping in on days off?', [['平日の不足を完全に取り戻せる', 'It fully makes up for the week'], ['体内時計が乱れやすい', 'It upsets your body clock']], 1, '起きる時間を平日と2時間以上ずらさないのがコツです。', 'Keep your wake-up time within two hours of your weekday one.'],
  ['疲れを感じたときにまず大切なことは？', 'What matters first when you feel worn out?', [['無理して続ける', 'Push through'], ['休息をとり、誰かに相談する', 'Rest and talk to someone'], ['睡眠を削る', 'Sleep less']], 1, '休息と相談は心の不調を防ぐ第一歩です。', 'Rest and talking to someone are the first steps against burnout.'],
  ['インフルエンザの予防接種を受けるのに良い時期は？', 'When is a good time for the flu shot?', [['10〜12月ごろ', 'Around October to December'], ['真夏', 'Midsummer']], 0, '流行前の10〜12月ごろの接種が勧められます。', 'Getting it before the season, around October to December, is recommended.'],
  ['ウォーキングの効果を高める歩き方は？', 'How do you get more from walking?', [['歩幅を広げて少し速く歩く', 'Longer strides, a little faster'], ['すり足でゆっくり歩く', 'Shuffle slowly']], 0, '歩幅を広げると運動量が増えます。', 'Longer strides mean more exercise.'],
  ['朝食をとる良い点は？', 'What is good about eating breakfast?', [['体温が上がり、頭が働きやすくなる', 'Warms the body and wakes the mind'], ['昼食が不要になる', 'You can skip lunch'], ['特にない', 'Nothing in particular']], 0, '朝食は体内時計を整え、午前中の集中を助けます。', 'Breakfast sets your body clock and helps you focus in the morning.'],
  ['眠りやすい寝室の温度の目安は？', 'What bedroom temperature helps sleep?', [['夏26℃前後・冬16〜19℃', 'About 26°C in summer, 16–19°C in winter'], ['一年中30℃', '30°C all year']], 0, '季節に合わせ、暑すぎず寒すぎない温度に整えましょう。', 'Keep it neither too hot nor too cold for the season.'],
  ['気持ちを整理するのに役立つ習慣は？', 'Which habit helps you sort out your feelings?', [['日記や手帳に書き出す', 'Writing them down'], ['ひとりで抱え込む', 'Keeping them to yourself']], 0, '書き出すことで、考えが整理されます。', 'Writing things down helps you order your thoughts.'],
  ['歯周病の予防に効果的なのは？', 'What helps prevent gum disease?', [['歯間ブラシやフロスの使用', 'Interdental brushes or floss'], ['硬い歯ブラシで強くみがく', 'Brushing hard with a stiff brush'], ['うがいだけ', 'Only rinsing']], 0, '歯と歯の間の汚れは歯ブラシだけでは落ちにくいものです。', 'A toothbrush alone misses what is between the teeth.'],
  ['運動前のウォーミングアップの主な目的は？', 'Why warm up before exercise?', [['けがの予防', 'To prevent injury'], ['体重を減らす', 'To lose weight']], 0, '体を温めて関節や筋肉を動きやすくし、けがを防ぎます。', 'Warming up loosens joints and muscles and prevents injury.'],
  ['水分補給で正しいのは？', 'Which is right about drinking water?', [['のどが渇く前にこまめに飲む', 'Sip often, before you are thirsty'], ['一度に大量に飲む', 'Drink a lot at once']], 0, 'こまめな補給が脱水を防ぎます。', 'Sipping often prevents dehydration.'],
  ['昼寝をするなら勧められる長さは？', 'How long should a nap be?', [['20分程度', 'About 20 minutes'], ['2時間', '2 hours'], ['4時間', '4 hours']], 0, '30分より短い昼寝は、夜の眠りを妨げにくいとされます。', 'Naps under 30 minutes are less likely to disturb the night.'],
  ['リラックスに役立つとされるのは？', 'What is said to help you relax?', [['ぬるめのお風呂につかる', 'A lukewarm bath'], ['熱いコーヒーを何杯も飲む', 'Many cups of hot coffee']], 0, '38〜40℃ほどのお湯は心身をリラックスさせます。', 'Water at about 38–40°C relaxes body and mind.'],
  ['がん検診について正しいのは？', 'Which is true of cancer screening?', [['症状がなくても定期的に受ける', 'Go regularly even without symptoms'], ['症状が出てから受ければよい', 'Go only once you have symptoms']], 0, '早期のがんは症状がないことが多く、定期的な検診が大切です。', 'Early cancer often has no symptoms, so regular screening matters.'],
]; // prettier-ignore

/** The question whose explanation links the seeded library article on sleep. */
const SLEEP_QUESTION = 2;
const SLEEP_ARTICLE = '眠りの質を上げる夜の習慣';

const REWARDS = [
  { key: 'bottle', ja: 'ステンレスボトル', en: 'Stainless steel bottle', dja: '保温・保冷ができる 350ml のボトルです。', den: 'A 350 ml bottle that keeps drinks hot or cold.', kind: 'physical', points: 1500, stock: 30 },
  { key: 'mat', ja: 'ヨガマット', en: 'Yoga mat', dja: '厚さ 6mm の滑りにくいマットです。', den: 'A 6 mm non-slip mat.', kind: 'physical', points: 3000, stock: 10 },
  { key: 'scale', ja: '体組成計', en: 'Body composition scale', dja: '体重と体脂肪率をアプリに記録できます。', den: 'Records weight and body fat in the app.', kind: 'physical', points: 8000, stock: 3 },
  { key: 'towel', ja: 'キャンペーン限定 今治タオル', en: 'Imabari towel (campaign only)', dja: 'キャンペーン期間だけの限定品です。', den: 'Only during the campaign.', kind: 'physical', points: 800, stock: 50, campaignOnly: true },
  { key: 'gift', ja: 'デジタルギフト 500円分', en: 'Digital gift card (¥500)', dja: 'メールでコードをお送りします。', den: 'We send the code by mail.', kind: 'digital', points: 500, stock: 200 },
  { key: 'donation', ja: '森林保全への寄付 100円分', en: 'Forest conservation donation (¥100)', dja: 'ポイントを森林保全団体に寄付します。', den: 'Donates your points to a forest conservation group.', kind: 'digital', points: 100, stock: 1000 },
] as const; // prettier-ignore

/**
 * The daily quiz's and the exchange's demo content (issue 58, docs/requirements/points.md#points-quiz and
 * #points-exchange), written through the points domain's data modules and its ledger (postEntry, as the services do):
 * a round running now (started 4 days ago, 25 questions over the 5 genres, one a day, ja and en, one explanation
 * linking a library article on sleep), a catalogue of 6 rewards (physical and digital, one campaign-only) with a
 * campaign running at a lower price, and for member@example.com two past answers (one right, paid) and one application
 * of the campaign's bottle, applied 2 days ago.
 */
export async function seedExchange(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const today = tokyoDay(now);
  const start = addDays(today, -4);
  const by = 'seed';
  const roundId = await quiz.insertRound(
    db,
    {
      nameJa: '健康クイズ 今季のラウンド',
      nameEn: "This season's health quiz",
      startDate: start,
      endDate: addDays(start, QUESTIONS.length - 1),
      points: 10,
    },
    by,
    now,
  );
  const [article] = await rows<{ id: number }>(db, sql`SELECT id FROM report_articles WHERE title_ja = ${SLEEP_ARTICLE} ORDER BY id LIMIT 1`);
  const questionIds: number[] = [];
  for (const [i, [qja, qen, choices, right, eja, een]] of QUESTIONS.entries()) {
    questionIds.push(
      await quiz.insertQuestion(
        db,
        {
          roundId,
          day: addDays(start, i),
          genre: QUIZ_GENRES[i % QUIZ_GENRES.length]!,
          questionJa: qja,
          questionEn: qen,
          choices: choices.map(([ja, en]) => ({ ja, en })),
          correctChoice: right,
          explanationJa: eja,
          explanationEn: een,
          articleId: i === SLEEP_QUESTION ? (article?.id ?? null) : null,
        },
        by,
        now,
      ),
    );
  }

  // member@example.com answered the day before yesterday's question right (paid) and yesterday's wrong.
  const member = ctx.users.member;
  for (const [i, right] of [
    [2, true],
    [3, false],
  ] as const) {
    const day = addDays(start, i);
    const q = QUESTIONS[i]!;
    const choice = right ? q[3] : (q[3] + 1) % q[2].length;
    const answeredAt = new Date(now.getTime() - (4 - i) * 86_400_000);
    await quiz.insertAnswer(db, { questionId: questionIds[i]!, userId: member, day, choice, correct: right }, answeredAt);
    if (right)
      await postEntry(db, {
        userId: member,
        amount: 10,
        reason: 'quiz',
        params: { questionID: questionIds[i]!, day },
        key: `quiz:${questionIds[i]!}:${member}`,
        at: answeredAt,
      });
  }

  const ids = new Map<string, number>();
  for (const r of REWARDS) {
    ids.set(
      r.key,
      await exchange.insertReward(
        db,
        {
          nameJa: r.ja,
          nameEn: r.en,
          descriptionJa: r.dja,
          descriptionEn: r.den,
          imageId: null,
          imageAltJa: null,
          imageAltEn: null,
          kind: r.kind,
          points: r.points,
          stock: r.stock,
          availableFrom: addDays(today, -60),
          availableTo: null,
          campaignOnly: 'campaignOnly' in r,
          published: true,
        },
        by,
        new Date(now.getTime() - 60 * 86_400_000),
      ),
    );
  }
  const campaignId = await exchange.saveCampaign(
    db,
    null,
    {
      nameJa: '冬の交換キャンペーン',
      nameEn: 'Winter exchange campaign',
      startDate: addDays(today, -3),
      endDate: addDays(today, 10),
      items: [
        { rewardId: ids.get('bottle')!, points: 1200 },
        { rewardId: ids.get('towel')!, points: null },
      ],
    },
    by,
    new Date(now.getTime() - 7 * 86_400_000),
  );

  // member@example.com's application of the campaign's bottle, 2 days ago, as applyForReward writes it (stock, then
  // the application, then its `exchange` entry). Their points come from the ledger's seed; should they be short, a
  // demo adjustment tops them up first.
  const appliedAt = new Date(now.getTime() - 2 * 86_400_000);
  const price = 1200;
  const { balance } = await balanceOf(db, member);
  if (balance < price)
    await postEntry(db, {
      userId: member,
      amount: price - balance + 300,
      reason: 'adjustment',
      params: { note: 'デモ用のポイント / Demo points' },
      key: `seed:exchange:adjustment:${member}`,
      at: new Date(appliedAt.getTime() - 3_600_000),
    });
  const rewardId = ids.get('bottle')!;
  await exchange.takeStock(db, rewardId);
  const estimate = deliveryEstimate(appliedAt.getTime());
  const applicationId = await exchange.insertApplication(
    db,
    {
      userId: member,
      rewardId,
      campaignId,
      points: price,
      estimateMonth: estimate.month,
      estimatePart: estimate.part,
      address: { postalCode: '100-0001', prefecture: 13, line1: '千代田区千代田1-1', line2: 'ひびビル 3F', name: '日比 花子', phone: '09012345678' },
    },
    appliedAt,
  );
  const posted = await postEntry(db, {
    userId: member,
    amount: -price,
    reason: 'exchange',
    params: { applicationID: applicationId, rewardID: rewardId },
    key: `exchange:${applicationId}`,
    at: appliedAt,
  });
  if (!posted.ok) throw new Error(`seed: member@example.com's application refused (${posted.code})`);
}
