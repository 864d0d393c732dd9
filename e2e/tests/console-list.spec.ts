import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, useLanguage, type Lang, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn } from '../support/console.ts';

/**
 * Issue 36, item 4 (decision 155): the console's one list keeps its filter, sort and page in the address, so Back from
 * an item and a reload find them again and a bad value reads as the default; below 640 px each row is a card (the
 * table's semantics kept), with nothing wider than the screen. Each list is axe-clean at this project's width, in
 * Japanese at 375 px and English at 1440 px; screenshots under .tmp/shots/console-list/ with E2E_SCREENSHOTS=1.
 */
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console-list');

const TEXTS = {
  en: { state: 'State', published: 'Published', next: 'Next', pages: 'Pages' },
  ja: { state: '状態', published: '公開中', next: '次へ', pages: 'ページ' },
} as const;

/** The language of the project: Japanese on the phone, English on the desktop. */
const langOf = (testInfo: TestInfo): Lang => (testInfo.project.name === 'mobile' ? 'ja' : 'en');

const firstTitle = (page: Page) => page.locator('.console-list tbody th[scope="row"] a').first();

test('a list keeps its filter and page in the address: an item and Back, a reload, a bad value', async ({ page }, testInfo) => {
  const lang = langOf(testInfo);
  const text = TEXTS[lang];
  await useLanguage(page, lang);
  await apiSignIn(page, 'editor');
  // Oldest first: the other worker's tests publish articles as of now, and those must not shift the pages read here.
  await page.goto('/console/articles?sort=publishAtAsc');
  await expect(firstTitle(page)).toBeVisible();

  // A filter, then the next page: both in the address.
  await page.getByLabel(text.state, { exact: true }).selectOption('published');
  await expect(page).toHaveURL(/\/console\/articles\?state=published&sort=publishAtAsc$/);
  const pager = page.getByRole('navigation', { name: text.pages });
  await expect(pager.locator('.console-pager__status')).toContainText(lang === 'en' ? /^1–20 of \d+$/ : /^1–20件 \/ 全\d+件$/);
  const firstOfPage1 = (await firstTitle(page).textContent())!;
  await pager.getByRole('button', { name: text.next }).click();
  await expect(page).toHaveURL(/\/console\/articles\?state=published&sort=publishAtAsc&page=2$/);
  const status = pager.locator('.console-pager__status');
  await expect(status).toContainText(lang === 'en' ? /^21–40 of/ : /^21–40件/);
  const statusText = await status.textContent();
  // Page 1's rows stay on screen until page 2's answer comes.
  await expect(firstTitle(page)).not.toHaveText(firstOfPage1);
  const title = (await firstTitle(page).textContent())!;

  // To the item, and Back: the same filter in the form, the same page, the same rows.
  await firstTitle(page).click();
  await expect(page).toHaveURL(/\/console\/articles\/\d+$/);
  await expect(page.locator('.console-editor form')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/console\/articles\?state=published&sort=publishAtAsc&page=2$/);
  await expect(page.getByLabel(text.state, { exact: true })).toHaveValue('published');
  await expect(status).toHaveText(statusText!);
  await expect(firstTitle(page)).toHaveText(title);

  // A reload keeps them.
  await page.reload();
  await expect(page.getByLabel(text.state, { exact: true })).toHaveValue('published');
  await expect(status).toHaveText(statusText!);
  await expect(firstTitle(page)).toHaveText(title);

  // Back once more: the first page of the filter; once more: the list as it opened.
  await page.goBack();
  await expect(page).toHaveURL(/\/console\/articles\?state=published&sort=publishAtAsc$/);
  await expect(status).toContainText(lang === 'en' ? /^1–20 of/ : /^1–20件/);
  await page.goBack();
  await expect(page).toHaveURL(/\/console\/articles\?sort=publishAtAsc$/);
  await expect(page.getByLabel(text.state, { exact: true })).toHaveValue('');

  // Values the list does not know read as its defaults, without an error.
  await page.goto('/console/articles?state=archived&page=zz&sort=%27drop');
  await expect(firstTitle(page)).toBeVisible();
  await expect(page.getByLabel(text.state, { exact: true })).toHaveValue('');
  await expect(status).toContainText(lang === 'en' ? /^1–20 of/ : /^1–20件/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText(lang === 'en' ? 'Publish' : '公開');

  // By keyboard: from the form's button, through the table's region, to the first sort button, with a visible focus
  // ring (on a phone too, where the headers are a row of buttons above the cards); Enter sorts, into the address.
  await page.locator('form[role="search"] button[type="submit"]').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const sortButton = page.locator('th[aria-sort] button').first();
  await expect(sortButton).toBeFocused();
  await expect(sortButton).toBeInViewport();
  expect(await sortButton.evaluate((b) => getComputedStyle(b).boxShadow)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console\/articles\?sort=titleAsc$/);
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText(lang === 'en' ? 'Title' : 'タイトル');
});

/** Every list on the one component, with the operator who sees it. */
const LISTS: { name: string; path: string; role: 'owner' | 'company'; open?: { link: string; url: RegExp; row: string } }[] = [
  { name: 'announcements', path: '/console/announcements', role: 'owner' },
  { name: 'articles', path: '/console/articles', role: 'owner' },
  { name: 'events', path: '/console/events', role: 'owner' },
  { name: 'surveys', path: '/console/surveys', role: 'owner' },
  { name: 'tenants', path: '/console/tenants', role: 'owner' },
  {
    name: 'tenant-codes',
    path: '/console/tenants',
    open: {
      link: '.console-list tbody th a',
      url: /\/console\/tenants\/\d+$/,
      // The codes' own rows: the tenants list's rows may still be on screen while the tenant's page loads.
      row: 'section[aria-labelledby="codes-title"] .console-list tbody tr',
    },
    role: 'owner',
  },
  { name: 'members', path: '/console/members?q=example.com', role: 'owner' },
  { name: 'mail', path: '/console/mail', role: 'owner' },
  // Not paged by offset (every operator; the audit log by cursor), the same table all the same (ListTable).
  { name: 'operators', path: '/console/operators', role: 'owner' },
  { name: 'audit', path: '/console/audit', role: 'owner' },
  { name: 'company-codes', path: '/console/codes', role: 'company' },
];

test('every list is a table at 1440 px and a card a row at 375 px, nothing scrolls sideways, axe-clean', async ({ page, createMember }, testInfo) => {
  test.setTimeout(240_000);
  // A mail in the outbox whatever ran before: the new member's password link.
  await createMember();
  const lang = langOf(testInfo);
  const phone = testInfo.project.name === 'mobile';
  const width = phone ? 375 : 1440;
  expect(page.viewportSize()?.width).toBe(width);
  await useLanguage(page, lang);
  fs.mkdirSync(SHOTS, { recursive: true });
  let signedIn: string | null = null;
  for (const list of LISTS) {
    if (signedIn !== list.role) {
      await page.context().clearCookies({ name: 'hibi_console' });
      await apiSignIn(page, list.role);
      signedIn = list.role;
    }
    await page.goto(list.path);
    if (list.open) {
      await page.locator(list.open.link).first().click();
      await page.waitForURL(list.open.url);
    }
    const rowSelector = list.open?.row ?? '.console-list tbody tr';
    const row = page.locator(rowSelector).first();
    await expect(row, list.name).toBeVisible();
    const layout = await page.evaluate((selector) => {
      const tr = document.querySelector(selector)!;
      const name = tr.querySelector('th[scope="row"]')!;
      return {
        scrollWidth: document.scrollingElement!.scrollWidth,
        viewport: window.innerWidth,
        row: getComputedStyle(tr).display,
        rowWidth: tr.getBoundingClientRect().width,
        nameWidth: name.getBoundingClientRect().width,
        labels: [...tr.querySelectorAll('.console-list__label')].filter((l) => getComputedStyle(l).display !== 'none').length,
      };
    }, rowSelector);
    expect(layout.scrollWidth, `${list.name}: nothing wider than the screen`).toBeLessThanOrEqual(layout.viewport);
    if (phone) {
      // A card: the row is a box of its own, its name across the whole card, its values labelled.
      expect(layout.row, list.name).toBe('flex');
      expect(layout.nameWidth, list.name).toBeGreaterThan(layout.rowWidth * 0.8);
      expect(layout.labels, list.name).toBeGreaterThan(0);
    } else {
      expect(layout.row, list.name).toBe('table-row');
      expect(layout.labels, list.name).toBe(0);
    }
    // Chromium's own accessibility tree still has the table: rows, a row header, cells (with the card layout too).
    // Read again until the browser has built the tree of the page just opened.
    await expect.poll(async () => (await accessibleRoles(page)).filter((r) => r === 'table').length, { message: list.name, timeout: 10_000 }).toBe(1);
    const roles = await accessibleRoles(page);
    expect(roles.filter((r) => r === 'row').length, list.name).toBeGreaterThan(1);
    expect(roles, list.name).toContain('rowheader');
    expect(roles, list.name).toContain('columnheader');
    expect(roles, list.name).toContain('cell');
    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${list.name}-${width}-${lang}.png`), fullPage: true });
  }
});

/** The roles in Chromium's accessibility tree of the list's region (the browser's, not Playwright's, reading). */
async function accessibleRoles(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value?: string }; ignored?: boolean }[] };
    return nodes.filter((n) => !n.ignored).map((n) => String(n.role?.value ?? '').toLowerCase());
  } finally {
    await cdp.detach();
  }
}
