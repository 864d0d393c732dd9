import type { Page } from '@playwright/test';
import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot, waitForApp, type Lang } from '../support/fixtures.ts';

/**
 * The installable app (issue 20, item 3): the web app manifest and its icons, the service worker that keeps the shell
 * and static files, the offline page in the member's language, no personal data in any cache, and a new release's
 * worker taking over. The demo member is only read here.
 */
const MEMBER = 'member@example.com';

/** Waits until the service worker controls the page (it registers after the page's load event). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Follows a link of the main menu (behind the menu button on a phone). */
async function menuLink(page: Page, name: string) {
  const burger = page.getByRole('button', { name: 'Open the menu' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

/** Every entry of every cache of the origin: cache name, URL and content type. */
function cacheEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; type: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: new URL(request.url).pathname, type: response?.headers.get('content-type') ?? '' });
      }
    }
    return entries;
  });
}

/** The text of every cached response that is text (scripts, styles, pages, JSON): for looking for personal data. */
function cachedTexts(page: Page) {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response && /text|json|javascript/.test(response.headers.get('content-type') ?? '')) texts.push(await response.text());
      }
    }
    return texts;
  });
}

/** The width and height written in a PNG's header. */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('installable app', () => {
  test('the manifest names the app, starts at /, stands alone and has real icons (maskable too)', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Hibi（日々）',
      short_name: 'Hibi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'ja',
      theme_color: '#1f7a6d',
      background_color: '#f7faf9',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body())).toEqual({ width, height });
    }
    // Phones that add the page to the home screen without the manifest (iOS) take this one.
    const touch = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
    expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });
  });

  test('the service worker registers after load, keeps the shell and the static files, and never a page', async ({ page }) => {
    // When the app registers its worker: after the page's load event, never while the first screen loads.
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
        (window as unknown as { registeredWhen: string }).registeredWhen = document.readyState;
        return register.apply(this, args);
      };
    });
    await page.goto('/');
    await controlled(page);
    expect(await page.evaluate(() => (window as unknown as { registeredWhen?: string }).registeredWhen)).toBe('complete');
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { script: r.active!.scriptURL, scope: r.scope };
    });
    expect(new URL(registration.script).pathname).toBe('/sw.js');
    expect(new URL(registration.scope).pathname).toBe('/');

    const entries = await cacheEntries(page);
    const precached = entries.filter((e) => e.cache.startsWith('workbox-precache')).map((e) => e.url);
    // The first screen's own script, its modules and its styles, the offline page and its files, the icons.
    const shell = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
          'script[type="module"][src], link[rel="modulepreload"], link[rel="stylesheet"]',
        ),
      ].map((e) => new URL('src' in e && e.src ? e.src : (e as HTMLLinkElement).href).pathname),
    );
    expect(shell.length).toBeGreaterThan(2);
    for (const url of [...shell, '/offline.html', '/offline.js', '/manifest.webmanifest', '/icons/icon-192.png', '/logo.svg']) {
      expect(precached, url).toContain(url);
    }
    // Every screen's chunk too (a screen opens at once, even on a slow network).
    expect(precached.filter((u) => /^\/assets\/.+\.js$/.test(u)).length).toBeGreaterThan(50);
    expect(precached).not.toContain('/index.html');
    expect(precached).not.toContain('/');
  });

  for (const lang of ['ja', 'en'] as Lang[]) {
    test(`without a network, a page shows the offline page in the member's language, and comes back by itself (${lang})`, async ({
      page,
      context,
    }, testInfo) => {
      const text = {
        ja: { title: 'オフラインです', retry: 'もう一度読み込む', doc: 'オフラインです | Hibi（日々）' },
        en: { title: 'You are offline', retry: 'Try again', doc: 'You are offline | Hibi' },
      }[lang];
      await useLanguage(page, lang);
      await page.goto('/');
      await controlled(page);
      await context.setOffline(true);
      await page.goto('/events');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByRole('button', { name: text.retry })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(text.doc);
      // The address is still the page the member asked for.
      await expect(page).toHaveURL(/\/events$/);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'pwa-offline', lang);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'pwa-offline-dark', lang);

      // The network comes back: the page reloads itself and shows the events.
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: lang === 'ja' ? 'イベント' : 'Events' })).toBeVisible({ timeout: 20_000 });
    });
  }

  test("the browser's language picks the offline page's when the member has chosen none", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    await context.setOffline(true);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await context.close();
  });

  test('no cache ever holds an API answer, a members-only file or a page with personal data', async ({ page }) => {
    const token = await loginAs(page, MEMBER);
    const profile = await (
      await page.request.post('/api/functions/getMyProfile', { data: {}, headers: { authorization: `Bearer ${token}` } })
    ).json();
    const nickname: string = profile.profile.nickname;
    expect(nickname.length).toBeGreaterThan(1);
    await page.goto('/');
    await controlled(page);
    // A member's screens, calls and pictures, with the worker in control.
    await page.goto('/');
    await expect(page.locator('.health-home canvas[role="img"]')).toBeVisible();
    for (const path of ['/account/profile', '/account/healthStats', '/account/friends', '/events', '/library', '/notifications', '/surveys']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/library');
    await page.locator('.article-card__link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const entries = await cacheEntries(page);
    expect(entries.length).toBeGreaterThan(50);
    for (const entry of entries) {
      expect(entry.url, `${entry.cache}: ${entry.url}`).not.toMatch(/^\/api\//);
      expect(entry.url, `${entry.cache}: ${entry.url}`).not.toMatch(/^\/media\/protected\//);
      // The only page kept is the offline page (it has no data of anyone).
      if (entry.type.includes('text/html')) expect(entry.url).toBe('/offline.html');
    }
    // Public pictures are kept in their own cache, a bounded number of them.
    const media = entries.filter((e) => e.cache === 'hibi-media');
    expect(media.length).toBeLessThanOrEqual(60);
    for (const entry of media) expect(entry.url).toMatch(/^\/media\/(?!protected\/)/);
    // And no cached text anywhere carries the member's name or token.
    for (const body of await cachedTexts(page)) {
      expect(body.includes(token)).toBe(false);
      expect(body.includes(nickname)).toBe(false);
    }
  });

  test("a new release's worker takes over the open page, which loads the new release at its next navigation", async ({ page, context }) => {
    // The worker this page first installs is an older release: one line more than the server's sw.js. (Playwright can
    // change the script of a first registration, not the browser's later update checks, so the server's file plays
    // the new release.)
    let olderServed = 0;
    await context.route('**/sw.js', async (route) => {
      const response = await route.fetch();
      olderServed += 1;
      await route.fulfill({
        response,
        body: `${await response.text()}\n// the release before`,
        headers: { ...response.headers(), 'content-encoding': '' },
      });
    });
    await useLanguage(page, 'en');
    await page.goto('/');
    await controlled(page);
    expect(olderServed).toBe(1);
    await context.unroute('**/sw.js');

    const tookOver = page.evaluate(
      () => new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })),
    );
    // What the page does when it comes back into view after a while (the browser also checks at navigations).
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    expect(await tookOver).toBe(true);

    // The page still runs the old release's code: its next navigation is a full page load of the new release.
    await page.evaluate(() => ((window as unknown as { oldRelease: boolean }).oldRelease = true));
    const load = page.waitForEvent('load');
    await menuLink(page, 'Library');
    await load;
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { oldRelease?: boolean }).oldRelease)).toBeUndefined();
    // The server's page shows before the new release's script has taken it over; a click before that is a page load.
    await waitForApp(page);

    // After that, navigations are the app's own again (no page load).
    await page.evaluate(() => ((window as unknown as { sameRelease: boolean }).sameRelease = true));
    await menuLink(page, 'Events');
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameRelease?: boolean }).sameRelease)).toBe(true);
  });
});
