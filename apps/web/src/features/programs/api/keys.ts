import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the programs' member screens, in one place (docs/requirements/programs.md#programs-members).
 * Keys start with 'programs' and end with the viewer (language and member): names read in the member's language and
 * every answer is the member's own.
 */
export const programsKeys = {
  all: ['programs'] as const,
  list: (viewer: Viewer) => ['programs', 'list', ...viewer] as const,
  teamWalk: (teamMatchID: number, viewer: Viewer) => ['programs', 'teamWalk', teamMatchID, ...viewer] as const,
  challenge: (individualMatchID: number, viewer: Viewer) => ['programs', 'challenge', individualMatchID, ...viewer] as const,
};

/** A route's id parameter that can name a program. */
export const isProgramID = (id: number) => Number.isInteger(id) && id > 0;
