import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';
import { exclusively, ANNOUNCEMENTS_LOCK } from '../support/locks.ts';

const LANGS: Lang[] = ['ja', 'en'];
const CONTRACT_ONLY_TITLE = { ja: '【契約企業様限定】健康セミナーのご案内', en: '[Contract members] Health seminar invitation' };

test.describe('announcements', () => {
  for (const lang of LANGS) {
    test(`a guest browses the list (10 a page, read more) and sees heads only, in ${lang}`, async ({ page }, testInfo) => {
      // The list counts the demo announcements: the console's spec adds one for a while (support/locks.ts).
      test.setTimeout(300_000);
      await exclusively(
        ANNOUNCEMENTS_LOCK,
        async () => {
          await useLanguage(page, lang);
          await page.goto('/notifications');
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'お知らせ' : 'Notifications');
          const items = page.locator('.announcement-item');
          await expect(items).toHaveCount(10);
          await expect(page.locator('.contract-note')).toBeVisible();
          await expect(page.getByText(CONTRACT_ONLY_TITLE[lang])).toHaveCount(0);
          await expect(page.locator('.tag--important').first()).toBeVisible();
          await expectNoAxeViolations(page);
          await screenshot(page, testInfo, 'announcements-list-guest', lang);
          await page.getByRole('button', { name: lang === 'ja' ? 'もっと見る' : 'Read more' }).click();
          await expect(items).toHaveCount(20);
          // 22 visible to guests: the third page is not full, so read more goes away.
          await page.getByRole('button', { name: lang === 'ja' ? 'もっと見る' : 'Read more' }).click();
          await expect(items).toHaveCount(22);
          await expect(page.getByRole('button', { name: lang === 'ja' ? 'もっと見る' : 'Read more' })).toHaveCount(0);

          await items.nth(1).getByRole('link').click();
          await expect(page).toHaveURL(/\/notifications\/\d+$/);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            lang === 'ja' ? '冬のウォーキングキャンペーンを開始しました' : 'Our winter walking campaign has started',
          );
          await expect(page.locator('.image-slider img').first()).toBeVisible();
          await expect(page.getByRole('heading', { name: lang === 'ja' ? /ログイン/ : /logged in/ })).toBeVisible();
          await expect(page.locator('.sections')).toHaveCount(0);
          await expect(page.locator('.share-buttons')).toHaveCount(0);
          await expect(page).toHaveTitle(new RegExp(lang === 'ja' ? '冬のウォーキング' : 'winter walking'));
          await expectNoAxeViolations(page);
          await screenshot(page, testInfo, 'announcement-detail-guest', lang);
        },
        240_000,
      );
    });

    test(`a contract member reads an announcement: sections, share buttons, read marker, in ${lang}`, async ({
      page,
      context,
      member: _,
    }, testInfo) => {
      // The list counts the demo announcements: the console's spec adds one for a while (support/locks.ts).
      test.setTimeout(300_000);
      await exclusively(
        ANNOUNCEMENTS_LOCK,
        async () => {
          await context.grantPermissions(['clipboard-read', 'clipboard-write']);
          // Reading records a read: a member of this test's own, who has read nothing yet.
          await useLanguage(page, lang);
          await page.goto('/notifications');
          const items = page.locator('.announcement-item');
          await expect(items).toHaveCount(10);
          await expect(page.getByText(CONTRACT_ONLY_TITLE[lang])).toBeVisible();
          // The corporate-only notice shows for corporate members too, as on events and surveys (issue 13, finding 4).
          await expect(page.locator('.contract-note')).toBeVisible();
          await expect(items.first().locator('.announcement-item__unread')).toBeVisible();
          await items.first().getByRole('link').click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            lang === 'ja' ? '【重要】システムメンテナンスのお知らせ' : '[Important] Scheduled system maintenance',
          );
          await expect(page.locator('.tag--important')).toBeVisible();
          await expect(page.getByRole('heading', { name: lang === 'ja' ? '概要' : 'Overview' })).toBeVisible();
          await expect(page.getByRole('link', { name: lang === 'ja' ? 'イベント一覧を見る' : 'See the events' })).toHaveAttribute('href', '/events');
          await expect(page.getByRole('link', { name: 'LINE' })).toHaveAttribute('href', /social-plugins\.line\.me/);
          await expect(page.getByRole('link', { name: /^X/ })).toHaveAttribute('href', /twitter\.com\/intent\/tweet/);
          await page.getByRole('button', { name: lang === 'ja' ? 'URLをコピー' : 'Copy URL' }).click();
          await expect(page.locator('.share-buttons__message')).toHaveText(lang === 'ja' ? 'URLをコピーしました。' : 'URL copied.');
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
          await expectNoAxeViolations(page);
          await screenshot(page, testInfo, 'announcement-detail-member', lang);
          await page.goBack();
          await expect(items.first().locator('.announcement-item__unread')).toHaveCount(0);
          await expect(items.nth(1).locator('.announcement-item__unread')).toBeVisible();
        },
        240_000,
      );
    });
  }

  test('a member without a corporate contract never sees contract-only announcements', { tag: '@one-width' }, async ({ page }) => {
    // The list counts the demo announcements: the console's spec adds one for a while (support/locks.ts).
    test.setTimeout(300_000);
    await exclusively(
      ANNOUNCEMENTS_LOCK,
      async () => {
        await useLanguage(page, 'en');
        const token = await loginAs(page, 'nocontract@example.com');
        await page.goto('/notifications');
        await expect(page.locator('.announcement-item')).toHaveCount(10);
        await expect(page.locator('.contract-note')).toBeVisible();
        await page.getByRole('button', { name: 'Read more' }).click();
        await page.getByRole('button', { name: 'Read more' }).click();
        await expect(page.locator('.announcement-item')).toHaveCount(22);
        await expect(page.getByText('[Contract members]')).toHaveCount(0);
        // Straight to a contract-only id: the server answers notFound and the page goes to /notFound.
        const list = await page.request.post('/api/functions/getAnnouncements', {
          data: { perPage: 50 },
          headers: { authorization: `Bearer ${token}` },
        });
        const ids = ((await list.json()).announcements as { id: number }[]).map((a) => a.id);
        const hidden = [...Array(40).keys()].map((i) => i + 1).find((id) => !ids.includes(id))!;
        await page.goto(`/notifications/${hidden}`);
        await expect(page).toHaveURL(/\/notFound$/);
      },
      240_000,
    );
  });

  for (const lang of LANGS) {
    test(`a link to the app-only action goals shows as a notice, not a dead button, in ${lang}`, async ({ page, member: _ }, testInfo) => {
      // Opening it records a read: a member of this test's own.
      await useLanguage(page, lang);
      await page.goto('/notifications');
      await page
        .getByRole('link', { name: lang === 'ja' ? '冬のウォーキングキャンペーンを開始しました' : 'Our winter walking campaign has started' })
        .click();
      const note = page.locator('.content-section__notice');
      await expect(note).toHaveText(
        lang === 'ja'
          ? '「今月のアクション目標」は、スマートフォンアプリでご覧いただけます。'
          : '“This month’s action goals” is in the Hibi smartphone app.',
      );
      await expect(note).toHaveAttribute('role', 'note');
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'announcement-action-goals', lang);
    });
  }

  test('an unknown or malformed id goes to /notFound', { tag: '@one-width' }, async ({ page }) => {
    await page.goto('/notifications/999999');
    await expect(page).toHaveURL(/\/notFound$/);
    await page.goto('/notifications/abc');
    await expect(page).toHaveURL(/\/notFound$/);
  });

  for (const lang of LANGS) {
    test(`home shows 5 announcements and 6 new library articles, in ${lang}`, async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/');
      const announcements = page.locator('.home-section .announcement-item');
      await expect(announcements).toHaveCount(5);
      await expect(page.locator('.library-home .article-card')).toHaveCount(6);
      await expect(page.getByRole('link', { name: lang === 'ja' ? 'お知らせ一覧へ' : 'All notifications' })).toHaveAttribute(
        'href',
        '/notifications',
      );
      await expect(page.getByRole('link', { name: lang === 'ja' ? 'ライブラリへ' : 'Go to the library' })).toHaveAttribute('href', '/library');
      // axe-core never finishes on the events carousel above (seen 2026-11-21, even paused and excluded); that
      // section belongs to the events spec. Take it out of this page so that axe checks the content sections.
      await page.evaluate(() => document.querySelector('.home-events')?.remove());
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'home-content-guest', lang);
    });
  }
});
