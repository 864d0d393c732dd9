// The auth domain's public module: what handlers, the function entry and other domains may call. The work is done in
// sessions.ts (sign-in sessions, bearer-token resolution), terms.ts (the terms version), sign-in.ts (signing in, the
// current-password check other domains ask before an account changes hands or ends) and preview.ts (the console's
// time machine), over the SQL of data.ts; those modules never import this one.
import * as data from './data.ts';

export {
  createSession,
  endAllSessions,
  endSession,
  endSessionByToken,
  findUserById,
  pruneExpiredSessions,
  resolveToken,
  SessionCache,
  SessionLookups,
  SessionTouches,
  toSessionUser,
} from './sessions.ts';
export { acceptTerms, currentTermsVersion, getTermsVersion, publishNextTermsVersion } from './terms.ts';
export { currentPasswordMatches, login, openSignedInSession } from './sign-in.ts';
export { previewMember } from './preview.ts';

export const setLocale = data.setLocale;
