import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the points' member screens, in one place (docs/requirements/points.md#points-members). Keys start
 * with 'points' and end with the viewer (language and member): labels and names read in the member's language and every
 * answer is the member's own. Anything that changes the balance (a right answer, an application) invalidates them all.
 */
export const pointsKeys = {
  all: ['points'] as const,
  ledger: (viewer: Viewer) => ['points', 'ledger', ...viewer] as const,
  missions: (month: string | null, viewer: Viewer) => ['points', 'missions', month ?? 'current', ...viewer] as const,
  quiz: (viewer: Viewer) => ['points', 'quiz', ...viewer] as const,
  rewards: (viewer: Viewer) => ['points', 'rewards', ...viewer] as const,
  applications: (perPage: number, viewer: Viewer) => ['points', 'applications', perPage, ...viewer] as const,
};
