import { test, expect, useLanguage, loginAs, expectNoAxeViolations, screenshot, signInWithToken, type Lang } from '../support/fixtures.ts';

/**
 * The mail magazine on the member's side (issue 59, docs/requirements/magazine.md#magazine-members and
 * #magazine-unsubscribe): past issues sent to the member's tenant, and the public unsubscribe page of the mails' link.
 * A real token's unsubscribe (a mail sent to a member of the test's own) is in console-magazine.spec.ts, after the
 * editor sends an issue.
 */
const LANGS: Lang[] = ['ja', 'en'];
const TEXT = {
  ja: {
    title: 'メールマガジン',
    unsubscribeTitle: 'メールマガジンの配信停止',
    button: 'メールマガジンの配信を停止する',
    testMail: 'これはテスト配信のメールです。',
    invalid: 'このリンクは無効です。',
    notChanged: 'このページを開いただけでは配信は停止されません。',
    archive: '過去のメールマガジンを読む',
  },
  en: {
    title: 'Mail magazine',
    unsubscribeTitle: 'Stop the mail magazine',
    button: 'Stop receiving the mail magazine',
    testMail: 'This was a test mail.',
    invalid: 'This link is not valid.',
    notChanged: 'Opening this page alone changes nothing.',
    archive: 'Read past issues',
  },
} as const;

test.describe('mail magazine', () => {
  for (const lang of LANGS) {
    test(`a demo member reads a past issue from the list, in ${lang}`, async ({ page }, testInfo) => {
      // member@example.com is only read here; the seed sent one issue to the demo members' tenant.
      await loginAs(page, 'member@example.com');
      await useLanguage(page, lang);
      // From the profile's mail magazine setting to the list.
      await page.goto('/account/profile');
      await page.getByRole('link', { name: TEXT[lang].archive }).click();
      await expect(page).toHaveURL(/\/magazine$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].title);
      const first = page.locator('.magazine-list__link').first();
      await expect(first).toBeVisible();
      const subject = (await first.locator('.magazine-list__subject').textContent())!.trim();
      expect(subject.length).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'magazine-list', lang);

      await first.click();
      await expect(page).toHaveURL(/\/magazine\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
      // The sanitised body, rendered as the announcements' rich text.
      await expect(page.locator('.magazine-issue__body')).not.toBeEmpty();
      await expect(page.locator('.magazine-issue__body script')).toHaveCount(0);
      await expect(page).toHaveTitle(new RegExp(subject.slice(0, 10).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'magazine-issue', lang);
    });
  }

  test('guests are asked to sign in for the past issues; an unknown issue is not found', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/magazine');
    await expect(page.getByRole('heading', { name: 'Login required' })).toBeVisible();
    await loginAs(page, 'member@example.com');
    const response = await page.goto('/magazine/999999999');
    expect(response?.status()).toBe(404);
  });

  for (const lang of LANGS) {
    test(`the unsubscribe page: a test mail's link changes nothing, a forged link is refused, in ${lang}`, async ({ page }, testInfo) => {
      await useLanguage(page, lang);
      // A test mail's link: the page says so and has no button, and asks the server nothing.
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/functions/unsubscribeMagazine')) calls.push(request.url());
      });
      await page.goto('/magazine/unsubscribe?token=test');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].unsubscribeTitle);
      await expect(page.getByText(TEXT[lang].testMail)).toBeVisible();
      await expect(page.getByRole('button', { name: TEXT[lang].button })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'magazine-unsubscribe-test', lang);

      // A forged token: opening the page changes nothing; the button asks, and the server refuses.
      await page.goto('/magazine/unsubscribe?token=forged.token.value');
      await expect(page.getByText(TEXT[lang].notChanged)).toBeVisible();
      expect(calls).toEqual([]);
      await page.getByRole('button', { name: TEXT[lang].button }).click();
      await expect(page.getByRole('alert')).toContainText(TEXT[lang].invalid);
      await expect(page.getByRole('button', { name: TEXT[lang].button })).toHaveCount(0);
      expect(calls).toHaveLength(1);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'magazine-unsubscribe-invalid', lang);
    });
  }

  test('the unsubscribe page needs neither a session nor the current terms', { tag: '@one-width' }, async ({ createMember, page }) => {
    // A member who has not accepted the current terms stays on the terms page everywhere else.
    const member = await createMember({ acceptTerms: false });
    await signInWithToken(page.context(), member.token);
    await useLanguage(page, 'en');
    await page.goto('/magazine/unsubscribe?token=forged.token.value');
    await expect(page).toHaveURL(/\/magazine\/unsubscribe\?token=/);
    await expect(page.getByRole('button', { name: TEXT.en.button })).toBeVisible();
    // A real token's unsubscribe is in console-magazine.spec.ts: the mail an editor sends to a member of that test.
  });
});
