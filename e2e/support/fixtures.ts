import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export type Lang = 'ja' | 'en';
export const DEMO_PASSWORD = 'wellbeing-demo';
const SCREENSHOT_DIR = path.join(import.meta.dirname, '../screenshots');

/** Picks the UI language before the app starts, as the language modal would have saved it. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('hibi.language', l), lang);
}

/**
 * Signs in through the real API (no clicking through the form) and stores the session the way the app does,
 * so the page starts signed in.
 */
export async function loginAs(page: Page, id: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/functions/login', { data: { id, password } });
  const body = await response.json();
  if (!body.succeed) throw new Error(`login ${id} failed: ${body.errorCode}`);
  const stored = { token: body.token, expiresAt: body.expiresAt, user: body.user, contract: body.tenantContract };
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('hibi.e2e.loggedIn')) {
      localStorage.setItem('hibi.session', s);
      sessionStorage.setItem('hibi.e2e.loggedIn', '1');
    }
  }, JSON.stringify(stored));
  return body.token as string;
}

/**
 * axe-core with the WCAG 2.2 AA rule set; fails the test on any violation. The page is scanned from the top: axe's
 * target-size rule counts a control that the sticky header happens to cover at the test's last scroll position as too
 * small, which says where the test clicked last rather than anything about the page.
 */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe-core WCAG 2.2 AA violations').toEqual([]);
}

/** Saves a full-page screenshot named after the screen, the viewport project and the language. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

export const test = base;
export { expect };
