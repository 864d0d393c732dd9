import { test, expect, expectNoAxeViolations, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import type { Page, TestInfo } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

// The first visit follows the browser's language until the member picks one (docs/decisions/108); the page's `lang`
// always matches the text shown; the language button's name holds its visible text (WCAG 2.5.3).

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function headerShot(page: Page, testInfo: TestInfo, lang: Lang) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.getByRole('banner').screenshot({ path: path.join(SHOTS, `header-${testInfo.project.name}-${lang}.png`) });
}

/**
 * The language button's accessible name starts with its visible text (WCAG 2.5.3; axe's label-content-name-mismatch
 * checks it too): the language's name on wide screens; under 768 px only the globe shows, and the name still says it.
 */
async function expectNameHoldsVisibleText(page: Page, testInfo: TestInfo, language: string) {
  const button = page.getByRole('banner').getByRole('button', { name: /言語を選択|Choose language/ });
  const label = button.locator('.lang-button__text');
  const visible = testInfo.project.name === 'desktop' ? (await label.innerText()).trim() : '';
  if (testInfo.project.name === 'desktop') expect(visible).toBe(language);
  const name = new RegExp(`^${language}`);
  await expect(button).toHaveAccessibleName(name);
  return button;
}

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the first visit is in English, <html lang="en"> from the server on; a pick of Japanese is remembered', async ({ page }, testInfo) => {
    const first = await page.goto('/events');
    expect(await first!.text()).toContain('<html lang="en" data-lang-source="browser">');
    await expect(page.locator('#site-nav a', { hasText: 'Events' })).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const button = await expectNameHoldsVisibleText(page, testInfo, 'English');
    await expectNoAxeViolations(page);
    await headerShot(page, testInfo, 'en');

    await button.click();
    await page.getByRole('dialog').getByLabel('日本語').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('#site-nav a', { hasText: 'イベント' })).toHaveCount(1);
    expect((await page.context().cookies()).find((c) => c.name === 'hibi_lang')).toMatchObject({ value: 'ja', sameSite: 'Lax', path: '/' });

    // The next page comes from the server in the chosen language, whatever the browser says, also through the service
    // worker (pages are network-only there, never a stored page of the other language; decision 101).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const again = await page.goto('/library');
    expect(again!.fromServiceWorker()).toBe(true);
    expect(await again!.text()).toContain('<html lang="ja" data-lang-source="choice">');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('#site-nav a', { hasText: 'ライブラリ' })).toHaveCount(1);
    await expectNameHoldsVisibleText(page, testInfo, '日本語');
    await expectNoAxeViolations(page);
    await headerShot(page, testInfo, 'ja');
  });
});

test.describe('a browser in neither language', () => {
  test.use({ locale: 'fr-FR' });

  test('gets Japanese, the app’s default', { tag: '@one-width' }, async ({ page }) => {
    const first = await page.goto('/');
    expect(await first!.text()).toContain('<html lang="ja" data-lang-source="default">');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('#site-nav a', { hasText: 'イベント' })).toHaveCount(1);
  });
});
