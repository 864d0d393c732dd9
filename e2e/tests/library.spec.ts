import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot, type Lang } from '../support/fixtures.ts';

const LANGS: Lang[] = ['ja', 'en'];
const readMore = (lang: Lang) => (lang === 'ja' ? 'もっと見る' : 'Read more');

test.describe('library', () => {
  for (const lang of LANGS) {
    test(`a guest browses the index, search words, a tag page and the ranking, in ${lang}`, async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/library');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'ライブラリ' : 'Library');
      // Pickup: a carousel with 1 (mobile, under 426 px) or 3 (desktop) per view.
      const pickup = page.locator('.carousel').filter({ has: page.locator('.article-card') });
      await expect(pickup).toBeVisible();
      const visibleSlides = pickup.locator('.carousel__slide:not([inert])');
      await expect(visibleSlides).toHaveCount(testInfo.project.name === 'mobile' ? 1 : 3);
      const firstTitle = await visibleSlides.first().locator('.article-card__title').textContent();
      await pickup.getByRole('button', { name: lang === 'ja' ? '次へ' : 'Next' }).click();
      await expect(visibleSlides.first().locator('.article-card__title')).not.toHaveText(firstTitle!);
      await expect(page.locator('section[aria-labelledby="new-title"] .article-card')).toHaveCount(3);
      await expect(page.locator('section[aria-labelledby="ranking-title"] .article-card__rank')).toHaveText(
        ['1', '2', '3'].map((n) => new RegExp(`${n}$`)),
      );
      await expect(page.locator('section[aria-labelledby^="tag-genre"]')).toHaveCount(8);
      for (const section of await page.locator('section[aria-labelledby^="tag-genre"]').all())
        await expect(section.locator('.article-card')).toHaveCount(3);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-index-guest', lang);

      // The search box opens the popular words grouped by genre.
      await page.getByRole('button', { name: lang === 'ja' ? 'キーワードから記事を探す' : 'Find articles by keyword' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: lang === 'ja' ? '人気のキーワード' : 'Popular keywords' })).toBeVisible();
      await expect(dialog.getByRole('link', { name: lang === 'ja' ? '飲酒・喫煙' : 'Drinking and smoking' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-search-modal', lang);
      const word = lang === 'ja' ? '#休肝日' : '#Alcohol-free days';
      await dialog.getByRole('link', { name: word }).last().click();
      await expect(page).toHaveURL(/\/library\/tag\/master10\?genre=genre6$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'ja' ? '「休肝日」の検索結果' : 'Search results for “Alcohol-free days”',
      );
      await expect(
        page
          .getByRole('navigation', { name: lang === 'ja' ? 'ジャンル' : 'Genres' })
          .getByRole('link', { name: lang === 'ja' ? '飲酒・喫煙' : 'Drinking and smoking' }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.article-card').first()).toBeVisible();

      // A genre page: 9 a page, read more, sort from page one.
      await page.goto('/library/tag/genre4');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? '運動' : 'Exercise');
      const cards = page.locator('.article-card');
      await expect(cards).toHaveCount(7);
      await expect(page.getByRole('button', { name: readMore(lang) })).toHaveCount(0);
      const newestFirst = await cards.locator('.article-card__title').allTextContents();
      await page.getByLabel(lang === 'ja' ? '並び替え' : 'Sort by').selectOption('popular');
      await expect(page).toHaveURL(/sort=popular/);
      await expect(cards).toHaveCount(7);
      await expect.poll(async () => (await cards.locator('.article-card__title').allTextContents()).join('|')).not.toBe(newestFirst.join('|'));
      await expect(page.getByRole('heading', { name: lang === 'ja' ? '関連キーワード' : 'Related keywords' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-genre', lang);

      await page.goto('/library/ranking');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'ランキング' : 'Ranking');
      await expect(page.locator('.article-card')).toHaveCount(10);
      await expect(page.locator('.article-card__rank').first()).toHaveText(/1$/);
      // The type tag shows only for articles that are not plain report articles.
      const typed = await page.locator('.article-card .library-type-tag').count();
      expect(typed).toBeGreaterThan(0);
      expect(typed).toBeLessThan(10);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-ranking', lang);
    });

    test(`new arrivals page 9 at a time and guests get the login prompt on an article, in ${lang}`, async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/library/new');
      const cards = page.locator('.article-card');
      await expect(cards).toHaveCount(9);
      await page.getByRole('button', { name: readMore(lang) }).click();
      await expect(cards).toHaveCount(18);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-new', lang);
      await cards.first().getByRole('link').click();
      await expect(page).toHaveURL(/\/library\/\d+$/);
      await expect(page.locator('.image-slider img').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: lang === 'ja' ? /ログイン/ : /logged in/ })).toBeVisible();
      await expect(page.locator('.sections')).toHaveCount(0);
      await expect(page.locator('.share-buttons')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-article-guest', lang);
    });

    test(`member@example.com reads a whole article: sections, video, share, tags, related and recommended, in ${lang}`, async ({
      page,
    }, testInfo) => {
      await useLanguage(page, lang);
      await loginAs(page, 'member@example.com');
      // The corporate-only notice shows for corporate members too (issue 13, finding 4).
      await page.goto('/library/new');
      await expect(page.locator('.contract-note')).toBeVisible();
      // Article 1 has a video, images and a link button.
      await page.goto('/library/1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'ja' ? '健康診断の結果票、どこを見ればいい？' : 'Reading your health checkup report',
      );
      await expect(page.getByRole('heading', { name: lang === 'ja' ? 'はじめに' : 'Introduction' })).toBeVisible();
      await expect(page.locator('.share-buttons')).toBeVisible();
      await expect(
        page.locator('.library-article__tags').getByRole('link', { name: lang === 'ja' ? '#健康診断' : '#Health checkups' }),
      ).toHaveAttribute('href', '/library/tag/master7');
      await expect(page.locator('section[aria-labelledby="related-title"] .article-card')).toHaveCount(3);
      await expect(page.locator('section[aria-labelledby="recommended-title"] .article-card')).toHaveCount(3);
      await expect(page.getByRole('link', { name: lang === 'ja' ? '関連する記事をもっと読む' : 'Read more related articles' })).toHaveAttribute(
        'href',
        '/library/tag/master7',
      );
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'library-article-member', lang);

      // Playing the video tells the server.
      const notified = page.waitForRequest((r) => r.url().endsWith('/api/functions/notifyViewReportArticleResource'));
      await page.locator('.video-thumb').first().click();
      const request = await notified;
      expect(request.postDataJSON()).toMatchObject({ libraryId: 1, videoId: expect.any(Number) });
      await expect(page.getByRole('dialog').locator('video')).toBeVisible();
      await page.keyboard.press('Escape');

      // An article with an attachment.
      await page.goto('/library/2');
      const attachment = page.locator('.content-section__attachments a').first();
      // A members-only file: a short-lived signed URL (issue 12, finding 10).
      await expect(attachment).toHaveAttribute('href', /^\/media\/protected\/.+\.pdf\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
      const opened = page.waitForRequest((r) => r.url().endsWith('/api/functions/notifyViewReportArticleResource'));
      const popup = page.waitForEvent('popup');
      await attachment.click();
      expect((await opened).postDataJSON()).toMatchObject({ libraryId: 2, attachmentId: expect.any(Number) });
      await (await popup).close();
    });
  }

  test('nocontract@example.com sees no contract-only article anywhere', { tag: '@one-width' }, async ({ page }) => {
    await useLanguage(page, 'en');
    const token = await loginAs(page, 'nocontract@example.com');
    const all = await page.request.post('/api/functions/getNewArrivalReportArticles', {
      data: { perPage: 50 },
      headers: { authorization: `Bearer ${token}` },
    });
    const visibleIds = new Set(((await all.json()).reportArticles as { id: number }[]).map((a) => a.id));
    await page.goto('/library');
    await expect(page.locator('.contract-note')).toBeVisible();
    await expect(page.locator('.article-card').first()).toBeVisible();
    const hrefs = await page.locator('.article-card a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(20);
    for (const href of hrefs) expect(visibleIds.has(Number(href!.split('/').pop()))).toBe(true);
    // "Tips for not putting off your follow-up exam" is contract-only (article 6 in the demo content).
    expect(visibleIds.has(6)).toBe(false);
    await page.goto('/library/tag/genre1');
    await expect(page.locator('.article-card').first()).toBeVisible();
    await expect(page.getByText('Tips for not putting off your follow-up exam')).toHaveCount(0);
    await page.goto('/library/6');
    await expect(page).toHaveURL(/\/notFound$/);
  });

  test('an unknown article goes to /notFound', { tag: '@one-width' }, async ({ page }) => {
    await page.goto('/library/999999');
    await expect(page).toHaveURL(/\/notFound$/);
  });

  test('a script or event handler stored in content never runs', { tag: '@one-width' }, async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await useLanguage(page, 'en');
    await loginAs(page, 'member@example.com');
    // The demo content stored hostile HTML in article 32; the server sanitised it when storing.
    await page.goto('/library/32');
    await expect(page.getByRole('heading', { name: 'Introduction' })).toBeVisible();
    const comment = page.locator('.content-section__comment').first();
    await comment.hover();
    expect(await comment.innerHTML()).not.toMatch(/script|onerror|onmouseover|javascript:/i);
    // Even if a response carried raw HTML, the page's Content-Security-Policy refuses inline scripts and handlers.
    await page.route('**/api/functions/getReportArticleById', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.article.sections[0].comment = '<p>raw</p><img src="/nope.png" onerror="window.__xss = 5"><svg onload="window.__xss = 6"></svg>';
      await route.fulfill({ response, json: body });
    });
    // The page of an article's URL comes with the article from the server (decision 140): move to it inside the app
    // (the history's popstate, which the router follows) so the browser fetches the article and gets the altered answer.
    await page.evaluate(() => {
      history.pushState(null, '', '/library/31');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('raw', { exact: true })).toBeVisible();
    // Every image has loaded or failed: an onerror handler would have run by now.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
