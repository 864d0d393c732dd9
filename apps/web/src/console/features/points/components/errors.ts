/** The points' error codes that have their own words (consolePoints errors.*); others get the console's. */
export const POINTS_ERROR_CODES = [
  'notFound',
  'minStepsRequired',
  'minStepsNotAllowed',
  'alreadyStarted',
  'monthPast',
  'endBeforeStart',
  'roundsOverlap',
  'questionsOutsideDates',
  'dayTaken',
  'dayOutsideRound',
  'correctChoiceInvalid',
  'articleUnknown',
  'alreadyShown',
  'imageUnknown',
  'campaignsOverlap',
  'rewardUnknown',
  'rewardDuplicate',
  'alreadyShipped',
  'alreadyCancelled',
] as const;

/** The codes' messages in the operator's language (`t` of the consolePoints namespace), for failureText / callErrorText. */
export function pointsErrorTexts(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(POINTS_ERROR_CODES.map((code) => [code, t(`errors.${code}`)]));
}

/** The field a business code belongs to, per editor, so the form marks it as well as saying it on top. */
export const ERROR_FIELDS: Record<string, string> = {
  minStepsRequired: 'minSteps',
  minStepsNotAllowed: 'minSteps',
  monthPast: 'month',
  roundsOverlap: 'startDate',
  questionsOutsideDates: 'startDate',
  dayTaken: 'day',
  dayOutsideRound: 'day',
  correctChoiceInvalid: 'correctChoice',
  articleUnknown: 'articleID',
  imageUnknown: 'imageID',
  campaignsOverlap: 'startDate',
  rewardUnknown: 'items',
  rewardDuplicate: 'items',
};
