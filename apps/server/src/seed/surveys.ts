import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SeedContext } from './context.ts';
import { faqCategories, faqItems, questionnaireAnswers, questionnaireItems, questionnaires } from '../db/schema/surveys.ts';
import { richTextWithLineBreaks, sanitizeRichText } from '../lib/sanitize.ts';
import { DAY_MS as DAY, tokyoDay } from '@hibi/contract/time';
import { CONTENT_DIR } from '../domains/help/data.ts';
// Beside the help pages, so the compiled server (dist/content) finds it the same way.
const FAQ_FILE = path.join(CONTENT_DIR, 'faq.json');

interface FaqFile {
  categories: { id: number; title_ja: string; title_en: string }[];
  items: {
    id: number;
    category: number;
    title_ja: string;
    title_en: string;
    html_ja: string;
    html_en: string;
    from?: string | null;
    to?: string | null;
  }[];
}

type ItemSeed = Omit<typeof questionnaireItems.$inferInsert, 'questionnaireId' | 'position' | 'questionJa' | 'questionEn'> & { q: [string, string] };

const img = (id: number, file: string, ja: string, en: string) => ({ id, url: `/media/surveys/${file}`, alt_ja: ja, alt_en: en });

/** Demo surveys (one answered by member@example.com, one with every item type), hidden closed/upcoming ones, and the FAQ. */
export async function seedSurveys(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  const surveys: { head: typeof questionnaires.$inferInsert; items: ItemSeed[] }[] = [
    {
      head: {
        titleJa: '毎日の健康習慣アンケート 2026',
        titleEn: 'Daily health habits survey 2026',
        isGeneral: true,
        fromDateTime: at(-3),
        toDateTime: at(27),
      },
      items: [
        {
          type: 'comment',
          q: [
            'このアンケートでは、毎日の運動・食事・睡眠についてお聞きします。\n所要時間は約3分です。<strong>*</strong>の付いた設問は必須です。',
            'This survey asks about your daily exercise, meals and sleep.\nIt takes about 3 minutes. Questions marked <strong>*</strong> are required.',
          ],
          images: [img(1, 'walking.svg', '公園を歩く人たち', 'People walking in a park')],
        },
        {
          type: 'select',
          questionnaireIndex: 1,
          required: true,
          q: ['1週間のうち、30分以上歩く日は何日ありますか？', 'On how many days a week do you walk for 30 minutes or more?'],
          choicesJa: ['0日', '1〜2日', '3〜4日', '5日以上'],
          choicesEn: ['None', '1 to 2 days', '3 to 4 days', '5 days or more'],
        },
        {
          type: 'checkbox',
          questionnaireIndex: 2,
          required: true,
          q: ['健康のために取り組んでいることをすべて選んでください。', 'Choose everything you do for your health.'],
          choicesJa: ['階段を使う', 'ストレッチ', '野菜を多めに食べる', '休肝日をつくる', '7時間以上眠る'],
          choicesEn: ['Taking the stairs', 'Stretching', 'Eating plenty of vegetables', 'Alcohol-free days', 'Sleeping 7 hours or more'],
        },
        {
          type: 'images',
          questionnaireIndex: 3,
          required: true,
          q: ['ふだんの朝食にいちばん近いものはどれですか？', 'Which is closest to your usual breakfast?'],
          choicesJa: ['和食（ごはん・みそ汁・焼き魚）', 'パンとコーヒー', 'フルーツとヨーグルト'],
          choicesEn: ['Japanese (rice, miso soup, grilled fish)', 'Bread and coffee', 'Fruit and yoghurt'],
          choiceImages: ['/media/surveys/breakfast-japanese.svg', '/media/surveys/breakfast-bread.svg', '/media/surveys/breakfast-fruit.svg'],
        },
        {
          type: 'text',
          questionnaireIndex: 4,
          required: true,
          q: ['来月の健康目標をひとつ教えてください。', 'Tell us one health goal for next month.'],
        },
        {
          type: 'text',
          questionnaireIndex: 5,
          required: false,
          q: [
            'Hibiに期待することがあれば自由にお書きください。\n<em>（任意）</em><script>alert(1)</script>',
            'Anything you would like from Hibi? Write freely.\n<em>(optional)</em><script>alert(1)</script>',
          ],
        },
      ],
    },
    {
      head: { titleJa: '睡眠と休養のチェック', titleEn: 'Sleep and rest check', isGeneral: true, fromDateTime: at(-20), toDateTime: at(10) },
      items: [
        {
          type: 'select',
          questionnaireIndex: 1,
          required: true,
          q: ['ふだんの睡眠時間はどのくらいですか？', 'How long do you usually sleep?'],
          choicesJa: ['5時間未満', '5〜6時間', '6〜7時間', '7時間以上'],
          choicesEn: ['Under 5 hours', '5 to 6 hours', '6 to 7 hours', '7 hours or more'],
        },
        {
          type: 'select',
          questionnaireIndex: 2,
          required: true,
          q: ['朝起きたとき、疲れがとれていると感じますか？', 'Do you feel rested when you wake up?'],
          choicesJa: ['はい', 'ときどき', 'いいえ'],
          choicesEn: ['Yes', 'Sometimes', 'No'],
        },
        {
          type: 'text',
          questionnaireIndex: 3,
          required: false,
          q: ['眠りのために工夫していることがあれば教えてください。', 'Is there anything you do to sleep well?'],
        },
      ],
    },
    {
      head: {
        titleJa: '【法人契約者限定】健康診断フォローアップアンケート',
        titleEn: '[Corporate members] Health check follow-up survey',
        isGeneral: true,
        contractOnly: true,
        fromDateTime: at(-7),
        toDateTime: at(21),
      },
      items: [
        {
          type: 'select',
          questionnaireIndex: 1,
          required: true,
          q: ['今年度の健康診断を受診しましたか？', 'Did you have this year’s health check?'],
          choicesJa: ['受診した', 'これから受診する', '受診しない'],
          choicesEn: ['Yes', 'Not yet, but I will', 'No'],
        },
        {
          type: 'text',
          questionnaireIndex: 2,
          required: false,
          q: [
            '結果について気になることがあればお書きください。\n回答は産業医と共有されません。',
            'Anything about your results that concerns you?\nAnswers are not shared with the company doctor.',
          ],
        },
      ],
    },
    {
      head: {
        titleJa: '丸の内ホールディングス 社内ウォーキング調査',
        titleEn: 'Marunouchi Holdings office walking survey',
        isGeneral: false,
        tenantId: ctx.tenants.corporate,
        fromDateTime: at(-5),
        toDateTime: at(25),
      },
      items: [
        {
          type: 'checkbox',
          questionnaireIndex: 1,
          required: true,
          q: ['社内で歩くときに使うルートを選んでください。', 'Which routes do you walk in the office?'],
          choicesJa: ['非常階段', '屋上庭園', '地下通路'],
          choicesEn: ['Emergency stairs', 'Rooftop garden', 'Underground passage'],
        },
      ],
    },
    // Not listed: finished and not yet started (they prove the answer window).
    {
      head: {
        titleJa: '2026年春のウォーキング振り返り',
        titleEn: 'Spring 2026 walking review',
        isGeneral: true,
        fromDateTime: at(-60),
        toDateTime: at(-30),
      },
      items: [
        {
          type: 'select',
          questionnaireIndex: 1,
          required: true,
          q: ['参加しましたか？', 'Did you take part?'],
          choicesJa: ['はい', 'いいえ'],
          choicesEn: ['Yes', 'No'],
        },
      ],
    },
    {
      head: { titleJa: '年末の過ごし方アンケート', titleEn: 'Year-end habits survey', isGeneral: true, fromDateTime: at(30), toDateTime: at(60) },
      items: [{ type: 'text', questionnaireIndex: 1, required: true, q: ['年末の予定は？', 'Your year-end plans?'] }],
    },
  ];

  const heads = await db
    .insert(questionnaires)
    .values(surveys.map((s) => s.head))
    .returning({ id: questionnaires.id });
  const itemRows = surveys.flatMap((s, i) =>
    s.items.map(({ q, ...item }, position) => ({
      ...item,
      questionnaireId: heads[i]!.id,
      position,
      questionJa: richTextWithLineBreaks(q[0]),
      questionEn: richTextWithLineBreaks(q[1]),
    })),
  );
  await db.insert(questionnaireItems).values(itemRows);
  // member@example.com has answered the sleep survey.
  await db.insert(questionnaireAnswers).values({
    questionnaireId: heads[1]!.id,
    userId: ctx.users.member,
    body: [
      { questionnaireIndex: 1, answer: 2 },
      { questionnaireIndex: 2, answer: 1 },
      { questionnaireIndex: 3, answer: '寝る前はスマートフォンを見ないようにしています。' },
    ],
    answeredAt: at(-2),
  });

  await seedFaq(ctx);
}

async function seedFaq({ db, now }: SeedContext) {
  const file = JSON.parse(fs.readFileSync(FAQ_FILE, 'utf8')) as FaqFile;
  const day = (days: number) => tokyoDay(new Date(now.getTime() + days * DAY));
  await db.insert(faqCategories).values(file.categories.map((c, i) => ({ id: c.id, titleJa: c.title_ja, titleEn: c.title_en, sortOrder: i + 1 })));

  // Library articles to point at, read through the columns the content domain agreed to share.
  let articles: { id: number; title_ja: string; title_en: string | null }[] = [];
  const exists = (await db.execute(sql`SELECT to_regclass('report_articles') IS NOT NULL AS ok`)) as unknown as { rows: { ok: boolean }[] };
  if (exists.rows[0]?.ok) {
    const found = (await db.execute(
      sql`SELECT id, title_ja, title_en FROM report_articles WHERE NOT contract_only AND published_at <= ${now.toISOString()} ORDER BY published_at DESC, id DESC LIMIT 3`,
    )) as unknown as { rows: { id: number; title_ja: string; title_en: string | null }[] };
    articles = found.rows;
  }
  const list = (en: boolean) =>
    `<ul>${articles.map((a) => `<li><a href="/library/${a.id}">${en ? (a.title_en ?? a.title_ja) : a.title_ja}</a></li>`).join('')}</ul>`;

  const windowed: FaqFile['items'] = [
    {
      id: 6090,
      category: 6000,
      from: day(-5),
      to: day(10),
      title_ja: '【受付中】秋のチーム対抗ウォーキング エントリー',
      title_en: '[Open now] Autumn team walk: entry',
      html_ja:
        '<p>秋のチーム対抗ウォーキングのエントリーを受け付けています。7人以上のチームでご参加ください。自動作成を選ぶと、7人以上が集まった時点でチームが結成されます。</p>',
      html_en:
        '<p>Entries for the autumn team walk are open. Join as a team of 7 or more; with automatic team creation a team is formed once 7 or more members have gathered.</p>',
    },
    {
      id: 1090,
      category: 1000,
      from: day(-10),
      to: day(0),
      title_ja: '【本日まで】新規登録キャンペーン',
      title_en: '[Ends today] New member campaign',
      html_ja: '<p>本日までに初回ログインした方に、100ポイントをプレゼントします。</p>',
      html_en: '<p>Log in for the first time by today and receive 100 points.</p>',
    },
    {
      id: 7090,
      category: 7000,
      from: day(20),
      to: day(50),
      title_ja: '年末ポイント交換キャンペーンの発送について',
      title_en: 'Shipping of the year-end exchange campaign',
      html_ja: '<p>キャンペーン期間のお申し込みも、1日〜15日分は翌月中旬、16日〜月末分は翌月下旬に発送します。</p>',
      html_en:
        '<p>Campaign applications also ship mid next month for the 1st to the 15th, and late next month for the 16th to the end of the month.</p>',
    },
    {
      id: 9090,
      category: 9000,
      from: day(-30),
      to: day(-2),
      title_ja: '【終了】システムメンテナンスのお知らせ',
      title_en: '[Finished] System maintenance',
      html_ja: '<p>メンテナンス中は歩数の同期ができませんでした。</p>',
      html_en: '<p>Steps could not be synchronised during the maintenance.</p>',
    },
  ];
  if (articles.length > 0) {
    windowed.push({
      id: 6095,
      category: 6000,
      from: null,
      to: null,
      title_ja: '歩く習慣づくりに役立つライブラリ記事',
      title_en: 'Library articles to help you walk more',
      html_ja: `<p>ライブラリの記事もご覧ください。</p>${list(false)}`,
      html_en: `<p>See these library articles.</p>${list(true)}`,
    });
  }

  const all: FaqFile['items'] = [...file.items, ...windowed];
  await db.insert(faqItems).values(
    all.map((item) => {
      return {
        id: item.id,
        categoryId: item.category,
        sortOrder: item.id,
        titleJa: item.title_ja,
        titleEn: item.title_en,
        htmlJa: sanitizeRichText(item.html_ja),
        htmlEn: sanitizeRichText(item.html_en),
        fromDate: item.from ?? null,
        toDate: item.to ?? null,
      };
    }),
  );
}
