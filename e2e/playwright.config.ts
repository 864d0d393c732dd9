import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, DEVTOOL_WEB_PORT, DEVTOOL_WEB_URL, HEADLESS_SHELL, PORT } from './support/env.ts';

/** Specs whose writes every member sees: the terms version and the FAQ (console-help.spec.ts). */
const AFTER_ALL = /console-help\.spec\.ts$/;
/**
 * Specs about protocols rather than screens, run at one width: cookies and sessions, the server's rendering and early
 * input, the service worker and offline, the data export's download, the passkey ceremonies. Every screen they pass
 * through is checked at 375 px by the screens' own specs (docs/decisions/152-ci-time.md).
 */
const ONE_WIDTH_SPECS = ['cookie-session', 'server-rendering', 'pwa', 'account-export', 'passkeys'];
const ONE_WIDTH = new RegExp(`(?<![\\w-])(${ONE_WIDTH_SPECS.join('|')})\\.spec\\.ts$`);
// Likewise single tests tagged '@one-width': rules and flows (a guest's refusal, a not-found id, a withdrawal, a
// friend request's states, a failed call) whose screens another test of the same spec checks at 375 px.
// A screen test written for both languages runs in pairs across the widths: Japanese at 375 px (the members' language
// on their phones), English at 1440 px; theme.spec.ts crosses them the other way (every kind of page in Japanese at
// 1440 px and in English at 375 px), so each language is seen at each width.
// Not the tests that run at 1440 px only (their Japanese runs there): the grep string holds the file name and tags.
const JAPANESE = new RegExp(`^(?!.*@one-width)(?!.*(?<![\\w-])(${ONE_WIDTH_SPECS.join('|')})\\.spec\\.ts).*(\\bin ja\\b|\\(ja\\))`);
const ENGLISH = /\bin en\b|\(en\)/;

/**
 * Real Chromium from Debian (its headless shell, decision 161), driving the production build of the app on the
 * embedded database with the demo content.
 * Tests that change state run as members made for them (support/fixtures.ts), so they run in parallel and in any
 * order; two workers fit the 2-core machine (`--workers=4` works too).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: BASE_URL,
    // A Japanese browser (Accept-Language, navigator.languages): the app's first visit follows it (decision 108), and
    // the suite's tests read Japanese unless they pick English; the language spec uses an English browser too.
    locale: 'ja-JP',
    // The headless shell (support/env.ts, decision 161); push.spec.ts asks for the full browser.
    launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } }, testIgnore: AFTER_ALL, grepInvert: JAPANESE },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      testIgnore: [AFTER_ALL, ONE_WIDTH],
      grepInvert: [/@one-width/, ENGLISH],
    },
    // Changes every member sees (a new terms version, a new FAQ item): after the other projects, which count and read them.
    { name: 'after-all', use: { viewport: { width: 1440, height: 900 } }, testMatch: AFTER_ALL, dependencies: ['desktop', 'mobile'] },
  ],
  webServer: [
    {
      command: 'bash ./start-server.sh',
      url: `${BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { PORT: String(PORT) },
    },
    {
      // The developer tool's screen, which the production build leaves out: Vite's development server (decision 089).
      command: 'node ../apps/web/scripts/devtool-dev-server.mjs',
      url: `${DEVTOOL_WEB_URL}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(PORT), DEVTOOL_WEB_PORT: String(DEVTOOL_WEB_PORT) },
    },
  ],
});
