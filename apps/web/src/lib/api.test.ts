import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api.ts';
import { session } from './session.ts';

// The page never holds the session token: calls carry the HttpOnly cookie the browser adds (decision 107).
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'hibi_signed_in=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('call', () => {
  it('sends no Authorization header, only same-origin credentials', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ succeed: true, termsVersion: 2 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await call('getConfig');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/functions/getConfig');
    expect(init.credentials).toBe('same-origin');
    expect(Object.keys(init.headers as Record<string, string>).map((h) => h.toLowerCase())).toEqual(['content-type']);
  });

  it('a 401 while the session cookie says signed in signs the page out', async () => {
    document.cookie = 'hibi_signed_in=1; Path=/';
    session.set({
      expiresAt: Date.now() + 60_000,
      user: { userID: 1, nickname: 'x', profileImageUrl: null, hasEmail: true, termsVersion: 2, locale: 'ja' },
      contract: { contractType: 1, corporateContract: true, teamMatchEnabled: true, emailDistributionEnabled: true },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ succeed: false, errorCode: 'loginRequired' }), { status: 401 })),
    );
    await expect(call('getMyProfile')).rejects.toMatchObject({ errorCode: 'loginRequired', status: 401 });
    expect(session.get()).toBeNull();
    expect(document.cookie).not.toContain('hibi_signed_in');
  });
});
