/**
 * The programs screens' loaders (docs/requirements/programs.md#programs-members), behind one small chunk: the route
 * table (on every first screen) names this module once instead of three pages with their dependency lists; each page is
 * still its own lazily loaded chunk (the first-screen budget, as features/points/pages.ts).
 */
export const programsPages = {
  list: () => import('./pages/ProgramsPage.tsx'),
  teamWalk: () => import('./pages/TeamWalkPage.tsx'),
  challenge: () => import('./pages/ChallengePage.tsx'),
};
