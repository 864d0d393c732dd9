import { test, expect, useLanguage, expectNoAxeViolations, screenshot } from '../support/fixtures.ts';

const PAGES = [
  {
    path: '/terms-of-use',
    name: 'terms-of-use',
    title: { ja: 'Hibi 利用規約', en: 'Hibi Terms of Use' },
    fact: { ja: '最後にポイントを獲得した日から3年間', en: '3 years from the day you last acquired points' },
  },
  {
    path: '/website-terms-of-use',
    name: 'website-terms',
    title: { ja: 'サイトご利用にあたって', en: 'Website Terms of Use' },
    fact: { ja: '著作権', en: 'Copyright' },
  },
  {
    path: '/privacy-policy',
    name: 'privacy-policy',
    title: { ja: 'プライバシーポリシー', en: 'Privacy policy' },
    fact: { ja: '業務委託先を除く第三者に提供しません', en: 'not shared with third parties other than our processors' },
  },
  {
    path: '/how-to-use',
    name: 'how-to-use',
    title: { ja: 'Hibiの使い方', en: 'How to use Hibi' },
    fact: { ja: 'iOS 16以上、Android 10以上', en: 'iOS 16 or later and Android 10 or later' },
  },
  { path: '/about-hibi', name: 'about', title: { ja: 'Hibiについて', en: 'About Hibi' }, fact: { ja: '7人以上のチーム', en: 'Teams of 7 or more' } },
] as const;

const FAQ = {
  ja: {
    title: 'よくあるご質問',
    category: '歩数',
    open: '【受付中】秋のチーム対抗ウォーキング エントリー',
    expired: '【終了】システムメンテナンスのお知らせ',
    future: '年末ポイント交換キャンペーンの発送について',
    average: 'ホーム画面とチーム画面で平均歩数が違います',
  },
  en: {
    title: 'Frequently asked questions',
    category: 'Walking events and steps',
    open: '[Open now] Autumn team walk: entry',
    expired: '[Finished] System maintenance',
    future: 'Shipping of the year-end exchange campaign',
    average: 'The average steps differ between the home screen and the team page',
  },
} as const;

for (const lang of ['ja', 'en'] as const) {
  test.describe(`help pages (${lang})`, () => {
    for (const p of PAGES) {
      test(`${p.path} shows its content`, async ({ page }, testInfo) => {
        await useLanguage(page, lang);
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title[lang]);
        await expect(page.locator('main')).toContainText(p.fact[lang]);
        await expect(page.locator('main img[src^="http"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await screenshot(page, testInfo, `help-${p.name}`, lang);
        // Every illustration loads (accordion items opened first). Each is scrolled to the middle of the view, where the
        // lazy loading starts it; Playwright's scrollIntoViewIfNeeded would also wait for the image to stand still, and
        // the sticky header's height transition (it shrinks once the page scrolls) moves everything below it for a while.
        await page.locator('main details').evaluateAll((items) => items.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        for (const img of await page.locator('main img').all()) {
          await img.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        }
      });
    }

    test('About shows self-hosted videos with posters that play', { tag: '@one-width' }, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/about-hibi');
      const video = page.locator('details#team-walk video');
      await expect(video).toBeVisible();
      await expect(video).toHaveAttribute('poster', '/media/help/team-walk-poster.png');
      const src = await video.locator('source').getAttribute('src');
      expect(src).toBe('/media/help/team-walk.webm');
      const response = await page.request.get(src!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('video/webm');
      await page.locator('details#weekly-videos summary').click();
      const weekly = page.locator('details#weekly-videos video');
      await expect(weekly).toBeVisible();
      await weekly.evaluate((v) => {
        (v as HTMLVideoElement).muted = true;
        return (v as HTMLVideoElement).play();
      });
      await expect.poll(() => weekly.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
    });

    test('the About accordion opens and closes its services', { tag: '@one-width' }, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/about-hibi');
      const items = page.locator('details.help-accordion__item');
      await expect(items).toHaveCount(12);
      await expect(items.first()).toHaveAttribute('open', '');
      const points = page.locator('details#points');
      await expect(points).not.toHaveAttribute('open', '');
      await points.locator('summary').click();
      await expect(points).toHaveAttribute('open', '');
      await expect(points.locator('img')).toBeVisible();
      await points.locator('summary').press('Enter');
      await expect(points).not.toHaveAttribute('open', '');
    });

    test('the FAQ: table of contents, date-windowed items, anchors and article links', async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/faq');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(FAQ[lang].title);
      const toc = page.locator('nav.faq-toc');
      await expect(toc.getByRole('link')).toHaveCount(9);
      await expect(page.locator('section.faq-category')).toHaveCount(9);
      // Windows: open items shown, expired and future ones not.
      await expect(page.getByText(FAQ[lang].open)).toBeVisible();
      await expect(page.getByText(FAQ[lang].expired)).toHaveCount(0);
      await expect(page.getByText(FAQ[lang].future)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'help-faq', lang);

      // A table-of-contents link scrolls to its category.
      await toc.getByRole('link', { name: lang === 'ja' ? 'ポイント交換' : 'Point redemption' }).click();
      await expect(page).toHaveURL(/\/faq#category-7000$/);
      await expect(page.locator('#category-7000 h2')).toBeInViewport();

      // Items open and close.
      const item = page.locator('details#faq-7002');
      await item.locator('summary').click();
      await expect(item).toContainText(lang === 'ja' ? '翌月中旬' : 'middle of the next month');
    });

    test('an anchor URL opens and shows its FAQ item', async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/faq#faq-6002');
      const item = page.locator('details#faq-6002');
      await expect(item).toHaveAttribute('open', '');
      await expect(item.locator('summary')).toHaveText(new RegExp(FAQ[lang].average));
      await expect(item.locator('summary')).toBeInViewport();
      await expect(item).toContainText(lang === 'ja' ? '今日を含みます' : 'includes today');
      await screenshot(page, testInfo, 'help-faq-anchor', lang);
    });
  });
}

test('FAQ article links open the library article inside the app', { tag: '@one-width' }, async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/faq#faq-6095');
  await expect(page.locator('section.faq-category')).toHaveCount(9);
  const item = page.locator('details#faq-6095');
  test.skip((await item.count()) === 0, 'no library articles in the demo content');
  await expect(item).toHaveAttribute('open', '');
  const link = item.locator('a[href^="/library/"]').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});
