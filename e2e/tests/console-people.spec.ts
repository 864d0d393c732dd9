import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectNoAxeViolations, signInWithToken, useLanguage, type Lang, waitForApp, SCREENSHOTS } from '../support/fixtures.ts';
import { apiSignIn } from '../support/console.ts';
import { BASE_URL } from '../support/env.ts';

/**
 * Issue 16, items 4-7 (people): an owner issues a one-use invitation code in the console, a new person signs up with
 * it and a second signup is refused with the spec's message; a support operator deactivates a member, who is signed
 * out at once. Every people page is axe-clean in both languages at 1440 and 375 px; screenshots go to SHOTS_DIR.
 */
const SHOTS = process.env.PEOPLE_SHOTS_DIR ?? path.join(import.meta.dirname, '../../.tmp/shots/console-people');

async function check(page: Page, testInfo: TestInfo, name: string, lang: Lang) {
  await expectNoAxeViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}-${lang}.png`), fullPage: true });
}

const setLanguage = (page: Page, lang: Lang) => page.evaluate((l) => localStorage.setItem('hibi.language', l), lang);

const REFUSAL_JA = '招待コードが正しくないか、有効期限が切れているか、利用上限に達しています';

/** A signup through the public API, from an address of its own (as a person's phone would call it). */
async function signUp(page: Page, code: string) {
  const email = `e2e-people-${crypto.randomBytes(5).toString('hex')}@example.org`;
  const forwarded = `2001:db8:${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}::1`;
  const response = await page.request.post(`${BASE_URL}/api/functions/createUserByInvitationCode`, {
    headers: { 'x-forwarded-for': forwarded },
    data: {
      locale: 'ja',
      invitationCode: code,
      userName: '日比 花子',
      userPhonetic: 'ひび はなこ',
      userNickname: 'はなこ',
      userEmailAddress: email,
      userEmailAddress2: email,
    },
  });
  return (await response.json()) as { succeed: boolean; errorCode?: string; validationErrorMessage?: string[] };
}

test('an owner issues a one-use invitation code; one signup gets in, the second is refused; the people pages are axe-clean', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await apiSignIn(page, 'owner');
  await page.goto('/console/tenants');
  await setLanguage(page, 'en');
  await page.reload();
  await page.getByRole('link', { name: 'Marunouchi Holdings Inc.' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation codes' })).toBeVisible();
  await page.getByLabel('Limit of uses').fill('1');
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  const created = page.getByTestId('created-code');
  await expect(created).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const code = (await created.textContent())!;
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('0 of 1');
  await expect(row).toContainText('Active');

  expect(await signUp(page, code)).toEqual({ succeed: true });
  expect(await signUp(page, code)).toEqual({ succeed: false, errorCode: 'validationError', validationErrorMessage: [REFUSAL_JA] });
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('1 of 1');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Used up');

  // The tenant's members as CSV: the new member is in it, with a BOM and a header row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.startsWith('\ufeffid,email,')).toBe(true);
  expect(csv).toContain('e2e-people-');

  // Every people page, in both languages, at this project's width.
  for (const lang of ['ja', 'en'] as const) {
    await page.goto('/console/tenants');
    await setLanguage(page, lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'tenants', lang);

    await page.locator('.console-table tbody a').first().click();
    await expect(page.locator('#codes-title')).toBeVisible();
    await expect(page.locator('.console-table code').first()).toBeVisible();
    await check(page, testInfo, 'tenant', lang);

    await page
      .getByRole('button', { name: lang === 'en' ? 'Revoke' : '無効にする' })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, testInfo, 'tenant-revoke-dialog', lang);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/console/tenants/new');
    await expect(page.locator('form input').first()).toBeVisible();
    await check(page, testInfo, 'tenant-new', lang);

    await page.goto('/console/members');
    await expect(page.locator('input[type="search"]')).toBeVisible();
    await check(page, testInfo, 'members-empty', lang);
    await page.goto('/console/members?q=example.com');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'members', lang);

    await page.locator('.console-table tbody a').first().click();
    await expect(page.locator('.console-facts').first()).toBeVisible();
    await check(page, testInfo, 'member', lang);
    await page.getByRole('button', { name: lang === 'en' ? 'Deactivate' : '利用を停止' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, testInfo, 'member-deactivate-dialog', lang);
    await page.keyboard.press('Escape');

    await page.goto('/console/mail');
    await expect(page.locator('.console-table')).toBeVisible();
    await check(page, testInfo, 'mail', lang);
  }
});

test(
  'a support operator deactivates a member in the console; the member is signed out at once',
  { tag: '@one-width' },
  async ({ page, browser, createMember }) => {
    const member = await createMember();
    // The member, in a browser of their own, is signed in.
    const memberContext = await browser.newContext({ baseURL: BASE_URL, locale: 'ja-JP' });
    try {
      const memberPage = await memberContext.newPage();
      await useLanguage(memberPage, 'en');
      await signInWithToken(memberContext, member.token);
      await memberPage.goto('/account/friends');
      await waitForApp(memberPage);
      await expect(memberPage.getByRole('link', { name: /^My page of / })).toBeVisible();
      await expect(memberPage.getByRole('heading', { name: 'Login required' })).toHaveCount(0);

      await apiSignIn(page, 'support');
      await page.goto('/console/members');
      await setLanguage(page, 'en');
      await page.reload();
      await page.getByLabel('Email, account id or nickname').fill(member.email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: member.nickname }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(member.nickname);
      await expect(page.locator('.console-facts').first()).toContainText(member.email);
      await page.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`Deactivate ${member.nickname}?`);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Deactivated. Every session has ended.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();

      // The member's next page shows the sign-in screen; signing in again is refused.
      await memberPage.goto('/account/friends');
      await waitForApp(memberPage);
      await expect(memberPage.getByRole('heading', { name: 'Login required' })).toBeVisible();
      expect(await member.call('login', { id: member.email, password: member.password })).toMatchObject({
        succeed: false,
        errorCode: 'notTenantUser',
      });
    } finally {
      await memberContext.close();
    }
  },
);
