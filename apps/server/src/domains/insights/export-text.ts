// The words of the insights export in the operator's language (issue 55 item 5, decision 176): the same headers,
// group names, "fewer than 5" mark and one-line definitions as the console's Insights page (its consoleInsights
// locale files; a server test checks that they stay the same).
import type { LifestyleDimension } from '@hibi/contract/console/insights';

export type ExportLocale = 'ja' | 'en';

export interface InsightsExportText {
  hidden: (floor: number) => string;
  groups: { all: string; unknown: string; ageBand: (from: string) => string };
  groupBy: { none: string; department: string; ageBand: string };
  bands: { under: (upper: string) => string; between: (lower: string, upper: string) => string; over: (lower: string) => string };
  figures: {
    group: string;
    members: string;
    activeMembers: string;
    stepParticipation: string;
    avgDailySteps: string;
    eventReservations: string;
    eventAttendance: string;
    surveyResponseRate: string;
    weekStart: string;
  };
  tables: { summary: string; bands: string; weekly: string; lifestyle: string; articles: string; programs: string };
  /** The programs table's columns (issue 57). */
  programs: { program: string; period: string; entrants: string; activeEntrants: string; completion: string };
  lifestyle: Record<LifestyleDimension, string>;
  /** Column names only the file has: the rank and title of an article, its readers, the percent sign's unit. */
  file: { rank: string; title: string; readers: string; percent: (label: string) => string };
  definitions: {
    members: string;
    activeMembers: string;
    stepParticipation: string;
    avgDailySteps: string;
    eventReservations: string;
    eventAttendance: string;
    surveyResponseRate: string;
    stepBands: string;
    weekly: string;
    lifestyle: string;
    articles: string;
    programs: string;
  } & { [D in LifestyleDimension as `lifestyle_${D}`]: string };
  readme: { title: string; tenant: string; period: string; grouping: string; floor: (floor: number) => string; files: string; definitions: string };
}

export const INSIGHTS_EXPORT_TEXT: Record<ExportLocale, InsightsExportText> = {
  ja: {
    hidden: (floor) => `${floor}人未満`,
    groups: { all: '全体', unknown: '未設定', ageBand: (from) => `${from}代` },
    groupBy: { none: '全体', department: '部署', ageBand: '年代' },
    bands: { under: (upper) => `${upper}歩未満`, between: (lower, upper) => `${lower}〜${upper}歩`, over: (lower) => `${lower}歩以上` },
    figures: {
      group: 'グループ',
      members: '登録者',
      activeMembers: '期間中に利用した人',
      stepParticipation: '歩数の記録がある人の割合',
      avgDailySteps: '1日の平均歩数',
      eventReservations: 'イベント予約',
      eventAttendance: 'イベント参加',
      surveyResponseRate: 'アンケート回答率',
      weekStart: '週（月曜日）',
    },
    tables: {
      summary: '概要',
      bands: '1日の平均歩数の分布（人数）',
      weekly: '週ごとの1日平均歩数',
      lifestyle: '生活習慣スコアの平均',
      articles: 'よく読まれた記事',
      programs: 'プログラムへの参加',
    },
    programs: { program: 'プログラム', period: '期間', entrants: '参加者', activeEntrants: '歩数のある参加者', completion: '目標達成率' },
    lifestyle: { score: '総合', exercise: '運動', meal: '食事', drinking: '飲酒', sleep: '睡眠', stress: 'ストレス' },
    file: { rank: '順位', title: '記事', readers: '読んだ人数', percent: (label) => `${label}（%）` },
    definitions: {
      members: '現在この企業に登録している人数。',
      activeMembers: '期間中にサインイン、アプリの利用、機器からの送信、歩数の記録のいずれかがあった人数。',
      stepParticipation: '登録者のうち、期間中に1日以上歩数の記録がある人の割合。',
      avgDailySteps: '歩数を記録した人それぞれの記録日の平均歩数を、人数で平均した値。',
      eventReservations: '期間中に開催されたイベントの予約数（キャンセルを除く）。',
      eventAttendance: 'そのうち受付でチェックインした予約の数。',
      surveyResponseRate: '登録者のうち、期間中にアンケートに1回以上回答した人の割合。',
      stepBands: '歩数を記録した人を、期間中の1日平均歩数で分けた人数。',
      weekly: '月曜から日曜までの週ごとに、グループの人が記録した日の平均歩数。',
      lifestyle: '期間中に記録された日の生活習慣スコア（0〜100点）の平均。',
      lifestyle_score: '5つの項目の点数の平均。',
      lifestyle_exercise: '運動した日は50点、さらに8,000歩までの歩数に応じて最大50点。',
      lifestyle_meal: '朝食をとった、夜食をとらなかった、食べ過ぎなかった、をそれぞれ3分の1として100点。',
      lifestyle_drinking: '飲み過ぎなかった日は100点、飲み過ぎた日は0点。',
      lifestyle_sleep: 'よく眠れた日は100点、そうでない日は0点。',
      lifestyle_stress: '気分が良かった日は100点、そうでない日は0点。',
      articles: '期間中に多くの人が読んだ記事（読んだ人数。5人以上のもの）。',
      programs:
        '期間に重なるチーム対抗ウォークと個人チャレンジごとに、参加者数、プログラムが記録した歩数が1日以上ある参加者数、終わった日の平均歩数（1日の上限まで、記録のない日は0）が目標に届いた参加者の割合。参加者が5人未満のグループは表示しません。',
    },
    readme: {
      title: 'インサイト',
      tenant: '企業',
      period: '期間',
      grouping: '集計の単位',
      floor: (floor) => `${floor}人未満のグループと、差し引きで数値が分かってしまう欄は「${floor}人未満」と表示しています（画面と同じです）。`,
      files: 'ファイル',
      definitions: '各数値の定義',
    },
  },
  en: {
    hidden: (floor) => `Fewer than ${floor}`,
    groups: { all: 'All members', unknown: 'Not set', ageBand: (from) => `${from}s` },
    groupBy: { none: 'All members', department: 'Department', ageBand: 'Age band' },
    bands: {
      under: (upper) => `Under ${upper} steps`,
      between: (lower, upper) => `${lower}–${upper} steps`,
      over: (lower) => `${lower} steps or more`,
    },
    figures: {
      group: 'Group',
      members: 'Members',
      activeMembers: 'Active in the period',
      stepParticipation: 'Share recording steps',
      avgDailySteps: 'Average daily steps',
      eventReservations: 'Event reservations',
      eventAttendance: 'Event attendance',
      surveyResponseRate: 'Survey response rate',
      weekStart: 'Week (Monday)',
    },
    tables: {
      summary: 'Overview',
      bands: 'Average daily steps, by band (people)',
      weekly: 'Average daily steps by week',
      lifestyle: 'Lifestyle score averages',
      articles: 'Most-read articles',
      programs: 'Participation in programs',
    },
    programs: { program: 'Program', period: 'Period', entrants: 'Entrants', activeEntrants: 'Active entrants', completion: 'Reached the goal' },
    lifestyle: { score: 'Overall', exercise: 'Exercise', meal: 'Meals', drinking: 'Drinking', sleep: 'Sleep', stress: 'Stress' },
    file: { rank: 'Rank', title: 'Article', readers: 'Readers', percent: (label) => `${label} (%)` },
    definitions: {
      members: 'People registered with the company now.',
      activeMembers: 'Members who signed in, used the app, sent data from a device or recorded steps in the period.',
      stepParticipation: 'The share of members with steps recorded on at least one day of the period.',
      avgDailySteps: 'Each participant’s average over the days they recorded, averaged over the participants.',
      eventReservations: 'Reservations (not cancelled) for event sessions held in the period.',
      eventAttendance: 'Of those reservations, the ones checked in at the door.',
      surveyResponseRate: 'The share of members who answered at least one survey in the period.',
      stepBands: 'Members who recorded steps, counted by their average daily steps in the period.',
      weekly: 'For each week, Monday to Sunday, the average steps of the days the group’s members recorded.',
      lifestyle: 'The average of the daily lifestyle scores (0–100) over the days members logged in the period.',
      lifestyle_score: 'The average of the five dimensions’ points.',
      lifestyle_exercise: '50 points for having exercised, plus up to 50 for steps up to 8,000.',
      lifestyle_meal: 'Breakfast eaten, no late-night meal and no overeating, a third of 100 points each.',
      lifestyle_drinking: '100 points on a day without drinking too much, else 0.',
      lifestyle_sleep: '100 points on a day after sleeping well, else 0.',
      lifestyle_stress: '100 points on a day of feeling good, else 0.',
      articles: 'The library articles read by the most members in the period (distinct readers, at least 5).',
      programs:
        'For each Team Walk and challenge overlapping the period: entrants, entrants with at least one day of steps the program holds, and the share of entrants whose average over the finished days (up to the daily cap; a day without steps counts 0) reaches the goal. A group with fewer than 5 entrants is not shown.',
    },
    readme: {
      title: 'Insights',
      tenant: 'Company',
      period: 'Period',
      grouping: 'Group by',
      floor: (floor) =>
        `Groups of fewer than ${floor} people, and cells whose figures could be worked out from the others, read “Fewer than ${floor}”, as on the screen.`,
      files: 'Files',
      definitions: 'What each figure means',
    },
  },
};
