import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import { uiSignIn } from '../support/console.ts';

/**
 * Issue 32: the main demo company's HR (hr@example.com, a company operator) signs in to the console and sees its
 * Insights and invitation codes only; the page is axe-clean in both languages at 1440 and 375 px, with screenshots
 * under .tmp/shots/console-insights/. Another tenant's insights answer 403.
 */
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console-insights');

async function check(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  await expectNoAxeViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

/** The page's one-line definitions of its figures (issue 55), as the locale files give them. */
const definitions = (lang: Lang) =>
  Object.values(
    (
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../../apps/web/src/locales/${lang}/consoleInsights.json`), 'utf8')) as {
        definitions: Record<string, string>;
      }
    ).definitions,
  );

async function expectDefinitions(page: Page, lang: Lang) {
  const all = definitions(lang);
  expect(all.length).toBeGreaterThanOrEqual(17);
  for (const text of all) await expect(page.getByText(text, { exact: true })).toBeVisible();
}

const setLanguage = (page: Page, lang: Lang) => page.evaluate((l) => localStorage.setItem('hibi.language', l), lang);

test('a company operator signs in and sees its insights and invitation codes, nothing else', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  page.on('pageerror', (error) => console.log(`pageerror: ${error.message}`));
  await uiSignIn(page, 'company', 'ja');
  await setLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible({ timeout: 60_000 });
  const nav = page.getByRole('navigation', { name: 'Console menu' });
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Insights' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Invitation codes' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Announcements' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Members' })).toHaveCount(0);
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();

  // The whole company, then by department: the overview table says what the charts show.
  const overview = page.getByRole('table').first();
  await expect(overview.getByRole('rowheader', { name: 'All members' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('img', { name: /Bar chart of each group.s average daily steps/ })).toBeVisible({ timeout: 30_000 });
  // Every figure has its one-line definition on the screen (issue 55).
  await expectDefinitions(page, 'en');
  await check(page, testInfo, 'insights', 'en');
  await page.getByLabel('Group by').selectOption('department');
  await expect(overview.getByRole('rowheader', { name: '営業部' })).toBeVisible({ timeout: 90_000 });
  await check(page, testInfo, 'insights-department', 'en');

  // The export: a zip of one CSV per section (issue 55).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (CSV in a ZIP)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^insights-tenant-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-department\.zip$/);
  await expect(page.getByText(/^Saved insights-tenant-.*\.zip\.$/)).toBeVisible();

  // A period over 12 months is refused before any call.
  await page.getByLabel('From').fill('2024-01-01');
  await expect(page.getByText('The period can be at most 12 months')).toBeVisible();

  // Another tenant's insights: 403, whatever the page would ask.
  const me = await (await page.request.post('/api/console/getMe', { data: {}, headers: { origin: new URL(page.url()).origin } })).json();
  const other = await page.request.post('/api/console/getCompanyInsights', {
    data: { tenantId: me.operator.tenantId + 1, from: '2026-01-01', to: '2026-01-31' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(403);

  // Japanese.
  await setLanguage(page, 'ja');
  await page.goto('/console/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'インサイト' })).toBeVisible();
  await expect(page.getByRole('table').first().getByRole('rowheader', { name: '全体' })).toBeVisible({ timeout: 90_000 });
  await expectDefinitions(page, 'ja');
  await check(page, testInfo, 'insights', 'ja');
  await page.getByLabel('集計の単位').selectOption('department');
  await expect(page.getByRole('table').first().getByRole('rowheader', { name: '営業部' })).toBeVisible({ timeout: 90_000 });
  await check(page, testInfo, 'insights-department', 'ja');
  await page.goto('/console/codes');
  await expect(page.getByRole('heading', { level: 1, name: '招待コード' })).toBeVisible();
  // The page's title once (it used to be repeated as the section's heading), the form's heading one level below.
  await expect(page.getByRole('heading', { name: '招待コード', exact: true })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: '招待コードを発行' })).toBeVisible();
  await check(page, testInfo, 'codes', 'ja');
  // A page of another role: refused on the page as on the server.
  await page.goto('/console/members');
  await expect(page.getByRole('heading', { name: 'このページを開く権限がありません' })).toBeVisible();
});
