import { test, expect, useLanguage, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';

/** Library search (issue 20, item 2): the search box of the library pages, results with the words marked, states. */
const LANGS: Lang[] = ['ja', 'en'];
const text = {
  ja: {
    box: '記事を検索',
    submit: '検索',
    word: '睡眠',
    results: (q: string) => `「${q}」の検索結果`,
    none: 'に一致する記事はありませんでした',
    failed: '検索できませんでした',
  },
  en: {
    box: 'Search articles',
    submit: 'Search',
    word: 'sleep',
    results: (q: string) => `Results for “${q}”`,
    none: 'No articles match',
    failed: 'The search did not work',
  },
};

test.describe('library search', () => {
  for (const lang of LANGS) {
    test(`a guest searches from the library page with the keyboard, in ${lang}`, async ({ page }, testInfo) => {
      const l = text[lang];
      await useLanguage(page, lang);
      await page.goto('/library');
      const box = page.getByRole('searchbox', { name: l.box });
      await box.fill(l.word);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/library/search\\?q=${encodeURIComponent(l.word)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.results(l.word));
      const cards = page.locator('.article-card');
      await expect(cards.first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: lang === 'ja' ? '件の記事が見つかりました' : 'found' })).toBeVisible();
      // The word is marked in the titles that contain it (case aside).
      const marks = page.locator('.article-card__title mark');
      await expect(marks.first()).toBeVisible();
      for (const mark of await marks.all()) expect((await mark.textContent())!.toLowerCase()).toBe(l.word);
      await expect(page.getByRole('searchbox', { name: l.box })).toHaveValue(l.word);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-search-results', lang);

      // Keyboard: the first result opens with Enter.
      const firstTitle = await cards.first().locator('.article-card__title').textContent();
      await cards.first().getByRole('link').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/library\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle!);
    });

    test(`no results, and markup typed in the box stays text, in ${lang}`, { tag: '@one-width' }, async ({ page }, testInfo) => {
      const l = text[lang];
      await useLanguage(page, lang);
      await page.goto('/library/new');
      const box = page.getByRole('searchbox', { name: l.box });
      const nasty = '<img src=x onerror="window.hacked=1">%_';
      await box.fill(nasty);
      await page.getByRole('button', { name: l.submit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.results(nasty));
      await expect(page.getByRole('status').filter({ hasText: l.none })).toBeVisible();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-search-empty', lang);
    });

    test(`a failed search says so and retries, in the dark theme, in ${lang}`, { tag: '@one-width' }, async ({ page }, testInfo) => {
      const l = text[lang];
      await useLanguage(page, lang);
      await page.emulateMedia({ colorScheme: 'dark' });
      let fail = true;
      await page.route('**/api/functions/searchReportArticles', (route) =>
        fail
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"succeed":false,"errorCode":"internalError"}' })
          : route.continue(),
      );
      // The page of a search URL comes with its results from the server (decision 140): search from the page instead,
      // so the browser makes the call that fails.
      await page.goto('/library/new');
      await page.getByRole('searchbox', { name: l.box }).fill(l.word);
      await page.getByRole('button', { name: l.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/library/search\\?q=${encodeURIComponent(l.word)}$`));
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('alert')).toContainText(l.failed);
      await expectNoAxeViolations(page);
      fail = false;
      await page.getByRole('button', { name: lang === 'ja' ? '再試行' : 'Try again' }).click();
      await expect(page.locator('.article-card__title mark').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-search-dark', lang);
    });
  }
});
