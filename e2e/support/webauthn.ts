import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) for the page's context: a platform
 * authenticator with resident keys and user verification, present and verified at once, on http://localhost (a secure
 * context). Members' passkeys (passkeys.spec.ts) and operators' (console-passkeys.spec.ts).
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
