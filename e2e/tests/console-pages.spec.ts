import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, mailsTo, uniqueTag, type Lang, waitForApp, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn, totpCode, withFreshCode } from '../support/console.ts';

/**
 * Every console page in both languages at 1440 and 375 px (the desktop and mobile projects): axe-core (WCAG 2.2 AA)
 * clean, and a screenshot under .tmp/shots/console/ to look at.
 */
const SHOTS = path.join(import.meta.dirname, '../../.tmp/shots/console');

async function shot(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

/** Checks the page with axe, then saves its screenshot. */
async function check(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  await expectNoAxeViolations(page);
  await shot(page, testInfo, name, lang);
}

const setLanguage = (page: Page, lang: Lang) => page.evaluate((l) => localStorage.setItem('hibi.language', l), lang);

test('every console page is axe-clean in Japanese and English', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const width = testInfo.project.name === 'desktop' ? 1440 : 375;
  expect(page.viewportSize()?.width).toBe(width);

  // Without a session: the sign-in page, its code step, and the invitation page.
  for (const lang of ['ja', 'en'] as const) {
    await page.goto('/console/signin');
    await setLanguage(page, lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page, testInfo, 'signin', lang);
    await page.locator('input[type="email"]').fill('support@example.com');
    await page.locator('input[type="password"]').fill('wellbeing-demo');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="code"]')).toBeVisible();
    await check(page, testInfo, 'signin-code', lang);
    await page.goto('/console/enrol?token=not-a-real-token');
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await check(page, testInfo, 'accept-invitation', lang);
  }

  // Signed in as the owner: every page of the menu.
  await apiSignIn(page, 'owner');
  for (const lang of ['ja', 'en'] as const) {
    await page.goto('/console/announcements');
    await setLanguage(page, lang);
    await page.reload();
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'announcements', lang);

    await page.locator('.console-table tbody a').first().click();
    await expect(page.locator('.console-editor form')).toBeVisible();
    await page.locator('button[aria-controls="content-preview"]').click();
    await expect(page.getByTestId('preview-frame').locator('h1')).toBeVisible();
    await check(page, testInfo, 'announcement-edit', lang);

    await page.goto('/console/announcements/new');
    await page.locator('.console-sections .actions-row button').first().click();
    await expect(page.locator('.console-rich__content')).toHaveCount(2);
    await check(page, testInfo, 'announcement-new', lang);

    await page.goto('/console/articles');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'articles', lang);

    await page.locator('.console-table tbody a').first().click();
    await expect(page.locator('.console-editor form')).toBeVisible();
    await check(page, testInfo, 'article-edit', lang);

    await page.goto('/console/articles/new');
    await expect(page.locator('.console-editor form')).toBeVisible();
    await check(page, testInfo, 'article-new', lang);

    await page.goto('/console/operators');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'operators', lang);

    await page.goto('/console/audit');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'audit', lang);

    // The mail magazine (issue 59): the list (the seed sent one issue), a sent issue with its figures, a new issue.
    await page.goto('/console/magazine');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'magazine', lang);

    // A sent issue (the list filtered by state: another spec may be writing a draft meanwhile).
    await page.goto('/console/magazine?state=sent');
    await page.locator('.console-table tbody a').first().click();
    await expect(page.locator('.magazine-stats')).toBeVisible();
    await check(page, testInfo, 'magazine-issue', lang);

    await page.goto('/console/magazine/new');
    await expect(page.locator('.console-rich__content')).toHaveCount(2);
    await check(page, testInfo, 'magazine-new', lang);

    await page.goto('/console/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page, testInfo, 'not-found', lang);
  }
});

test('an owner invites an operator, who sets a password, enrols the authenticator app and keeps the recovery codes', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the invitation flow once; its pages are checked on both widths');
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('hibi.language', 'en'));
  await apiSignIn(page, 'owner');
  const email = `operator-${uniqueTag(8).toLowerCase()}@example.com`;
  await page.goto('/console/operators');
  const invite = page.getByRole('form', { name: 'Invite an operator' });
  await invite.getByLabel('Email address').fill(email);
  await invite.getByLabel('Display name').fill('New Editor');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText('The invitation was sent.')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: new RegExp(email) })).toBeVisible();

  // The mailed link (through the outbox and the local mailbox page).
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await mailsTo(page.request, email)).flatMap((m) => m.links).find((l) => l.includes('/console/enrol?token='))), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const invited = await context.newPage();
  await invited.addInitScript(() => localStorage.setItem('hibi.language', 'ja'));
  const url = new URL(link!);
  await invited.goto(`${url.pathname}${url.search}`);
  await waitForApp(invited);
  await invited.getByLabel('表示名').fill('新しい編集者');
  await invited.getByLabel('パスワード').fill('a-long-password-2026');
  await invited.getByRole('button', { name: '設定する' }).click();
  await expect(invited.getByText(`${email} のパスワードを設定しました。`)).toBeVisible();
  await invited.getByRole('link', { name: 'サインインへ' }).click();

  // First sign-in: enrol with the QR code's secret, then the 10 recovery codes once.
  await invited.getByLabel('メールアドレス').fill(email);
  await invited.getByLabel('パスワード').fill('a-long-password-2026');
  await invited.getByRole('button', { name: '次へ' }).click();
  await expect(invited.getByRole('img', { name: '認証アプリに登録するためのQRコード' })).toBeVisible();
  const secret = (await invited.locator('.console-secret code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoAxeViolations(invited);
  await shot(invited, testInfo, 'enrol-qr-375', 'ja');
  await withFreshCode(
    email,
    async () => {
      await invited.getByLabel('確認コード（6桁）').fill(totpCode(secret));
      await invited.getByRole('button', { name: '登録してサインイン' }).click();
      await expect(invited.getByRole('heading', { name: 'リカバリーコード' })).toBeVisible();
    },
    secret,
  );
  await expect(invited.locator('.console-recovery li')).toHaveCount(10);
  await expectNoAxeViolations(invited);
  await shot(invited, testInfo, 'recovery-codes-375', 'ja');
  const continueButton = invited.getByRole('button', { name: '続ける' });
  await expect(continueButton).toBeDisabled();
  await invited.getByLabel('リカバリーコードを保管しました').check();
  await continueButton.click();
  await expect(invited).toHaveURL(/\/console\/home$/);
  // A phone: who is signed in shows in the header's menu.
  await invited.getByRole('button', { name: 'メニュー' }).click();
  await expect(invited.getByText('新しい編集者')).toBeVisible();
  await context.close();
});

test('on a phone the navigation and the account actions fold behind a menu button; on a desktop they are always shown', async ({
  page,
}, testInfo) => {
  await apiSignIn(page, 'owner');
  await page.goto('/console/tenants');
  await setLanguage(page, 'en');
  await page.reload();
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Console menu' });
  if (testInfo.project.name === 'desktop') {
    await expect(menu).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
    return;
  }
  await expect(nav.getByRole('link', { name: 'Members' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/console\/members$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Members' })).toBeHidden();
});
