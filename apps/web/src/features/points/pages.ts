/**
 * The points screens' loaders (docs/requirements/points.md#points-members), behind one small chunk: the route table
 * (on every first screen) names this module once instead of six pages with their dependency lists, and each page is
 * still its own lazily loaded chunk (the first-screen budget, docs/decisions/188-points-ledger.md).
 */
export const pointsPages = {
  points: () => import('./pages/PointsPage.tsx'),
  missions: () => import('./pages/MissionsPage.tsx'),
  quiz: () => import('./pages/QuizPage.tsx'),
  rewards: () => import('./pages/RewardsPage.tsx'),
  applications: () => import('./pages/ApplicationsPage.tsx'),
  apply: () => import('./pages/RewardApplyPage.tsx'),
};
