import type { Page } from '@playwright/test';
import { BASE_URL, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Pages rendered on the server with their data (docs/decisions/140-server-rendering.md): the HTML carries the screen,
 * its head names the page, unknown objects answer 404, and the browser hydrates it without a console error (the app's
 * check of hydration, which the suite's fixture asks for, reports each difference from the server's HTML as one:
 * decision 142) and without asking again for what the page carries.
 */

/** The console errors and uncaught errors of a page, and the function calls it makes, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const match = /\/api\/functions\/(\w+)/.exec(request.url());
    if (match) calls.push(match[1]!);
  });
  return { errors, calls };
}

/** The attribute of the first element of `html` matching a start-tag pattern. */
function metaContent(html: string, property: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*(?:property|name)="${property}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/** A published article of the demo content, as a guest's library answers it. */
async function anArticle(page: Page): Promise<{ id: number; title: string }> {
  const answer = await (
    await page.request.post('/api/functions/getNewArrivalReportArticles', { data: { locale: 'ja', offset: 0, perPage: 1 } })
  ).json();
  expect(answer.succeed, 'getNewArrivalReportArticles').toBe(true);
  return answer.reportArticles[0] as { id: number; title: string };
}

test.describe('server rendering', () => {
  test("an article's HTML carries its title and meta, and the page hydrates without an error or a second fetch", async ({ page }) => {
    const article = await anArticle(page);
    const response = await page.request.get(`/library/${article.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    // The screen itself, not an empty root: the article's heading is in the HTML.
    expect(html).toMatch(new RegExp(`<h1[^>]*>${article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(`<title data-ssr-head="">${article.title} | `);
    expect(metaContent(html, 'og:title')).toContain(article.title);
    expect(metaContent(html, 'og:type')).toBe('article');
    // Absolute, at the app's own address (APP_BASE_URL; the suite's server uses its default, BASE_URL's).
    expect(metaContent(html, 'og:url')).toBe(`${BASE_URL}/library/${article.id}`);
    expect(metaContent(html, 'og:image')).toMatch(/^https?:\/\/[^/]+\/media\//);
    // The data came with the page: no inline script (the CSP runs none), a JSON one the app reads.
    expect(html).toContain('<script type="application/json" id="hibi-page-data">');
    expect(html).not.toMatch(/<script>\$R|\$RC\(/);

    const seen = watch(page);
    await page.goto(`/library/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page).toHaveTitle(`${article.title} | Hibi（日々）`);
    // Hydrated: the app answers clicks (the language dialog opens), and nothing failed on the way.
    await page.getByRole('button', { name: /日本語/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(seen.errors).toEqual([]);
    // The article was read once, by the server; the browser used the page's copy.
    expect(seen.calls).not.toContain('getReportArticleById');
  });

  for (const path of ['/', '/library', '/events', '/notifications', '/surveys', '/faq']) {
    test(`${path} is rendered with its data and hydrates without an error`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      expect(html).toMatch(/<main id="main"[^>]*class="site-main"[^>]*>.*<h[12][^>]*>/s);
      const seen = watch(page);
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      await page.getByRole('button', { name: /日本語/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(seen.errors).toEqual([]);
    });
  }

  for (const path of ['/library/999999', '/notifications/999999', '/events/999999', '/surveys/999999', '/no-such-page']) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('ページが見つかりません');
      expect(html).toContain('not-found__code');
    });
  }

  test("a member's page is rendered for them, private, and hydrates as the same member", async ({ page, createMember }) => {
    const member = await createMember();
    await signIn(page, member);
    const response = await page.request.get('/account/profile');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('private');
    const html = await response.text();
    // The header's link to the member's page, and their nickname on it, are in the HTML; the token is nowhere.
    expect(html).toContain(`href="/account/profile"`);
    expect(html).toContain(member.nickname);
    expect(html).not.toContain(member.token);

    const seen = watch(page);
    await page.goto('/account/profile');
    await expect(page.getByText(member.nickname).first()).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(member.nickname) }).first()).toBeVisible();
    expect(seen.errors).toEqual([]);
    expect(seen.calls).not.toContain('authenticateWithToken');
  });

  test('a member who has not accepted the terms is sent to them by the server', async ({ page, createMember }) => {
    const member = await createMember({ acceptTerms: false });
    await signIn(page, member);
    const response = await page.request.get('/library', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/terms');
    await page.goto('/library');
    await expect(page).toHaveURL(/\/terms$/);
  });

  test("a guest's auth-only page renders the login-required message", async ({ page }) => {
    const html = await (await page.request.get('/account/friends')).text();
    expect(html).toContain('login-required');
  });
});
