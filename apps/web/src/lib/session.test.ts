import { afterEach, describe, expect, it, vi } from 'vitest';

// The stored user is only a picture of the session whose token lives in an HttpOnly cookie (decision 107).
const user = { userID: 1, nickname: 'ひびき', profileImageUrl: null, hasEmail: true, termsVersion: 2, locale: 'ja' as const };
const contract = { contractType: 1, corporateContract: true, teamMatchEnabled: true, emailDistributionEnabled: true };

async function freshSession() {
  vi.resetModules();
  return (await import('./session.ts')).session;
}

afterEach(() => {
  localStorage.clear();
  document.cookie = 'hibi_signed_in=; Path=/; Max-Age=0';
});

describe('session', () => {
  it('keeps no token: only the user, the contract and the expiry are stored', async () => {
    document.cookie = 'hibi_signed_in=1; Path=/';
    const session = await freshSession();
    session.set({ expiresAt: Date.now() + 60_000, user, contract });
    const stored = localStorage.getItem('hibi.session')!;
    expect(JSON.parse(stored)).toEqual({ expiresAt: expect.any(Number), user, contract });
    expect(stored).not.toMatch(/token/i);
  });

  it('forgets a stored user when the session cookie is gone (signed out elsewhere, expired)', async () => {
    localStorage.setItem('hibi.session', JSON.stringify({ expiresAt: Date.now() + 60_000, user, contract }));
    const session = await freshSession();
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('hibi.session')).toBeNull();
    expect(session.mayExist()).toBe(false);
  });

  it('keeps the stored user while the cookie says a session exists, and asks the server about a cookie alone', async () => {
    document.cookie = 'hibi_signed_in=1; Path=/';
    localStorage.setItem('hibi.session', JSON.stringify({ expiresAt: Date.now() + 60_000, user, contract }));
    expect((await freshSession()).get()?.user.nickname).toBe('ひびき');
    localStorage.clear();
    const alone = await freshSession();
    expect(alone.get()).toBeNull();
    expect(alone.mayExist()).toBe(true);
  });

  it('sign-out forgets the user and the readable cookie', async () => {
    document.cookie = 'hibi_signed_in=1; Path=/';
    const session = await freshSession();
    session.set({ expiresAt: Date.now() + 60_000, user, contract });
    const cleared = vi.fn();
    session.onCleared(cleared);
    session.clear();
    expect(cleared).toHaveBeenCalled();
    expect(document.cookie).not.toContain('hibi_signed_in');
    expect(session.mayExist()).toBe(false);
  });
});
