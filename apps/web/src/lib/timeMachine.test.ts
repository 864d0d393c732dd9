import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFrameName, TIME_MACHINE_FRAME_PREFIX } from './timeMachine.ts';

// The console's time machine (decision 154): only a well-formed frame name of a frame of this origin's console turns
// the app into a preview, and a preview keeps its member in memory, never in the browser's storage.
const name = (value: unknown) => `${TIME_MACHINE_FRAME_PREFIX}${JSON.stringify(value)}`;

describe('parseFrameName', () => {
  it('reads a well-formed name', () => {
    expect(parseFrameName(name({ at: 1_800_000_000_000, audience: 'member', locale: 'en', extra: 1 }))).toEqual({
      at: 1_800_000_000_000,
      audience: 'member',
      locale: 'en',
    });
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'hibi-time-machine',
      `${TIME_MACHINE_FRAME_PREFIX}{`,
      name({ at: -1, audience: 'guest', locale: 'ja' }),
      name({ at: 1.5, audience: 'guest', locale: 'ja' }),
      name({ at: '1', audience: 'guest', locale: 'ja' }),
      name({ at: 1, audience: 'admin', locale: 'ja' }),
      name({ at: 1, audience: 'guest', locale: 'fr' }),
      name(null),
    ]) {
      expect(parseFrameName(bad), bad).toBeNull();
    }
  });
});

describe('a time-machine frame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.name = '';
    localStorage.clear();
  });

  it('is not one in a top-level window, whatever its name', async () => {
    window.name = name({ at: 1, audience: 'member', locale: 'ja' });
    vi.resetModules();
    const { timeMachine } = await import('./timeMachine.ts');
    expect(timeMachine()).toBeNull();
  });

  it('keeps its preview member in memory only, under a parent on the console', async () => {
    window.name = name({ at: 1, audience: 'member', locale: 'ja' });
    vi.stubGlobal('parent', { location: { pathname: '/console/time-machine' } });
    vi.resetModules();
    const { timeMachine } = await import('./timeMachine.ts');
    const { session } = await import('./session.ts');
    expect(timeMachine()).toMatchObject({ audience: 'member' });
    expect(session.mayExist()).toBe(true);
    session.set({
      expiresAt: Date.now() + 60_000,
      user: { userID: 9, nickname: 'プレビュー', profileImageUrl: null, hasEmail: false, termsVersion: 1, locale: 'ja' },
      contract: { contractType: 1, corporateContract: false, teamMatchEnabled: false, emailDistributionEnabled: false },
    });
    expect(session.get()?.user.userID).toBe(9);
    expect(localStorage.getItem('hibi.session')).toBeNull();
    session.clear();
    expect(session.get()).toBeNull();
  });

  it('is not one under a parent elsewhere on this origin', async () => {
    window.name = name({ at: 1, audience: 'guest', locale: 'ja' });
    vi.stubGlobal('parent', { location: { pathname: '/notifications' } });
    vi.resetModules();
    const { timeMachine } = await import('./timeMachine.ts');
    expect(timeMachine()).toBeNull();
  });
});
