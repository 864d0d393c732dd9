import { call, callOrThrow } from '../../../lib/api.ts';

/**
 * Enters an individual challenge (enterIndividualMatch, docs/requirements/programs.md#programs-challenges). That call
 * wants `isGeneral` (true when the challenge is run for every tenant, false when it is the member's tenant's own) and
 * answers notFound when it is wrong; listPrograms does not say which, so it is read from getIndividualMatches, and
 * taken as true when the challenge is not listed there.
 */
export async function enterChallenge(individualMatchID: number) {
  let isGeneral = true;
  try {
    const listed = (await callOrThrow('getIndividualMatches')).individualMatches.find((m) => m.id === individualMatchID);
    if (listed) isGeneral = listed.isGeneral;
  } catch {
    // The entry itself says whether it went through.
  }
  return call('enterIndividualMatch', { individualMatchID, isGeneral });
}
