/** The programs' error codes that have their own words (consolePrograms errors.*); others get the console's. */
export const PROGRAM_ERROR_CODES = [
  'notFound',
  'endBeforeStart',
  'entryWindowInvalid',
  'tenantWithoutTeamMatches',
  'alreadyFormed',
  'alreadyFinal',
  'alreadyCommitted',
  'tooFewEntrants',
  'alreadyStarted',
  'notFinal',
  'notCommitted',
  'alreadyDrawn',
] as const;

/** The codes' messages in the operator's language (`t` of the consolePrograms namespace), for failureText / callErrorText. */
export function programErrorTexts(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(PROGRAM_ERROR_CODES.map((code) => [code, t(`errors.${code}`)]));
}
