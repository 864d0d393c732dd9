// The browser's side of passkeys (issue 35, decision 148). @simplewebauthn/browser is imported only here, and only
// dynamically when a passkey ceremony starts (the sign-in page, the account page's passkey section): it never joins
// the first screen's shared chunks.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

const library = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (no library needed to ask). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in the username field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return (await library()).browserSupportsWebAuthnAutofill();
}

/** Asks the authenticator for a new passkey; the WebAuthn JSON answer for finishPasskeyRegistration. */
export async function createPasskey(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  return (await library()).startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/**
 * Asks for a passkey to sign in with: in a dialog, or (`autofill`) through the username field's suggestions, waiting
 * until the member picks one. A new ceremony cancels the one before (the library's abort service).
 */
export async function getPasskey(options: Record<string, unknown>, autofill = false): Promise<AuthenticationResponseJSON> {
  return (await library()).startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
}

/** Ends a waiting ceremony (the sign-in page's autofill request when the page is left). */
export async function cancelPasskeyCeremony(): Promise<void> {
  (await library()).WebAuthnAbortService.cancelCeremony();
}

/**
 * How a ceremony ended without an answer: the member closed the dialog or it timed out, the passkey exists already,
 * or the browser cannot do what was asked (NotSupportedError: Chromium's headless shell, for one, offers the id
 * field's autofill and then refuses its request, having no authenticator that keeps passkeys).
 */
export function passkeyErrorKind(error: unknown): 'cancelled' | 'exists' | 'aborted' | 'unsupported' | 'other' {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'aborted';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'exists';
  if (name === 'NotAllowedError') return 'cancelled';
  if (name === 'NotSupportedError') return 'unsupported';
  return 'other';
}
