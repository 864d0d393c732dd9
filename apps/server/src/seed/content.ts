import { tokyoDay } from '@hibi/contract/time';
import {
  announcementImages,
  announcementReads,
  announcements,
  reportArticleImages,
  reportArticles,
  reportArticleTags,
  reportArticleViews,
  tags,
} from '../db/schema/content.ts';
import { insertSectionsBulk, type SectionInput } from '../domains/content/data/sections.ts';
import { seededRandom } from './random.ts';
import type { SeedContext } from './context.ts';

const DAY = 86_400_000;
/** The article ("Do you know what moderate drinking is?", id 32 in a fresh database) whose pasted HTML was hostile. */
const XSS_ARTICLE_INDEX = 31;
const IMG = '/media/content';
/** Members-only files (section videos and attachments): served only through signed URLs (lib/media-signing.ts). */
const PROTECTED = '/media/protected/content';

/** The eight genres (docs/requirements/content.md#content-genres) and the topic tags under them. master9 and master10 are drinking-related. */
const GENRES: [string, string, string][] = [
  ['genre1', '病気', 'Disease'],
  ['genre2', '食事', 'Meals'],
  ['genre3', '休養', 'Rest'],
  ['genre4', '運動', 'Exercise'],
  ['genre5', 'メンタルヘルス', 'Mental health'],
  ['genre6', '飲酒・喫煙', 'Drinking and smoking'],
  ['genre7', 'その他', 'Other'],
  ['genre8', 'ウェルビーイング', 'Wellbeing'],
];
const TOPIC_TAGS: [string, string, string, string][] = [
  ['master1', 'ウォーキング', 'Walking', 'genre4'],
  ['master2', 'ストレッチ', 'Stretching', 'genre4'],
  ['master3', '睡眠', 'Sleep', 'genre3'],
  ['master4', '朝ごはん', 'Breakfast', 'genre2'],
  ['master5', '減塩', 'Less salt', 'genre2'],
  ['master6', 'ストレスケア', 'Stress care', 'genre5'],
  ['master7', '健康診断', 'Health checkups', 'genre1'],
  ['master8', '生活習慣病', 'Lifestyle diseases', 'genre1'],
  ['master9', 'お酒との付き合い方', 'Drinking wisely', 'genre6'],
  ['master10', '休肝日', 'Alcohol-free days', 'genre6'],
  ['master11', '禁煙', 'Quitting smoking', 'genre6'],
  ['master12', 'マインドフルネス', 'Mindfulness', 'genre5'],
  ['master13', '在宅勤務', 'Remote work', 'genre7'],
  ['master14', '女性の健康', "Women's health", 'genre8'],
  ['master15', 'チーム活動', 'Team activities', 'genre8'],
  ['master16', '筋トレ', 'Strength training', 'genre4'],
];

type ArticleType = 'ReportArticles' | 'Events' | 'IndividualMatches' | 'TeamMatches';
/** [genre number, topic tags, title ja, title en, description ja, description en, type?] */
type ArticleRow = [number, string[], string, string, string, string, ArticleType?];

const ARTICLES: ArticleRow[] = [
  [
    1,
    ['master7'],
    '健康診断の結果票、どこを見ればいい？',
    'Reading your health checkup report',
    '数値の意味と、再検査の案内が来たときの動き方をまとめました。',
    'What the numbers mean and what to do when you are asked for a follow-up.',
  ],
  [
    1,
    ['master8'],
    '血圧が気になり始めたら',
    'When your blood pressure starts to creep up',
    '家庭血圧の測り方と、今日からできる生活の工夫。',
    'How to measure at home and everyday changes that help.',
  ],
  [
    1,
    ['master8', 'master5'],
    '糖尿病を遠ざける食べ方の順番',
    'Eating order that keeps diabetes away',
    '野菜から食べるだけで血糖値の上がり方が変わります。',
    'Starting with vegetables changes how your blood sugar rises.',
  ],
  [
    1,
    ['master7', 'master14'],
    '婦人科検診を受けるタイミング',
    'When to book gynaecological screening',
    '年代ごとにおすすめの検診と受け方を紹介します。',
    'Recommended screenings by age and how to book them.',
  ],
  [
    1,
    ['master8'],
    '脂質異常症ってどんな状態？',
    'What is dyslipidaemia?',
    'LDLとHDLの違いを図でわかりやすく解説。',
    'LDL and HDL explained with simple diagrams.',
  ],
  [
    1,
    ['master7'],
    '再検査を先延ばしにしないコツ',
    'Tips for not putting off your follow-up exam',
    '忙しい人ほど知っておきたい受診のハードルの下げ方。',
    'How busy people can make the visit easier.',
  ],
  [
    2,
    ['master4'],
    '5分でできる朝ごはんレシピ',
    'Five-minute breakfast recipes',
    '忙しい朝でも続けられる、たんぱく質たっぷりの朝食。',
    'Protein-rich breakfasts you can keep up on busy mornings.',
  ],
  [
    2,
    ['master5'],
    '外食でもできる減塩のコツ',
    'Cutting salt when eating out',
    'ラーメンのスープを残すだけでも効果があります。',
    'Leaving the ramen soup alone already makes a difference.',
  ],
  [
    2,
    ['master4', 'master14'],
    '鉄分をとる朝食の組み合わせ',
    'Iron-rich breakfast combinations',
    '貧血予防に役立つ食材と吸収を高める組み合わせ。',
    'Foods that help prevent anaemia and how to absorb more iron.',
  ],
  [
    2,
    [],
    'コンビニで選ぶバランスランチ',
    'A balanced lunch from the convenience store',
    '主食・主菜・副菜をそろえる選び方のポイント。',
    'How to pick a staple, a main and a side dish.',
  ],
  [
    2,
    ['master5'],
    'だしを活かした薄味和食',
    'Light Japanese cooking with dashi',
    'うま味で塩分を減らす家庭料理のアイデア。',
    'Using umami to cut salt at home.',
  ],
  [
    2,
    ['master9'],
    'お酒と一緒に食べたいおつまみ',
    'Snacks that go well with a drink',
    '飲みすぎを防ぐおつまみの選び方。',
    'Snacks that keep you from drinking too much.',
  ],
  [
    3,
    ['master3'],
    '眠りの質を上げる夜の習慣',
    'Evening habits for better sleep',
    '入浴のタイミングと照明の工夫で寝つきが変わります。',
    'Bath timing and lighting change how fast you fall asleep.',
  ],
  [
    3,
    ['master3', 'master13'],
    '在宅勤務の日の眠気対策',
    'Beating drowsiness on remote work days',
    '昼食後の眠気を上手にやり過ごす方法。',
    'Getting through the after-lunch dip.',
  ],
  [
    3,
    [],
    '週末の寝だめは逆効果？',
    'Does catching up on sleep at weekends backfire?',
    '体内時計を乱さない休日の過ごし方。',
    'Weekend routines that keep your body clock steady.',
  ],
  [
    3,
    ['master3'],
    '15分の昼寝で午後をすっきり',
    'A 15-minute nap for a clearer afternoon',
    'パワーナップの取り方と注意点。',
    'How to take a power nap and what to avoid.',
  ],
  [
    3,
    ['master10'],
    'お酒と睡眠の意外な関係',
    'The surprising link between alcohol and sleep',
    '寝酒が眠りを浅くする理由を解説します。',
    'Why a nightcap makes your sleep shallower.',
  ],
  [
    3,
    ['master6'],
    '休み上手になるためのセルフチェック',
    'A self-check for resting well',
    '疲れをためこまないための休養のとり方。',
    'Ways to rest before fatigue builds up.',
  ],
  [
    4,
    ['master1'],
    '1日8000歩を無理なく続けるには',
    'Reaching 8,000 steps a day without strain',
    '通勤や買い物で歩数を増やすアイデア集。',
    'Ideas for adding steps on your commute and errands.',
  ],
  [
    4,
    ['master2'],
    'デスクでできる肩こりストレッチ',
    'Desk stretches for stiff shoulders',
    '1回3分、座ったままできる簡単な動き。',
    'Three minutes, sitting down, easy moves.',
  ],
  [
    4,
    ['master16'],
    '自宅でできる自重トレーニング入門',
    'Bodyweight training at home for beginners',
    'スクワットとプランクから始めましょう。',
    'Start with squats and planks.',
  ],
  [
    4,
    ['master1'],
    '歩き方を変えると消費カロリーが増える',
    'Walk differently, burn more',
    '歩幅と腕の振りを意識するだけで運動量アップ。',
    'Longer strides and arm swings raise the workload.',
  ],
  [
    4,
    ['master1', 'master15'],
    'ウォーキングイベント開催レポート',
    'Report: our walking event',
    '皇居周辺を歩いたイベントの様子をお届けします。',
    'Scenes from our walk around the Imperial Palace.',
    'Events',
  ],
  [
    4,
    ['master2'],
    '朝のラジオ体操を見直そう',
    'Rediscovering morning radio exercises',
    '全身をほぐす効果とポイントを解説。',
    'How it loosens your whole body, step by step.',
  ],
  [
    4,
    ['master16', 'master15'],
    '歩数チャレンジ結果発表',
    'Step challenge results',
    '個人戦の上位入賞者と、みんなの平均歩数を紹介。',
    'Top walkers of the individual match and everyone’s average.',
    'IndividualMatches',
  ],
  [
    5,
    ['master6'],
    'ストレスに気づくための3つのサイン',
    'Three signs of stress to watch for',
    '体・心・行動に表れる変化をチェック。',
    'Changes in body, mind and behaviour.',
  ],
  [
    5,
    ['master12'],
    '1分間のマインドフルネス呼吸法',
    'One-minute mindful breathing',
    '仕事の合間にできる呼吸の整え方。',
    'A breathing reset between tasks.',
  ],
  [
    5,
    ['master6', 'master13'],
    '在宅勤務の孤独感とうまく付き合う',
    'Coping with loneliness when working from home',
    '雑談の時間をつくるチームの工夫。',
    'How teams make time for small talk.',
  ],
  [
    5,
    ['master12'],
    '書く瞑想ジャーナリングのすすめ',
    'Journaling as a writing meditation',
    '頭の中を書き出して気持ちを整理しましょう。',
    'Write things down to sort out your feelings.',
  ],
  [
    5,
    ['master6'],
    '相談窓口の上手な使い方',
    'Making good use of counselling services',
    '社内外の相談窓口と、相談するときのコツ。',
    'Internal and external services and how to start.',
  ],
  [
    5,
    ['master9'],
    'ストレス解消のお酒、飲みすぎていませんか',
    'Drinking to unwind: is it too much?',
    '気分転換の飲酒が習慣化するリスク。',
    'When a drink to relax becomes a habit.',
  ],
  [
    6,
    ['master9'],
    '適正な飲酒量を知っていますか',
    'Do you know what moderate drinking is?',
    '純アルコール20gの目安を飲み物別に紹介。',
    '20 g of pure alcohol, drink by drink.',
  ],
  [
    6,
    ['master10'],
    '休肝日をつくる3つの工夫',
    'Three ways to add alcohol-free days',
    'ノンアルコール飲料や予定の入れ方のコツ。',
    'Alcohol-free drinks and planning tips.',
  ],
  [
    6,
    ['master11'],
    '禁煙外来ってどんなところ？',
    'What happens at a quit-smoking clinic?',
    '治療の流れと費用の目安を解説します。',
    'The course of treatment and typical costs.',
  ],
  [
    6,
    ['master9', 'master10'],
    '飲み会シーズンを乗り切る飲み方',
    'Getting through the party season',
    '飲む前・飲む間・飲んだ後にできること。',
    'What to do before, during and after drinking.',
  ],
  [
    6,
    ['master11'],
    '加熱式たばこは本当に安全？',
    'Are heated tobacco products really safe?',
    '最新の研究からわかっていることをまとめました。',
    'What recent research tells us.',
  ],
  [
    6,
    ['master10', 'master9'],
    'ノンアル生活を1か月続けてみた',
    'A month without alcohol: a report',
    '社員モニターの体重と睡眠の変化を紹介。',
    'How weight and sleep changed for staff volunteers.',
    'TeamMatches',
  ],
  [
    7,
    ['master13'],
    '在宅勤務の姿勢を整えるデスク環境',
    'Setting up your desk for good posture',
    'モニターと椅子の高さの合わせ方。',
    'Getting monitor and chair heights right.',
  ],
  [
    7,
    [],
    '熱中症を防ぐ水分補給のタイミング',
    'When to drink water to avoid heatstroke',
    'のどが渇く前に飲むのがポイントです。',
    'Drink before you feel thirsty.',
  ],
  [
    7,
    ['master13'],
    '目の疲れをとる20-20-20ルール',
    'The 20-20-20 rule for tired eyes',
    '画面作業の合間に遠くを見る習慣。',
    'Look far away between screen tasks.',
  ],
  [7, [], '花粉の季節を快適に過ごすには', 'Getting through hay fever season', '室内に花粉を持ち込まない工夫。', 'Keeping pollen out of your home.'],
  [
    7,
    ['master14'],
    '冷えに負けない体づくり',
    'Building a body that beats the cold',
    '首・手首・足首を温める習慣。',
    'Keep your neck, wrists and ankles warm.',
  ],
  [
    8,
    ['master15'],
    'チームで取り組むウェルビーイング',
    'Wellbeing as a team effort',
    '部署ぐるみの健康づくりの事例を紹介。',
    'Examples of departments improving health together.',
  ],
  [
    8,
    ['master14'],
    '働く女性のためのセルフケア',
    'Self-care for working women',
    'ホルモンバランスと上手に付き合うコツ。',
    'Living well with hormonal changes.',
  ],
  [
    8,
    [],
    '感謝日記で幸福度を上げる',
    'A gratitude diary for more happiness',
    '1日3つ、よかったことを書き出してみましょう。',
    'Write down three good things each day.',
  ],
  [
    8,
    ['master15', 'master1'],
    '部署対抗ウォーキング大会の舞台裏',
    'Behind the scenes of the inter-department walk',
    '企画から表彰までの流れをレポート。',
    'From planning to the award ceremony.',
    'Events',
  ],
  [
    8,
    ['master12'],
    '自然の中で過ごす時間の効果',
    'What time in nature does for you',
    '公園を歩くだけでも気分が変わります。',
    'Even a walk in the park lifts your mood.',
  ],
  [
    8,
    [],
    '睡眠・食事・運動のバランスを見直す',
    'Rebalancing sleep, meals and exercise',
    '3つの柱を無理なく整える1週間プラン。',
    'A one-week plan for the three pillars.',
  ],
];

const GENRE_TEXT: Record<number, [string, string][]> = {
  1: [
    [
      '<p>病気の多くは、<strong>早めに気づくこと</strong>で重症化を防げます。年に一度の健康診断は、自分の体の変化を知る大切な機会です。</p>',
      '<p>Many illnesses can be kept from getting worse by <strong>noticing them early</strong>. The yearly checkup is your chance to see how your body is changing.</p>',
    ],
    [
      '<p>気になる数値があったら、<em>去年の結果</em>と並べて見てみましょう。変化の向きがわかると、次の一歩が決めやすくなります。</p>',
      '<p>If a number worries you, put it next to <em>last year’s result</em>. Seeing which way it moves makes the next step easier.</p>',
    ],
  ],
  2: [
    [
      '<p>食事は毎日のこと。<strong>完璧を目指さず</strong>、1日のどこかで野菜を一皿増やすことから始めましょう。</p>',
      '<p>You eat every day. <strong>Don’t aim for perfect</strong>: start by adding one plate of vegetables somewhere in your day.</p>',
    ],
    [
      '<ul><li>主食・主菜・副菜をそろえる</li><li>よく噛んでゆっくり食べる</li><li>汁物は具だくさんに</li></ul>',
      '<ul><li>Have a staple, a main and a side</li><li>Chew well and eat slowly</li><li>Fill your soup with vegetables</li></ul>',
    ],
  ],
  3: [
    [
      '<p>休養は「何もしないこと」ではありません。<strong>眠り・くつろぎ・気分転換</strong>を組み合わせて、心と体を回復させましょう。</p>',
      '<p>Rest is not “doing nothing”. Combine <strong>sleep, relaxation and a change of scene</strong> to let body and mind recover.</p>',
    ],
    [
      '<p>寝る1時間前には画面から離れ、部屋の明かりを少し落とすのがおすすめです。</p>',
      '<p>Step away from screens an hour before bed and dim the lights a little.</p>',
    ],
  ],
  4: [
    [
      '<p>運動は<strong>10分単位</strong>でも効果があります。エレベーターより階段、一駅手前で降りるなど、日常の中で体を動かしましょう。</p>',
      '<p>Exercise counts even <strong>in 10-minute blocks</strong>. Take the stairs, get off one stop early, and move within your day.</p>',
    ],
    [
      '<p>目標は1日8000歩。歩数はアプリで毎日確認できます。</p>',
      '<p>The goal is 8,000 steps a day. You can check your steps in the app every day.</p>',
    ],
  ],
  5: [
    [
      '<p>ストレスは誰にでもあるものです。大切なのは、<strong>自分なりの解消法</strong>をいくつか持っておくこと。</p>',
      '<p>Everyone has stress. What matters is having <strong>a few ways of your own</strong> to release it.</p>',
    ],
    [
      '<p>つらいときは一人で抱え込まず、身近な人や相談窓口に話してみてください。</p>',
      '<p>When things are hard, don’t carry them alone: talk to someone close or to a counselling service.</p>',
    ],
  ],
  6: [
    [
      '<p>お酒は<strong>量と頻度</strong>がポイントです。1日平均純アルコール20g程度を目安に、週に2日は休肝日をつくりましょう。</p>',
      '<p>With alcohol, <strong>amount and frequency</strong> matter. Aim for about 20 g of pure alcohol a day on average and two alcohol-free days a week.</p>',
    ],
    [
      '<p>たばこをやめると、数日で味覚や嗅覚が戻り始めます。禁煙外来では保険診療も受けられます。</p>',
      '<p>Within days of quitting smoking, taste and smell start to come back. Quit-smoking clinics are covered by health insurance.</p>',
    ],
  ],
  7: [
    [
      '<p>季節や働き方の変化に合わせて、<strong>小さな工夫</strong>を積み重ねることが健康につながります。</p>',
      '<p>Small adjustments to the seasons and the way you work <strong>add up</strong> to better health.</p>',
    ],
    ['<p>気になることがあれば、まずは一つ試してみましょう。</p>', '<p>If something catches your eye, try just one thing first.</p>'],
  ],
  8: [
    [
      '<p>ウェルビーイングとは、体だけでなく<strong>心と社会的なつながり</strong>も満たされた状態のことです。</p>',
      '<p>Wellbeing means being well not only in body but also <strong>in mind and in your connections</strong> with others.</p>',
    ],
    [
      '<p>同僚や家族と一緒に取り組むと、習慣は長続きしやすくなります。</p>',
      '<p>Habits last longer when you take them up with colleagues or family.</p>',
    ],
  ],
};

const ANNOUNCEMENTS: [string, string, boolean, boolean, string][] = [
  ['【重要】システムメンテナンスのお知らせ', '[Important] Scheduled system maintenance', true, false, 'tools'],
  ['冬のウォーキングキャンペーンを開始しました', 'Our winter walking campaign has started', false, false, 'megaphone'],
  ['年末年始の問い合わせ窓口について', 'Support desk hours over the New Year holidays', false, false, 'calendar'],
  ['【契約企業様限定】健康セミナーのご案内', '[Contract members] Health seminar invitation', false, true, 'checkup'],
  ['アプリのバージョンアップのお知らせ', 'A new version of the app is available', false, false, 'phone'],
  ['ポイント交換の新しい特典を追加しました', 'New rewards for your points', false, false, 'gift'],
  ['【重要】利用規約改定のお知らせ', '[Important] Our terms of use are changing', true, false, 'megaphone'],
  ['インフルエンザ予防接種の補助について', 'Support for flu vaccinations', false, true, 'checkup'],
  ['健康診断の受診予約が始まりました', 'Health checkup booking is now open', false, false, 'calendar'],
  ['チーム対抗戦のエントリー受付中', 'Team match entries are open', false, true, 'megaphone'],
  ['睡眠改善プログラムの参加者募集', 'Join our sleep improvement programme', false, false, 'phone'],
  ['【重要】不審なメールにご注意ください', '[Important] Beware of suspicious emails', true, false, 'tools'],
  ['ライブラリに新しい記事を追加しました', 'New articles in the library', false, false, 'phone'],
  ['オンラインヨガ教室の日程が決まりました', 'Dates set for the online yoga class', false, false, 'calendar'],
  ['【契約企業様限定】ストレスチェックの実施について', '[Contract members] About the stress check', false, true, 'checkup'],
  ['歩数ランキングの集計方法を変更しました', 'We changed how the step ranking is counted', false, false, 'tools'],
  ['春の健康フェアを開催します', 'Spring health fair coming up', false, false, 'megaphone'],
  ['アンケートご協力のお願い', 'Please answer our survey', false, false, 'phone'],
  ['プロフィール画像を設定できるようになりました', 'You can now set a profile image', false, false, 'phone'],
  ['【重要】ログイン方法の変更について', '[Important] Changes to signing in', true, false, 'tools'],
  ['体組成計の貸し出しを始めました', 'Body composition scales available to borrow', false, true, 'gift'],
  ['夏季休業期間のお知らせ', 'Summer closure dates', false, false, 'calendar'],
  ['熱中症に気をつけましょう', 'Watch out for heatstroke', false, false, 'checkup'],
  ['健康ポイントの有効期限について', 'About the expiry of health points', false, false, 'gift'],
  ['【重要】個人情報の取り扱いについて', '[Important] How we handle personal data', true, false, 'tools'],
  ['ウォーキングマップを公開しました', 'Walking maps are now online', false, false, 'megaphone'],
  ['禁煙サポートプログラムのご案内', 'Quit-smoking support programme', false, true, 'checkup'],
  ['Hibiへようこそ', 'Welcome to Hibi', false, false, 'megaphone'],
];

/**
 * Alt text of the demo images (issue 55, item 3): the editors require Japanese alt text on every image, so the demo
 * content carries it, in both languages, and an editor can save a demo item again as it is.
 */
const ANNOUNCEMENT_IMAGE_ALT: Record<string, [string, string]> = {
  tools: ['工具のイラスト', 'An illustration of tools'],
  megaphone: ['メガホンのイラスト', 'An illustration of a megaphone'],
  calendar: ['カレンダーのイラスト', 'An illustration of a calendar'],
  checkup: ['健康診断のイラスト', 'An illustration of a health checkup'],
  phone: ['スマートフォンのイラスト', 'An illustration of a smartphone'],
  gift: ['ギフトボックスのイラスト', 'An illustration of a gift box'],
};
const announcementImage = (name: string) => {
  const [altJa, altEn] = ANNOUNCEMENT_IMAGE_ALT[name]!;
  return { url: `${IMG}/announcements/${name}.svg`, altJa, altEn };
};
/** A library image: the genre's illustration, described by its genre. */
const libraryImage = (genre: number, variant: number) => {
  const [, ja, en] = GENRES[genre - 1]!;
  return { url: `${IMG}/library/genre${genre}-${variant}.svg`, altJa: `「${ja}」のイラスト`, altEn: `An illustration for “${en}”` };
};

/** Demo content of the content domain: tags and genres, 48 library articles, 29 announcements, sections and views. */
export async function seedContent(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const rnd = seededRandom(3103);
  // A day `daysAgo` before now at `hour` o'clock Tokyo time, never later than a minute ago.
  const at = (daysAgo: number, hour = 9) =>
    new Date(Math.min(Math.floor((now.getTime() - daysAgo * DAY) / DAY) * DAY + (hour - 9) * 3_600_000, now.getTime() - 60_000 * (daysAgo + 1)));

  // Tags: the genres first, then topic tags under them. Every genre has a list on the library index.
  await db
    .insert(tags)
    .values([
      ...GENRES.map(([id, ja, en], i) => ({ id, nameJa: ja, nameEn: en, isGenre: true, position: i + 1, topPosition: i + 1 })),
      ...TOPIC_TAGS.map(([id, ja, en, genreId], i) => ({ id, nameJa: ja, nameEn: en, genreId, position: 100 + i })),
    ]);

  // Library articles, newest first in the table order reversed: article i is published i * 2 days ago (+ jitter).
  const CONTRACT_ONLY = new Set([5, 14, 29, 40]);
  const PICKUPS = new Map([
    [18, 1],
    [0, 2],
    [31, 3],
    [12, 4],
  ]);
  const articleRows = ARTICLES.map(([genre, , titleJa, titleEn, descJa, descEn, type], i) => ({
    titleJa,
    titleEn,
    descriptionJa: descJa,
    descriptionEn: descEn,
    imageUrl: `${IMG}/library/genre${genre}-${(i % 3) + 1}.svg`,
    imageAltJa: libraryImage(genre, (i % 3) + 1).altJa,
    imageAltEn: libraryImage(genre, (i % 3) + 1).altEn,
    relType: type ?? 'ReportArticles',
    contractOnly: CONTRACT_ONLY.has(i),
    publishedAt: at(((i * 17) % ARTICLES.length) * 2 + 1, 8 + (i % 9)),
    recommendScore: (i * 37) % 100,
    pickupPosition: PICKUPS.get(i) ?? null,
  }));
  // The newest article is published tomorrow: it exists but is not shown yet.
  articleRows.push({
    ...articleRows[0]!,
    titleJa: '公開前の記事',
    titleEn: 'An article not yet published',
    publishedAt: new Date(now.getTime() + DAY),
    contractOnly: false,
    pickupPosition: null,
  });
  const articles = await db.insert(reportArticles).values(articleRows).returning({ id: reportArticles.id });
  const articleIds = articles.map((a) => a.id);

  await db.insert(reportArticleImages).values(
    articleIds.flatMap((id, i) => {
      const genre = ARTICLES[i % ARTICLES.length]![0];
      const count = i % 4 === 0 ? 3 : i % 3 === 0 ? 1 : 2;
      return Array.from({ length: count }, (_, k) => ({
        reportArticleId: id,
        position: k,
        ...libraryImage(genre, ((i + k) % 3) + 1),
      }));
    }),
  );
  await db.insert(reportArticleTags).values(
    articleIds.flatMap((id, i) => {
      const [genre, topics] = ARTICLES[i % ARTICLES.length]!;
      return [`genre${genre}`, ...topics].map((tagId, position) => ({ reportArticleId: id, tagId, position }));
    }),
  );

  // Sections of the articles: body text, some images, a video or an attachment now and then, and a link button.
  const videos = [1, 2];
  const attachmentFiles = [
    { fileNameJa: 'ウォーキングガイド.pdf', fileNameEn: 'Walking guide.pdf', url: `${PROTECTED}/files/walking-guide.pdf` },
    { fileNameJa: '睡眠チェックリスト.pdf', fileNameEn: 'Sleep checklist.pdf', url: `${PROTECTED}/files/sleep-checklist.pdf` },
    { fileNameJa: 'ヘルシーメニュー.pdf', fileNameEn: 'Healthy menu.pdf', url: `${PROTECTED}/files/healthy-menu.pdf` },
  ];
  await insertSectionsBulk(
    db,
    'report_article',
    articleIds.map((ownerId, i) => {
      const [genre, topics, , , descJa, descEn] = ARTICLES[i % ARTICLES.length]!;
      const [p1, p2] = GENRE_TEXT[genre]!;
      // One article's stored text carries a script, an event handler and a javascript: link, as pasted HTML might:
      // the sanitiser removes them when storing (the e2e library spec checks in Chromium that nothing runs).
      const hostile =
        i === XSS_ARTICLE_INDEX
          ? '<script>window.__xss = 1</script><img src="/nope.png" onerror="window.__xss = 2"><a href="javascript:window.__xss = 3"></a>'
          : '';
      const list: SectionInput[] = [
        {
          sectionType: 2,
          subtitleJa: 'はじめに',
          subtitleEn: 'Introduction',
          commentJa: `<p onmouseover="window.__xss = 4">${descJa}</p>${hostile}${p1![0]}`,
          commentEn: `<p>${descEn}</p>${hostile}${p1![1]}`,
        },
        {
          sectionType: 2,
          subtitleJa: '今日からできること',
          subtitleEn: 'What you can do today',
          commentJa: p2![0],
          commentEn: p2![1],
          images: i % 2 === 0 ? [libraryImage(genre, ((i + 1) % 3) + 1)] : [],
          videos:
            i % 5 === 0
              ? [{ videoUrl: `${PROTECTED}/videos/video${videos[i % 2]}.webm`, thumbnailUrl: `${IMG}/videos/thumb${(i % 3) + 1}.svg` }]
              : [],
          attachments: i % 4 === 1 ? [attachmentFiles[i % 3]!] : [],
        },
      ];
      const tag = topics[0] ?? `genre${genre}`;
      list.push({
        sectionType: 5,
        relType: 'TaggedReportArticles',
        relObjectId: tag,
        relLabelJa: '関連する記事をもっと読む',
        relLabelEn: 'Read more related articles',
      });
      return { ownerId, sections: list };
    }),
  );

  // Views over the last 60 days; the ranking counts the last 30. Popular articles get many more.
  const views: { reportArticleId: number; userId: number | null; viewedAt: Date; viewDay: string }[] = [];
  const view = (reportArticleId: number, userId: number | null, viewedAt: Date) => ({
    reportArticleId,
    userId,
    viewedAt,
    viewDay: tokyoDay(viewedAt),
  });
  const population = ctx.users.population;
  articleIds.slice(0, ARTICLES.length).forEach((id, i) => {
    const weight = (i * 7919) % 23;
    const recent = 2 + weight * 3 + (i === 18 ? 60 : 0);
    for (let k = 0; k < recent; k++)
      views.push(view(id, rnd.chance(0.8) ? rnd.pick(population) : null, new Date(now.getTime() - rnd.int(1, 29 * 24) * 3_600_000)));
    // Old views (outside the window) that must not count: heavy on articles that are not popular now.
    const old = (22 - weight) * 2;
    for (let k = 0; k < old; k++) views.push(view(id, rnd.pick(population), new Date(now.getTime() - rnd.int(32, 60) * DAY)));
  });
  // A member's second view of an article on the same day counts nothing (the unique index of 0101).
  for (let start = 0; start < views.length; start += 1000)
    await db
      .insert(reportArticleViews)
      .values(views.slice(start, start + 1000))
      .onConflictDoNothing();

  // Announcements: one every 3 days, the last one scheduled for tomorrow (not shown yet).
  const annRows = ANNOUNCEMENTS.map(([titleJa, titleEn, isImportant, contractOnly], i) => ({
    titleJa,
    titleEn,
    isImportant,
    contractOnly,
    fromAt: at(i * 3, 10 + (i % 6)),
  }));
  annRows.push({
    titleJa: '予約公開のお知らせ',
    titleEn: 'A scheduled announcement',
    isImportant: false,
    contractOnly: false,
    fromAt: new Date(now.getTime() + DAY),
  });
  const anns = await db.insert(announcements).values(annRows).returning({ id: announcements.id });
  const annIds = anns.map((a) => a.id);
  await db.insert(announcementImages).values(
    annIds.flatMap((id, i) => {
      const main = ANNOUNCEMENTS[i % ANNOUNCEMENTS.length]![4];
      const list = [{ announcementId: id, position: 0, ...announcementImage(main) }];
      if (i % 5 === 1) list.push({ announcementId: id, position: 1, ...announcementImage(i % 2 ? 'calendar' : 'gift') });
      return list;
    }),
  );
  await insertSectionsBulk(
    db,
    'announcement',
    annIds.map((ownerId, i) => {
      const [titleJa, titleEn] = ANNOUNCEMENTS[i % ANNOUNCEMENTS.length]!;
      const list: SectionInput[] = [
        {
          sectionType: 2,
          subtitleJa: '概要',
          subtitleEn: 'Overview',
          commentJa: `<p>いつもHibiをご利用いただきありがとうございます。</p><p>「${titleJa}」についてお知らせします。詳しくは以下をご確認ください。</p>`,
          commentEn: `<p>Thank you for using Hibi.</p><p>This is a notice about “${titleEn}”. Please see the details below.</p>`,
        },
        {
          sectionType: 2,
          subtitleJa: '詳細',
          subtitleEn: 'Details',
          commentJa:
            '<ul><li>対象：Hibiをご利用のすべての方</li><li>お問い合わせ：Hibi事務局</li></ul><p>ご不明な点は<a href="/faq">よくある質問</a>をご覧ください。</p>',
          commentEn:
            '<ul><li>Who: everyone using Hibi</li><li>Contact: the Hibi administration office</li></ul><p>See the <a href="/faq">FAQ</a> if anything is unclear.</p>',
          attachments: i % 6 === 2 ? [attachmentFiles[0]!] : [],
        },
      ];
      if (i % 3 === 0) list.push({ sectionType: 5, relType: 'EventList', relLabelJa: 'イベント一覧を見る', relLabelEn: 'See the events' });
      if (i % 3 === 1)
        list.push({
          sectionType: 5,
          relType: 'ReportArticles',
          relObjectId: articleIds[i % ARTICLES.length]!,
          relLabelJa: '関連記事を読む',
          relLabelEn: 'Read the related article',
        });
      if (i % 3 === 2)
        list.push({ sectionType: 5, relType: 'ReportArticleList', relLabelJa: 'ライブラリの新着記事', relLabelEn: 'New in the library' });
      // The walking campaign points to the administrator's action goals, which only the smartphone app shows.
      if (i === 1)
        list.push({
          sectionType: 5,
          relType: 'AdminActionGoals',
          relObjectId: '1',
          relLabelJa: '今月のアクション目標',
          relLabelEn: 'This month’s action goals',
        });
      return { ownerId, sections: list };
    }),
  );
  // member@example.com has read the older announcements.
  await db
    .insert(announcementReads)
    .values(annIds.slice(6, ANNOUNCEMENTS.length).map((announcementId, i) => ({ announcementId, userId: ctx.users.member, readAt: at(i) })));
}
