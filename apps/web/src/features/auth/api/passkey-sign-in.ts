import { call } from '../../../lib/api.ts';

/** Options for a passkey sign-in (no user named: the authenticator offers its passkeys for this site). */
export const beginPasskeySignIn = () => call('beginPasskeySignIn');

/** Signs in with the authenticator's answer; the session goes into the HttpOnly cookie, as with login. */
export const finishPasskeySignIn = (response: object) => call('finishPasskeySignIn', { response: response as never, session: 'cookie' });
