/** The entry refusals that have a message of their own (programs.json entry.errors.*). */
const KNOWN = new Set(['entryClosed', 'alreadyEntered', 'teamCodeUnknown', 'teamChoiceInvalid', 'notFound', 'closed']);

/** The message key for a refused entry: the code's own message, else the general one (also for a call that threw). */
export function entryErrorKey(errorCode?: string): string {
  return errorCode && KNOWN.has(errorCode) ? `entry.errors.${errorCode}` : 'entry.errors.failed';
}
