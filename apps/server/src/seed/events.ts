import { sql } from 'drizzle-orm';
import { DAY_MS, startOfTokyoDay } from '@hibi/contract/time';
import type { SeedContext } from './context.ts';
import { seededRandom } from './random.ts';
import { eventFavorites, eventImages, eventQuestions, eventReservations, eventSessions, events } from '../db/schema/events.ts';
import { insertSectionsBulk, type SectionInput } from '../domains/content/data/sections.ts';
import { richTextWithLineBreaks } from '../lib/sanitize.ts';

const HOUR = 3_600_000;

interface SessionSeed {
  ja: string;
  en: string;
  /** Days from today (Asia/Tokyo) and hour of day. */
  day: number;
  from: number;
  to: number;
  /** 0 display only, 1 in-app reservation, 2 external site. */
  type?: 0 | 1 | 2;
  capacity?: number | null;
  team?: boolean;
  online?: boolean;
  /** Booking window in days from today (hour 9 / hour 23:59 of those days). */
  opens?: number;
  closes?: number;
  url?: string;
  externalFull?: boolean;
  /** How many population members hold a reservation (demo load; never the e2e accounts member10..19). */
  booked?: number;
  /** Population members (by their demo number, member141 -> 141) who hold a reservation: the e2e waiting-list holders. */
  heldBy?: number[];
}

interface QuestionSeed {
  type: 'text' | 'checkbox' | 'select' | 'images' | 'comment';
  ja: string;
  en: string;
  required?: boolean;
  choicesJa?: string[];
  choicesEn?: string[];
  /** An images question's pictures: [image, Japanese alt text, English alt text]. */
  choiceImages?: [string, string, string][];
}

interface EventSeed {
  ja: string;
  en: string;
  image: string;
  /** Event period: days from today and hours; `endDay` defaults to `day`. */
  day: number;
  from: number;
  endDay?: number;
  to: number;
  placeJa?: string;
  placeEn?: string;
  price?: number;
  providing?: 1 | 2 | 3;
  capacity?: number | null;
  advertising?: boolean;
  contractOnly?: boolean;
  remarksJa?: string;
  remarksEn?: string;
  extra?: [string, string, string, string];
  report?: boolean;
  bodyJa: string;
  bodyEn: string;
  sessions: SessionSeed[];
  questions?: QuestionSeed[];
  /** member@example.com reserves session index n / favourites the event. */
  memberReserves?: number;
  memberFavorite?: boolean;
}

const PLACE = {
  hall: ['丸の内ビル 8階 ホール', 'Marunouchi Building 8F Hall'],
  park: ['皇居外苑 和田倉噴水公園 集合', 'Meet at Wadakura Fountain Park, Kokyo Gaien'],
  studio: ['大手町タワー 3階 スタジオ', 'Otemachi Tower 3F Studio'],
  kitchen: ['有楽町キッチンスタジオ', 'Yurakucho Kitchen Studio'],
  lounge: ['日比谷ラウンジ', 'Hibiya Lounge'],
  clinic: ['丸の内健診センター', 'Marunouchi Health Check Center'],
} as const;

const WALK_QUESTIONS: QuestionSeed[] = [
  {
    type: 'select',
    ja: 'ウォーキングイベントへの参加経験を教えてください。',
    en: 'Have you joined a walking event before?',
    required: true,
    choicesJa: ['はじめて', '1〜2回', '3回以上'],
    choicesEn: ['This is my first time', 'Once or twice', 'Three times or more'],
  },
  {
    type: 'checkbox',
    ja: '当日ほしいサポートを選んでください（複数可）。',
    en: 'Which support would you like on the day? (choose any)',
    choicesJa: ['ストレッチ指導', '給水', '写真撮影'],
    choicesEn: ['Stretching guidance', 'Water station', 'Photos'],
  },
  { type: 'text', ja: '緊急連絡先（電話番号）', en: 'Emergency contact (phone number)', required: true },
  {
    type: 'comment',
    ja: '体調面で事務局に伝えておきたいことがあればご記入ください。\n（任意）',
    en: 'Anything about your health the office should know?\n(optional)',
  },
];

/** 30 events over upcoming, today and finished, covering every session kind and reservation state (docs/requirements/platform.md#platform-demo-content). */
function eventSeeds(): EventSeed[] {
  const body = (ja: string, en: string) => ({ bodyJa: ja, bodyEn: en });
  return [
    // ---------- upcoming ----------
    {
      ja: '朝活ウォーキング 皇居ラン＆ウォーク',
      en: 'Morning walk around the Imperial Palace',
      image: 'walking',
      day: 6,
      from: 7,
      to: 9,
      placeJa: PLACE.park[0],
      placeEn: PLACE.park[1],
      capacity: 40,
      extra: ['持ち物', 'What to bring', '動きやすい服装、飲み物、タオル', 'Comfortable clothes, a drink and a towel'],
      report: true,
      ...body(
        '出勤前の1時間、皇居の周りを一緒に歩きませんか。インストラクターによるウォーミングアップ付きです。',
        'Start your day with an hour around the Imperial Palace. An instructor leads the warm-up.',
      ),
      sessions: [
        { ja: '7:00スタート', en: '7:00 start', day: 6, from: 7, to: 8, capacity: 20, opens: -5, closes: 4, booked: 4 },
        { ja: '8:00スタート', en: '8:00 start', day: 6, from: 8, to: 9, capacity: 20, opens: -5, closes: 4, booked: 2 },
      ],
      questions: WALK_QUESTIONS,
      memberFavorite: true,
    },
    {
      ja: 'オンラインヨガ：肩こり解消の30分',
      en: 'Online yoga: 30 minutes for stiff shoulders',
      image: 'yoga',
      day: 4,
      from: 12,
      to: 13,
      providing: 2,
      capacity: null,
      ...body(
        '自席からでも参加できるオンラインヨガです。カメラはオフで構いません。',
        'Online yoga you can join from your desk. Cameras may stay off.',
      ),
      sessions: [
        {
          ja: 'ランチタイム回',
          en: 'Lunchtime class',
          day: 4,
          from: 12.25,
          to: 12.75,
          online: true,
          capacity: null,
          opens: -10,
          closes: 4,
          booked: 12,
        },
      ],
      memberReserves: 0,
    },
    {
      ja: '少人数ストレッチ講座（定員3名）',
      en: 'Small-group stretching class (3 seats)',
      image: 'mindful',
      day: 8,
      from: 18,
      to: 19,
      placeJa: PLACE.studio[0],
      placeEn: PLACE.studio[1],
      capacity: 3,
      ...body(
        'トレーナーがひとりひとりの姿勢を見ながら指導する少人数制の講座です。',
        'A small class where the trainer checks each person’s posture.',
      ),
      sessions: [{ ja: '夜の部', en: 'Evening class', day: 8, from: 18, to: 19, capacity: 3, opens: -3, closes: 7 }],
    },
    {
      ja: '人気の栄養セミナー「続けられる減塩」',
      en: 'Popular nutrition seminar: low-salt eating that lasts',
      image: 'seminar',
      day: 9,
      from: 15,
      to: 16.5,
      placeJa: PLACE.hall[0],
      placeEn: PLACE.hall[1],
      capacity: 5,
      ...body(
        '管理栄養士が、外食やコンビニでもできる減塩のコツをお話しします。',
        'A registered dietitian shares low-salt tips that work for eating out too.',
      ),
      sessions: [{ ja: '本編', en: 'Main session', day: 9, from: 15, to: 16.5, capacity: 5, opens: -7, closes: 8, booked: 5 }],
    },
    {
      ja: '秋の高尾山ハイキング',
      en: 'Autumn hike on Mt. Takao',
      image: 'walking',
      day: 24,
      from: 8,
      to: 15,
      placeJa: '京王線 高尾山口駅 改札前',
      placeEn: 'Takaosanguchi Station ticket gate (Keio Line)',
      price: 1500,
      capacity: 30,
      remarksJa: '雨天中止（前日18時に判断）',
      remarksEn: 'Cancelled in rain (decided at 18:00 the day before)',
      ...body(
        '紅葉の高尾山を、ガイドと一緒にゆっくり登ります。参加費には保険料が含まれます。',
        'A gentle guided hike through autumn colours. The fee includes insurance.',
      ),
      sessions: [{ ja: '日帰りコース', en: 'Day course', day: 24, from: 8, to: 15, capacity: 30, opens: 5, closes: 20 }],
      questions: [
        {
          type: 'select',
          ja: '希望するコース',
          en: 'Preferred route',
          required: true,
          choicesJa: ['1号路（初心者）', '稲荷山コース（中級）'],
          choicesEn: ['Trail 1 (beginner)', 'Inariyama route (intermediate)'],
        },
      ],
      memberFavorite: true,
    },
    {
      ja: '健康診断の結果を読み解く講座',
      en: 'Making sense of your health check results',
      image: 'checkup',
      day: 5,
      from: 17,
      to: 18,
      placeJa: PLACE.clinic[0],
      placeEn: PLACE.clinic[1],
      capacity: 25,
      ...body('健診結果の数値の意味と、次の一歩を医師が解説します。', 'A doctor explains what the numbers mean and what to do next.'),
      sessions: [{ ja: '講座', en: 'Lecture', day: 5, from: 17, to: 18, capacity: 25, opens: -20, closes: -1, booked: 9 }],
    },
    {
      ja: '丸の内チャリティラン 2026（外部サイトで受付）',
      en: 'Marunouchi Charity Run 2026 (entry on an external site)',
      image: 'running',
      day: 30,
      from: 9,
      to: 12,
      placeJa: '丸の内仲通り',
      placeEn: 'Marunouchi Naka-dori',
      price: 3000,
      ...body('エントリーは大会公式サイトで受け付けています。', 'Entries are taken on the race’s official site.'),
      sessions: [
        { ja: '5kmの部', en: '5 km race', day: 30, from: 9, to: 12, type: 2, url: 'https://example.com/charity-run/entry', opens: -10, closes: 20 },
      ],
    },
    {
      ja: '東京ベイ・ナイトウォーク（外部サイト・満員）',
      en: 'Tokyo Bay Night Walk (external site, full)',
      image: 'walking',
      day: 16,
      from: 18,
      to: 21,
      placeJa: '竹芝ふ頭',
      placeEn: 'Takeshiba Pier',
      ...body(
        '夜景を眺めながら湾岸を歩くイベントです。定員に達したため受付を終了しています。',
        'Walk the waterfront at night. The event is fully booked.',
      ),
      sessions: [
        {
          ja: '10kmコース',
          en: '10 km course',
          day: 16,
          from: 18,
          to: 21,
          type: 2,
          url: 'https://example.com/night-walk',
          externalFull: true,
          opens: -15,
          closes: 10,
        },
      ],
    },
    {
      ja: 'チーム対抗ウォークラリー',
      en: 'Team walk rally',
      image: 'team',
      day: 12,
      from: 13,
      to: 17,
      placeJa: '日比谷公園 噴水広場',
      placeEn: 'Hibiya Park fountain square',
      capacity: 10,
      ...body(
        '3〜5人のチームで謎解きをしながら街を歩きます。予約はチームの代表者がチーム単位で行ってください。',
        'Teams of 3 to 5 solve puzzles while walking the city. One representative books for the whole team.',
      ),
      sessions: [{ ja: 'チームの部', en: 'Team entry', day: 12, from: 13, to: 17, team: true, capacity: 10, opens: -4, closes: 10, booked: 3 }],
      questions: [
        { type: 'text', ja: 'チーム名', en: 'Team name', required: true },
        {
          type: 'select',
          ja: 'チームの人数',
          en: 'Team size',
          required: true,
          choicesJa: ['3人', '4人', '5人'],
          choicesEn: ['3 people', '4 people', '5 people'],
        },
      ],
    },
    {
      ja: '睡眠改善セミナー（会場・オンライン同時開催）',
      en: 'Better sleep seminar (on site and online)',
      image: 'sleep',
      day: 10,
      from: 19,
      to: 20,
      placeJa: PLACE.lounge[0],
      placeEn: PLACE.lounge[1],
      providing: 3,
      capacity: 60,
      ...body(
        '睡眠の専門家が、眠りの質を上げる生活習慣を紹介します。会場とオンラインのどちらかを選べます。',
        'A sleep specialist shares habits for better sleep. Join on site or online.',
      ),
      sessions: [
        { ja: '会場参加', en: 'On site', day: 10, from: 19, to: 20, capacity: 30, opens: -6, closes: 9, booked: 6 },
        { ja: 'オンライン参加', en: 'Online', day: 10, from: 19, to: 20, online: true, capacity: 30, opens: -6, closes: 9, booked: 11 },
      ],
      questions: [
        {
          type: 'images',
          ja: '今の眠りに近いイメージを選んでください。',
          en: 'Which picture is closest to how you sleep now?',
          // The pictures are named by their alt text, as the console's editor authors them (issue 55, item 3).
          choiceImages: [
            ['sleep', 'ぐっすり', 'Sound sleep'],
            ['mindful', '夜中に目が覚める', 'Wake up at night'],
            ['yoga', 'なかなか寝つけない', 'Hard to fall asleep'],
          ],
        },
      ],
    },
    {
      ja: 'ヘルスチェックウィーク（時間の表示のみ）',
      en: 'Health check week (times shown only)',
      image: 'checkup',
      day: 14,
      from: 10,
      endDay: 20,
      to: 17,
      placeJa: PLACE.clinic[0],
      placeEn: PLACE.clinic[1],
      remarksJa: '期間中いつでも予約なしで受けられます',
      remarksEn: 'Walk in any time during the week, no booking needed',
      ...body('血圧・体組成・血管年齢を無料で測定できます。', 'Free blood pressure, body composition and vascular age checks.'),
      sessions: [{ ja: '測定コーナー', en: 'Check corner', day: 14, from: 10, to: 17, type: 0 }],
    },
    {
      ja: 'フィットネスクラブ 体験キャンペーン',
      en: 'Fitness club trial campaign',
      image: 'campaign',
      day: 7,
      from: 10,
      endDay: 37,
      to: 22,
      placeJa: '提携フィットネスクラブ各店',
      placeEn: 'Partner fitness clubs',
      advertising: true,
      ...body(
        '提携フィットネスクラブの1日体験が無料になるキャンペーンです。申込は提携先のサイトから。',
        'A free one-day pass at partner fitness clubs. Apply on the partner’s site.',
      ),
      sessions: [
        {
          ja: '体験申込',
          en: 'Trial application',
          day: 37,
          from: 21,
          to: 22,
          type: 2,
          url: 'https://example.com/fitness-trial',
          opens: -1,
          closes: 36,
        },
      ],
    },
    {
      ja: '【法人契約限定】マインドフルネス研修',
      en: '[Corporate members] Mindfulness training',
      image: 'mindful',
      day: 11,
      from: 14,
      to: 16,
      placeJa: PLACE.hall[0],
      placeEn: PLACE.hall[1],
      contractOnly: true,
      capacity: 40,
      ...body('法人契約企業の従業員向けのマインドフルネス研修です。', 'Mindfulness training for employees of corporate-contract companies.'),
      sessions: [{ ja: '研修', en: 'Training', day: 11, from: 14, to: 16, capacity: 40, opens: -8, closes: 10, booked: 7 }],
    },
    {
      ja: '週末ピラティス入門',
      en: 'Weekend Pilates for beginners',
      image: 'yoga',
      day: 13,
      from: 10,
      to: 11,
      placeJa: PLACE.studio[0],
      placeEn: PLACE.studio[1],
      price: 1500,
      capacity: 15,
      ...body('体幹を整えるピラティスの入門クラスです。マットは貸し出します。', 'An introduction to Pilates for a stronger core. Mats provided.'),
      sessions: [
        { ja: '午前の部（満員）', en: 'Morning (full)', day: 13, from: 10, to: 11, capacity: 8, opens: -5, closes: 12, booked: 8 },
        { ja: '午後の部', en: 'Afternoon', day: 13, from: 14, to: 15, capacity: 7, opens: -5, closes: 12, booked: 2 },
      ],
    },
    {
      ja: 'ヘルシー料理教室「野菜たっぷり作り置き」',
      en: 'Healthy cooking: make-ahead vegetable dishes',
      image: 'cooking',
      day: 18,
      from: 11,
      to: 13.5,
      placeJa: PLACE.kitchen[0],
      placeEn: PLACE.kitchen[1],
      price: 2500,
      capacity: 12,
      extra: ['材料費', 'Ingredients', '参加費に含まれます', 'Included in the fee'],
      ...body('1週間使える野菜の作り置きを5品つくります。', 'Cook five make-ahead vegetable dishes that last a week.'),
      sessions: [{ ja: '調理実習', en: 'Hands-on class', day: 18, from: 11, to: 13.5, capacity: 12, opens: 2, closes: 15 }],
      questions: [
        { type: 'text', ja: '食物アレルギーがあれば教えてください。', en: 'Any food allergies?', required: false },
        {
          type: 'checkbox',
          ja: '持ち帰り容器の希望',
          en: 'Take-home containers',
          choicesJa: ['小', '中', '大'],
          choicesEn: ['Small', 'Medium', 'Large'],
        },
      ],
    },
    {
      ja: '階段チャレンジ月間',
      en: 'Stair challenge month',
      image: 'running',
      day: 2,
      from: 0,
      endDay: 32,
      to: 0,
      providing: 2,
      ...body(
        'エレベーターの代わりに階段を使って、1か月で東京スカイツリー10本分をめざします。',
        'Take the stairs instead of the lift and climb ten Tokyo Skytrees in a month.',
      ),
      sessions: [],
    },
    {
      ja: 'メンタルヘルス・ランチ勉強会',
      en: 'Mental health lunch talk',
      image: 'seminar',
      day: 3,
      from: 12,
      to: 13,
      providing: 2,
      ...body('ストレスとの付き合い方を、産業医がやさしく解説します。', 'An occupational physician talks about living with stress.'),
      sessions: [{ ja: 'ライブ配信', en: 'Live stream', day: 3, from: 12, to: 13, online: true, capacity: 200, opens: -14, closes: 3, booked: 25 }],
      memberReserves: 0,
    },
    {
      ja: '新年ウォーキング大会（受付前）',
      en: 'New Year walking festival (not open yet)',
      image: 'walking',
      day: 45,
      from: 9,
      to: 12,
      placeJa: PLACE.park[0],
      placeEn: PLACE.park[1],
      ...body('新年の恒例行事です。受付開始までお待ちください。', 'Our New Year tradition. Booking opens soon.'),
      sessions: [
        { ja: 'ショートコース', en: 'Short course', day: 45, from: 9, to: 10.5, capacity: 100, opens: 20, closes: 40 },
        { ja: 'ロングコース', en: 'Long course', day: 45, from: 9, to: 12, capacity: 100, opens: 20, closes: 40 },
      ],
    },
    // ---------- today ----------
    {
      ja: 'ランチタイム・オフィスストレッチ',
      en: 'Lunchtime office stretch',
      image: 'mindful',
      day: 0,
      from: 12,
      to: 12.5,
      placeJa: PLACE.lounge[0],
      placeEn: PLACE.lounge[1],
      ...body('デスクワークで固まった体を15分でほぐします。', 'Loosen up after desk work in 15 minutes.'),
      sessions: [{ ja: '12:00の回', en: '12:00 class', day: 0, from: 12, to: 12.5, capacity: 20, opens: -3, closes: 0, booked: 5 }],
    },
    {
      ja: '夜のオンライン瞑想',
      en: 'Evening online meditation',
      image: 'sleep',
      day: 0,
      from: 21,
      to: 21.5,
      providing: 2,
      ...body('寝る前の30分、呼吸に意識を向けて一日を締めくくります。', 'End the day with 30 minutes of breathing before bed.'),
      sessions: [{ ja: '21:00の回', en: '21:00 session', day: 0, from: 21, to: 21.5, online: true, capacity: null, opens: -7, closes: 0, booked: 3 }],
    },
    {
      ja: 'ウォーキングウィーク',
      en: 'Walking week',
      image: 'walking',
      day: -2,
      from: 0,
      endDay: 5,
      to: 0,
      providing: 3,
      placeJa: '全国どこでも',
      placeEn: 'Anywhere',
      ...body('1週間、毎日8,000歩をめざすキャンペーンです。', 'Aim for 8,000 steps a day for a week.'),
      sessions: [],
      memberFavorite: true,
    },
    {
      ja: '体組成測定会（本日・満員）',
      en: 'Body composition check (today, full)',
      image: 'checkup',
      day: 0,
      from: 16,
      to: 18,
      placeJa: PLACE.clinic[0],
      placeEn: PLACE.clinic[1],
      ...body('InBodyで筋肉量や体脂肪を測定します。', 'Measure muscle and body fat with InBody.'),
      sessions: [{ ja: '測定', en: 'Check', day: 0, from: 16, to: 18, capacity: 4, opens: -6, closes: 0, booked: 4 }],
    },
    // The waiting-list demo (issue 19): one seat per session, held by a member the e2e suite signs in as.
    {
      ja: 'ランチタイムのデスクヨガ（各回1名）',
      en: 'Desk yoga at lunchtime (one seat per session)',
      image: 'yoga',
      day: 10,
      from: 12.25,
      endDay: 11,
      to: 12.75,
      placeJa: PLACE.studio[0],
      placeEn: PLACE.studio[1],
      capacity: 1,
      ...body(
        'インストラクターとマンツーマンで、座ったままできるヨガを学びます。満席の回はキャンセル待ちができます。',
        'Learn yoga you can do at your desk, one to one with the instructor. Full sessions have a waiting list.',
      ),
      sessions: [
        { ja: '第1回', en: 'Session 1', day: 10, from: 12.25, to: 12.75, capacity: 1, opens: -2, closes: 9, heldBy: [141] },
        { ja: '第2回', en: 'Session 2', day: 11, from: 12.25, to: 12.75, capacity: 1, opens: -2, closes: 10, heldBy: [143] },
      ],
    },
    // ---------- finished ----------
    ...(
      [
        ['春のお花見ウォーキング', 'Spring cherry blossom walk', 'walking', -220, 'park'],
        ['夏の熱中症対策セミナー', 'Heatstroke prevention seminar', 'seminar', -120, 'hall'],
        ['親子でヘルシークッキング', 'Healthy cooking for families', 'cooking', -95, 'kitchen'],
        ['オンライン・ストレッチ 夏', 'Online stretching: summer', 'yoga', -70, null],
        ['チーム対抗歩数チャレンジ 表彰式', 'Team steps challenge award ceremony', 'team', -45, 'hall'],
        ['睡眠と仕事のパフォーマンス', 'Sleep and performance at work', 'sleep', -30, 'lounge'],
        ['秋の健康フェア', 'Autumn health fair', 'checkup', -14, 'clinic'],
        ['マインドフルネス入門（終了）', 'Introduction to mindfulness (finished)', 'mindful', -6, 'studio'],
      ] as const
    ).map(([ja, en, image, day, place], i): EventSeed => ({
      ja,
      en,
      image,
      day,
      from: 18,
      to: 19.5,
      ...(place ? { placeJa: PLACE[place][0], placeEn: PLACE[place][1] } : { providing: 2 as const }),
      price: i % 3 === 2 ? 1000 : 0,
      capacity: 30,
      report: true,
      ...body(`${ja}は終了しました。ご参加ありがとうございました。`, `${en} has finished. Thank you for joining.`),
      sessions: [
        { ja: '本編', en: 'Main session', day, from: 18, to: 19.5, capacity: 30, online: !place, opens: day - 20, closes: day - 1, booked: 10 + i },
      ],
      ...(i === 6 ? { questions: [{ type: 'text' as const, ja: 'ご感想', en: 'Your impressions' }] } : {}),
      ...(i >= 5 ? { memberReserves: 0 } : {}),
    })),
  ];
}

/** Tokyo wall-clock hour `h` (may be fractional) on the day `day` days from the seed's today. */
function tokyo(todayStart: number, day: number, h: number): Date {
  return new Date(todayStart + day * DAY_MS + Math.round(h * HOUR));
}

const EVENT_IMAGE_ALT: Record<string, [string, string]> = {
  walking: ['公園を歩く人たち', 'People walking in a park'],
  yoga: ['ヨガのポーズをとる人', 'A person in a yoga pose'],
  mindful: ['目を閉じて深呼吸する人', 'A person breathing deeply with eyes closed'],
  seminar: ['セミナーで話す講師', 'A speaker at a seminar'],
  checkup: ['健康診断の聴診器とカルテ', 'A stethoscope and a health check chart'],
  running: ['走る人たち', 'People running'],
  team: ['チームで取り組む人たち', 'People working as a team'],
  sleep: ['布団で眠る人', 'A person asleep in bed'],
  campaign: ['キャンペーンの旗', 'A campaign banner'],
  cooking: ['野菜料理をつくる人', 'A person cooking vegetables'],
};

export async function seedEvents(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const rnd = seededRandom(2026_0200);
  const todayStart = startOfTokyoDay(now);
  const seeds = eventSeeds();

  // Library articles to link as event reports: whatever the content seed made (it runs first).
  const articleRows = (await db.execute(sql`SELECT id FROM report_articles WHERE NOT contract_only ORDER BY id LIMIT 20`)) as unknown as {
    rows: { id: number }[];
  };
  const articleIds = articleRows.rows.map((r) => Number(r.id));

  const media = (name: string) => `/media/events/${name}.svg`;
  /** An event image with its alt text in both languages: the console's editor requires the Japanese one (issue 55, item 3). */
  const eventImage = (name: string) => {
    const [altJa, altEn] = EVENT_IMAGE_ALT[name] ?? [`${name}のイラスト`, `An illustration: ${name}`];
    return { url: media(name), altJa, altEn };
  };
  const inserted = await db
    .insert(events)
    .values(
      seeds.map((e, i) => ({
        titleJa: e.ja,
        titleEn: e.en,
        startAt: tokyo(todayStart, e.day, e.from),
        endAt: tokyo(todayStart, e.endDay ?? e.day, e.to),
        dateRemarksJa: e.remarksJa ?? null,
        dateRemarksEn: e.remarksEn ?? null,
        placeJa: e.placeJa ?? null,
        placeEn: e.placeEn ?? null,
        price: e.price ?? 0,
        extraLabelJa: e.extra?.[0] ?? null,
        extraLabelEn: e.extra?.[1] ?? null,
        extraTextJa: e.extra?.[2] ?? null,
        extraTextEn: e.extra?.[3] ?? null,
        reportArticleId: e.report && articleIds.length ? articleIds[i % articleIds.length]! : null,
        contractOnly: e.contractOnly ?? false,
        publishedAt: new Date(now.getTime() - 60 * DAY_MS),
        advertising: e.advertising ?? false,
        providingType: e.providing ?? 1,
        capacity: e.capacity ?? null,
        thumbnailUrl: media(e.image),
      })),
    )
    .returning({ id: events.id });
  const eventIds = inserted.map((r) => r.id);

  await db
    .insert(eventImages)
    .values(
      seeds.flatMap((e, i) => [
        { eventId: eventIds[i]!, ...eventImage(e.image), sort: 0 },
        ...(i % 3 === 0 ? [{ eventId: eventIds[i]!, ...eventImage(i % 2 ? 'team' : 'mindful'), sort: 1 }] : []),
      ]),
    );

  const sessionValues = seeds.flatMap((e, i) =>
    e.sessions.map((s, sort) => ({
      eventId: eventIds[i]!,
      titleJa: s.ja,
      titleEn: s.en,
      providingType: s.online ? 2 : 1,
      reservationType: s.type ?? 1,
      startAt: tokyo(todayStart, s.day, s.from),
      endAt: tokyo(todayStart, s.day, s.to),
      capacity: s.capacity === undefined ? (s.type === 1 || s.type === undefined ? 20 : null) : s.capacity,
      entryUnitType: s.team ? 2 : 1,
      reservationStartAt: s.opens === undefined ? null : tokyo(todayStart, s.opens, 9),
      reservationEndAt: s.closes === undefined ? null : tokyo(todayStart, s.closes, 23.99),
      // An online session booked in the app carries its join link (shown only to members who booked it, decision 178).
      url: s.url ?? (s.online && (s.type ?? 1) !== 2 ? `https://meet.example.com/hibi/${i + 1}-${sort + 1}` : null),
      externalFull: s.externalFull ?? false,
      sort,
    })),
  );
  const sessionIds = sessionValues.length
    ? (await db.insert(eventSessions).values(sessionValues).returning({ id: eventSessions.id })).map((r) => r.id)
    : [];

  const questionValues = seeds.flatMap((e, i) =>
    (e.questions ?? []).map((q, index) => ({
      eventId: eventIds[i]!,
      questionnaireIndex: index,
      type: q.type,
      questionJa: richTextWithLineBreaks(q.ja),
      questionEn: richTextWithLineBreaks(q.en),
      required: q.required ?? false,
      choicesJa: q.choicesJa ?? [],
      choicesEn: q.choicesEn ?? null,
      choiceImages: (q.choiceImages ?? []).map(([name, alt, altEn], n) => ({ id: n + 1, url: media(name), alt, altEn })),
      images: [],
    })),
  );
  if (questionValues.length) await db.insert(eventQuestions).values(questionValues);

  // Demo reservations by the population (member100 and up: never the accounts the e2e suites change).
  const pool = ctx.users.population.slice(99);
  const reservations: (typeof eventReservations.$inferInsert)[] = [];
  let sessionIndex = 0;
  seeds.forEach((e, i) => {
    const used = new Set<number>();
    e.sessions.forEach((s, n) => {
      const sessionId = sessionIds[sessionIndex++]!;
      for (let k = 0; k < (s.booked ?? 0); k++) {
        let userId = rnd.pick(pool);
        while (used.has(userId)) userId = rnd.pick(pool);
        used.add(userId);
        reservations.push({ eventId: eventIds[i]!, sessionId, userId, createdAt: tokyo(todayStart, s.opens ?? -1, 10 + (k % 10)) });
      }
      for (const number of s.heldBy ?? []) {
        reservations.push({
          eventId: eventIds[i]!,
          sessionId,
          userId: ctx.users.population[number - 1]!,
          createdAt: tokyo(todayStart, s.opens ?? -1, 9),
        });
      }
      if (e.memberReserves === n)
        reservations.push({ eventId: eventIds[i]!, sessionId, userId: ctx.users.member, createdAt: tokyo(todayStart, s.opens ?? -1, 9.5) });
    });
  });
  if (reservations.length) await db.insert(eventReservations).values(reservations);
  await db.execute(sql`UPDATE event_sessions s SET reserved_count = (
    SELECT count(*) FROM event_reservations r WHERE r.session_id = s.id AND r.cancelled_at IS NULL)`);

  const favorites = seeds.flatMap((e, i) => (e.memberFavorite ? [{ userId: ctx.users.member, eventId: eventIds[i]! }] : []));
  if (favorites.length) await db.insert(eventFavorites).values(favorites);

  // Sections of the detail page (shared Section model of the content domain).
  await insertSectionsBulk(
    db,
    'event',
    seeds.map((e, i) => {
      const sections: SectionInput[] = [
        {
          sectionType: 2,
          subtitleJa: 'イベント概要',
          subtitleEn: 'About this event',
          commentJa: `<p>${e.bodyJa}</p>`,
          commentEn: `<p>${e.bodyEn}</p>`,
        },
      ];
      if (i % 4 === 0) {
        sections.push({
          sectionType: 2,
          subtitleJa: '当日の流れ',
          subtitleEn: 'On the day',
          commentJa: '<ol><li>受付（開始15分前から）</li><li>オリエンテーション</li><li>プログラム</li><li>アンケート記入・解散</li></ol>',
          commentEn: '<ol><li>Check-in (from 15 minutes before)</li><li>Orientation</li><li>Programme</li><li>Feedback and close</li></ol>',
        });
      }
      if (e.report && articleIds.length) {
        sections.push({
          sectionType: 5,
          relType: 'ReportArticles',
          relObjectId: articleIds[i % articleIds.length]!,
          relLabelJa: '関連するライブラリー記事',
          relLabelEn: 'Related library article',
        });
      }
      return { ownerId: eventIds[i]!, sections };
    }),
  );
}
