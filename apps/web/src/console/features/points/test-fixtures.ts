import type { ApplicationRow, Campaign, ConsoleMission, ConsoleReward, QuizQuestion, QuizRound } from '@hibi/contract/console/points';
import type { Me } from '../../lib/me.ts';

/** The signed-in operator as useMe answers it, for the component tests. */
export const meAs = (role: 'owner' | 'editor' | 'support') =>
  ({ operator: { id: 1, role, email: `${role}@example.com`, displayName: role, tenantId: null } }) as unknown as Me;

export const missionOf = (over: Partial<ConsoleMission> = {}): ConsoleMission => ({
  missionID: 3,
  month: '2027-04',
  title: { ja: '8,000歩を10日', en: '8,000 steps on 10 days' },
  description: null,
  kind: 'steps',
  target: 10,
  minSteps: 8_000,
  points: 300,
  published: true,
  completions: 1_250,
  updatedAt: Date.UTC(2027, 2, 1),
  updatedBy: 'Editor',
  ...over,
});

export const roundOf = (over: Partial<QuizRound> = {}): QuizRound => ({
  roundID: 5,
  name: { ja: '春の健康クイズ', en: 'Spring health quiz' },
  startDate: '2027-04-01',
  endDate: '2027-04-30',
  points: 10,
  questions: 2,
  daysWithoutQuestion: 28,
  updatedAt: Date.UTC(2027, 2, 1),
  ...over,
});

export const questionOf = (over: Partial<QuizQuestion> = {}): QuizQuestion => ({
  questionID: 21,
  roundID: 5,
  day: '2027-04-02',
  genre: 'sleep',
  question: { ja: '大人に勧められる睡眠時間は？', en: 'How long should adults sleep?' },
  choices: [
    { ja: '4時間', en: '4 hours' },
    { ja: '7時間以上', en: '7 hours or more' },
    { ja: '12時間', en: '12 hours' },
  ],
  correctChoice: 1,
  explanation: { ja: '7時間以上が勧められています。', en: null },
  articleID: null,
  answers: 200,
  correctAnswers: 150,
  correctRate: 0.75,
  choiceCounts: [30, 150, 20],
  ...over,
});

export const rewardOf = (over: Partial<ConsoleReward> = {}): ConsoleReward => ({
  rewardID: 7,
  name: { ja: 'タオル', en: 'Towel' },
  description: { ja: '今治タオル', en: null },
  imageID: null,
  imageUrl: null,
  imageAlt: null,
  kind: 'physical',
  points: 1_000,
  stock: 50,
  availableFrom: null,
  availableTo: null,
  campaignOnly: false,
  published: true,
  applications: 12,
  updatedAt: Date.UTC(2027, 2, 1),
  ...over,
});

export const campaignOf = (over: Partial<Campaign> = {}): Campaign => ({
  campaignID: 2,
  name: { ja: '夏のキャンペーン', en: 'Summer campaign' },
  startDate: '2027-07-01',
  endDate: '2027-07-31',
  items: [{ rewardID: 7, name: { ja: 'タオル', en: 'Towel' }, points: 800, regularPoints: 1_000 }],
  updatedAt: Date.UTC(2027, 2, 1),
  ...over,
});

export const applicationOf = (over: Partial<ApplicationRow> = {}): ApplicationRow => ({
  applicationID: 41,
  appliedAt: Date.UTC(2027, 3, 2, 3),
  rewardID: 7,
  rewardName: { ja: 'タオル', en: 'Towel' },
  kind: 'physical',
  points: 1_000,
  status: 'applied',
  memberID: 9,
  nickname: 'たろう',
  tenantName: '丸の内ホールディングス',
  estimate: { month: '2027-04', part: 'late' },
  shippedAt: null,
  cancelledAt: null,
  hasAddress: true,
  ...over,
});
