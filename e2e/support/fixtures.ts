import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { createMember, signInWithToken, DEMO_PASSWORD, type Lang, type Member, type MemberOptions } from './members.ts';
import { BASE_URL } from './env.ts';

export {
  DEMO_PASSWORD,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
  befriend,
  mailedLink,
  mailsTo,
  signInWithToken,
  uniqueTag,
  type Lang,
  type Member,
  type MemberOptions,
} from './members.ts';
export { BASE_URL, MAILBOX_URL, DEVTOOL_PATH, DEVTOOL_WEB_URL, WEB_DIST_DIR } from './env.ts';
const SCREENSHOT_DIR = path.join(import.meta.dirname, '../screenshots');

/** Picks the UI language before the app starts, as the language dialog would have saved it (cookie and storage). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'hibi_lang', value: lang, url: BASE_URL, sameSite: 'Lax' }]);
  await page.addInitScript((l) => localStorage.setItem('hibi.language', l), lang);
}

/**
 * Signs a demo account in through the real API (no clicking through the form) and puts the session into the
 * browser's cookies, as the app's sign-in does, so the page starts signed in. Returns the session's token for the
 * test's own bearer calls. For tests that only read the demo content; a test that changes anything signs in a member
 * of its own (`member`, `createMember`, `signIn`).
 */
export async function loginAs(page: Page, id: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/functions/login', { data: { id, password } });
  const body = await response.json();
  if (!body.succeed) throw new Error(`login ${id} failed: ${body.errorCode}`);
  await signInWithToken(page.context(), body.token);
  return body.token as string;
}

/** Starts the page signed in as a member made for the test (its own session; nothing is typed). */
export async function signIn(page: Page, member: Member) {
  await signInWithToken(page.context(), member.token);
}

/** The rules the suite asks axe-core for: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core with the WCAG 2.2 AA rule set; fails the test on any violation. The page is scanned from the top: axe's
 * target-size rule counts a control that the sticky header happens to cover at the test's last scroll position as too
 * small, which says where the test clicked last rather than anything about the page.
 *
 * The app's pages have no frames: axe runs in the page itself, put there once per document, and only the violations'
 * summary comes back. That is what `AxeBuilder`'s "legacy mode" runs, without its costs: it evaluates axe's 550 KB
 * source twice per scan and sends every result (200-280 KB of passes) back through the protocol, 0.6-1.1 s a scan
 * against 0.2-0.3 s on a quiet machine (docs/decisions/166-e2e-within-budget.md). A page with frames (the console's
 * preview) gets the builder's per-frame mode, which also tests cross-origin frames.
 */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  let summary: string[];
  // A frame that may run no script (the magazine's mail preview) cannot host axe: its document is the server's mail, not
  // a console page, and the builder's per-frame mode fails on it; such frames are left out of the scan.
  const scriptless = await page.locator('iframe[sandbox]:not([sandbox*="allow-scripts"])').count();
  if (page.frames().length === 1 + scriptless) {
    if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(axe.source);
    summary = await page.evaluate(
      async ({ tags, exclude }) => {
        const run = (window as unknown as { axe: typeof axe }).axe;
        const results = await run.run(exclude.length ? { exclude } : document, { runOnly: { type: 'tag', values: tags }, iframes: false });
        return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      },
      { tags: AXE_TAGS, exclude },
    );
  } else {
    let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    for (const selector of exclude) builder = builder.exclude(selector);
    const results = await builder.analyze();
    summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }
  expect(summary, 'axe-core WCAG 2.2 AA violations').toEqual([]);
}

/**
 * Saves a full-page screenshot named after the screen, the viewport project and the language, when the run asks for
 * them with E2E_SCREENSHOTS=1: they are for people to look at (a full-page capture costs a second or more on these
 * machines, 82 of them in a run), and no assertion reads them (docs/decisions/152-ci-time.md).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

interface Fixtures {
  /** Makes a new member through the public API (signup, mailed link, password, terms); as many as the test needs. */
  createMember: (options?: MemberOptions) => Promise<Member>;
  /** A new corporate-contract member of this test alone, with `page` signed in as them. */
  member: Member;
}

/**
 * The suite's test: tests that change state run as members made for them (Epic Stack style fixtures), so that
 * tests run in parallel, in any order and repeated (docs/decisions/088-e2e-members-per-test.md).
 */
/**
 * A page the server rendered (decision 140) shows its content before its script has run: a button pressed then does
 * nothing, as for any visitor that quick. The app marks <html data-hydrated> once it has taken the page over; the
 * suite's navigations wait for that, as a person waits for the page to respond (pages without the page data, such as
 * the console's or a file, at once).
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => !document.getElementById('hibi-page-data') || document.documentElement.hasAttribute('data-hydrated'));
}

/**
 * Every page the suite opens fails its test on a hydration error or a React error (decision 143): the app reports
 * React's own (`hydrateRoot`'s onRecoverableError, onUncaughtError: src/lib/rootOptions.ts) as console errors that
 * start with "[hibi] hydration error" or "[hibi] uncaught React error"; React's production errors name react.dev.
 */
export function watchReactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /^\[hibi\] (hydration error|uncaught React error)|Minified React error|react\.dev\/errors/.test(text)) {
      errors.push(`${page.url()}: ${text}`);
    }
  });
  return errors;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const reactErrors = watchReactErrors(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that asks for less than the load (`commit`, `domcontentloaded`: the page before or without its script)
      // does not wait for the app either.
      if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') await waitForApp(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') await waitForApp(page);
      return response;
    };
    await use(page);
    expect(reactErrors, 'the pages hydrate and run without a React error').toEqual([]);
  },
  createMember: async ({ playwright }, use) => {
    const made: Member[] = [];
    await use(async (options) => {
      const member = await createMember(playwright.request, options);
      made.push(member);
      return member;
    });
    await Promise.all(made.map((m) => m.dispose()));
  },
  member: async ({ createMember: make, page }, use) => {
    const member = await make();
    await signIn(page, member);
    await use(member);
  },
});

export { expect };
