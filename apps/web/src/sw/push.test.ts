import { describe, expect, it } from 'vitest';
import { PUSH_KINDS } from '@hibi/contract/constants';
import { NOTIFICATION_ICON, notificationFor, pickClient, safePath } from './push.ts';

const ORIGIN = 'https://hibi.example.com';

describe('what a push message shows (issue 34)', () => {
  it("shows the server's words in the member's language, with the app's icon, opening the item", () => {
    const shown = notificationFor(
      JSON.stringify({
        v: 1,
        kind: 'waitingListSeat',
        lang: 'en',
        title: 'A seat from the waiting list is yours',
        body: 'Yoga',
        url: '/events/7',
        tag: 'seat:1',
      }),
      'ja-JP',
    );
    expect(shown).toEqual({
      title: 'A seat from the waiting list is yours',
      options: { body: 'Yoga', icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, lang: 'en', tag: 'seat:1', data: { url: '/events/7' } },
    });
    expect(
      notificationFor(JSON.stringify({ kind: 'newSurvey', lang: 'ja', title: '新しいアンケートが届きました', url: '/surveys/3' }), 'en').options,
    ).toMatchObject({
      lang: 'ja',
      data: { url: '/surveys/3' },
    });
  });

  it("shows the programs' kinds (issue 57), opening the round's page or else /programs", () => {
    expect(
      notificationFor(JSON.stringify({ kind: 'teamFormed', lang: 'ja', title: 'チームが決まりました', url: '/programs/team-walk/3' }), 'en').options
        .data,
    ).toEqual({ url: '/programs/team-walk/3' });
    expect(notificationFor(JSON.stringify({ kind: 'programResult', lang: 'en', title: 'The results are final' }), 'ja')).toMatchObject({
      title: 'The results are final',
      options: { lang: 'en', data: { url: '/programs' } },
    });
    // Every kind the contract has is shown (none falls back to the plain notice).
    for (const kind of PUSH_KINDS) expect(notificationFor(JSON.stringify({ kind, lang: 'en', title: kind }), 'ja').title).toBe(kind);
    for (const url of ['/', '/events/7', '/programsX', 'https://evil.example/programs'])
      expect(notificationFor(JSON.stringify({ kind: 'syncReminder', lang: 'en', title: 'Sync', url }), 'en').options.data.url, url).toBe('/programs');
  });

  it('shows points about to expire (issue 58), opening the points page', () => {
    expect(notificationFor(JSON.stringify({ kind: 'pointsExpiring', lang: 'ja', title: 'ポイントの有効期限が近づいています' }), 'en')).toMatchObject({
      options: { lang: 'ja', tag: 'pointsExpiring', data: { url: '/points' } },
    });
    expect(notificationFor(JSON.stringify({ kind: 'pointsExpiring', lang: 'en', title: 'Expiring', url: '/points' }), 'ja').options.data.url).toBe(
      '/points',
    );
    for (const url of ['/', '/programs', '/pointsX', 'https://evil.example/points'])
      expect(notificationFor(JSON.stringify({ kind: 'pointsExpiring', lang: 'en', title: 'Expiring', url }), 'en').options.data.url, url).toBe(
        '/points',
      );
  });

  it('shows a plain notice in the browser language for an unreadable payload, and never leaves the app', () => {
    expect(notificationFor('not json', 'en-US')).toMatchObject({ title: 'Hibi', options: { lang: 'en', data: { url: '/' } } });
    expect(notificationFor(JSON.stringify({ kind: 'spam', title: 'x' }), 'ja')).toMatchObject({ options: { lang: 'ja', data: { url: '/' } } });
    expect(notificationFor(null, 'ja').title).toBe('Hibi');
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 42, '/a b'])
      expect(safePath(url), String(url)).toBe('/');
    expect(safePath('/notifications/12?x=1')).toBe('/notifications/12?x=1');
  });

  it('a click uses the tab already on the page, else the focused one, else any of ours; none opens a window', () => {
    const tabs = [
      { url: 'https://other.example/', focused: true },
      { url: `${ORIGIN}/library`, focused: false },
      { url: `${ORIGIN}/events`, focused: true },
      { url: `${ORIGIN}/events/7`, focused: false },
    ];
    expect(pickClient(tabs, '/events/7', ORIGIN)).toBe(tabs[3]);
    expect(pickClient(tabs, '/surveys/1', ORIGIN)).toBe(tabs[2]);
    expect(pickClient([tabs[0]!, tabs[1]!], '/surveys/1', ORIGIN)).toBe(tabs[1]);
    expect(pickClient([tabs[0]!], '/surveys/1', ORIGIN)).toBeNull();
  });
});
