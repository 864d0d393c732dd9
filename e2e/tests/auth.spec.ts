import {
  test,
  expect,
  useLanguage,
  expectNoAxeViolations,
  screenshot,
  signInWithToken,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
  type Lang,
} from '../support/fixtures.ts';

const LANGS: Lang[] = ['ja', 'en'];

test.describe('sign-in and terms', () => {
  for (const lang of LANGS) {
    test(`login and terms screens in ${lang}`, async ({ page, createMember }, testInfo) => {
      await useLanguage(page, lang);
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? '利用規約への同意' : 'Accept the terms');
      await expect(
        page.getByText(lang === 'ja' ? '最後にポイントを獲得した日から3年間' : 'valid for 3 years from the day you last acquired points', {
          exact: false,
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'auth-terms', lang);

      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'ログイン' : 'Log in');
      await expect(page.getByRole('link', { name: lang === 'ja' ? 'パスワードをお忘れの方' : 'Forgot your password?' })).toHaveAttribute(
        'href',
        '/resetPassword',
      );
      await expect(page.getByRole('link', { name: lang === 'ja' ? '新規登録' : 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
      const manualJa = page.getByRole('link', { name: /ログインマニュアル（日本語・PDF）|Login manual \(Japanese, PDF\)/ });
      expect((await page.request.get((await manualJa.getAttribute('href'))!)).headers()['content-type']).toContain('application/pdf');
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'auth-login', lang);

      // Both fields empty: both messages of docs/requirements/auth.md#auth-login, and nothing is sent.
      let sent = false;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/functions/login')) sent = true;
      });
      await page
        .getByRole('button', { name: lang === 'ja' ? 'ログイン' : 'Log in', exact: true })
        .last()
        .click();
      await expect(page.getByText(lang === 'ja' ? 'メールアドレスが入力されていません' : 'No email address has been entered')).toBeVisible();
      await expect(page.getByText(lang === 'ja' ? 'パスワードが入力されていません' : 'No password has been entered')).toBeVisible();
      expect(sent).toBe(false);
      await screenshot(page, testInfo, 'auth-login-empty', lang);

      await page.getByLabel(lang === 'ja' ? 'メールアドレスまたはアカウントID' : 'Email address or account id').fill('member@example.com');
      await page.getByLabel(lang === 'ja' ? 'パスワード' : 'Password', { exact: true }).fill('wrong-password');
      await page
        .getByRole('main')
        .getByRole('button', { name: lang === 'ja' ? 'ログイン' : 'Log in', exact: true })
        .click();
      await expect(page.getByRole('alert')).toHaveText(
        lang === 'ja' ? 'メールアドレスまたはパスワードが違います' : 'The email address or password is wrong',
      );
      await screenshot(page, testInfo, 'auth-login-wrong', lang);

      // The first-time password-setup email form is on the login page itself (docs/requirements/auth.md#auth-login, issue 13 finding 7).
      const firstTime = page.locator('section.login-more form');
      await firstTime.getByRole('button', { name: lang === 'ja' ? 'パスワード設定メールを送る' : 'Send me a password setup email' }).click();
      await expect(firstTime.getByRole('alert')).toHaveText(
        lang === 'ja' ? 'メールアドレスが入力されていません' : 'No email address has been entered',
      );
      // A member's address: the form mails them a password link.
      const member = await createMember();
      await firstTime.getByLabel(lang === 'ja' ? 'メールアドレス' : 'Email address').fill(member.email);
      await firstTime.getByRole('button', { name: lang === 'ja' ? 'パスワード設定メールを送る' : 'Send me a password setup email' }).click();
      await expect(page).toHaveURL(/\/registerMailAddressRequested$/);
    });
  }

  test(
    'a guarded route asks to sign in; terms, then login, lead back there; reload keeps the user signed in',
    { tag: '@one-width' },
    async ({ page, createMember }, testInfo) => {
      const member = await createMember();
      await useLanguage(page, 'en');
      await page.goto('/account/friends');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Login required' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, 'auth-login-required', 'en');
      // A new visitor has accepted no terms yet: the login link goes to the terms first.
      await main.getByRole('link', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await page.getByRole('button', { name: 'Agree and continue to log in' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email address or account id').fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await main.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/account\/friends$/);
      await expect(page.getByRole('link', { name: /^My page of / })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('link', { name: /^My page of / })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Login required' })).toHaveCount(0);
      // Having accepted the terms, the next login skips them.
      await page.context().clearCookies({ name: SESSION_COOKIE });
      await page.context().clearCookies({ name: SIGNED_IN_COOKIE });
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
    },
  );

  test('login from the sign-in page itself lands on /', { tag: '@one-width' }, async ({ page, createMember }) => {
    const member = await createMember();
    await useLanguage(page, 'ja');
    await page.addInitScript(() => localStorage.setItem('hibi.acceptedTermsVersion', '2'));
    await page.goto('/login');
    await page.getByLabel('メールアドレスまたはアカウントID').fill(member.email);
    await page.getByLabel('パスワード', { exact: true }).fill(member.password);
    await page.getByRole('main').getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: /マイページ/ })).toBeVisible();
  });

  // EMP-0001 (no email) being sent to /registerMailAddress is walked through in lifecycle.spec.ts, which owns those accounts.

  test('a person who is not a tenant user gets the spec message', { tag: '@one-width' }, async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/login');
    await page.getByLabel('Email address or account id').fill('former@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wellbeing-demo');
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText("You aren't registered as a tenant user");
  });

  test('a session cookie the server no longer accepts is cleared on start-up, with the stored user', { tag: '@one-width' }, async ({ page }) => {
    await useLanguage(page, 'en');
    await signInWithToken(page.context(), 'revoked-token-000000000000000000000000000');
    await page.addInitScript(() => {
      localStorage.setItem(
        'hibi.session',
        JSON.stringify({
          expiresAt: Date.now() + 1e9,
          user: { userID: 1, nickname: 'x', profileImageUrl: null, hasEmail: true, termsVersion: 2, locale: 'en' },
          contract: { contractType: 1, corporateContract: true, teamMatchEnabled: true, emailDistributionEnabled: true },
        }),
      );
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('hibi.session'))).toBeNull();
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain(SESSION_COOKIE);
    expect(names).not.toContain(SIGNED_IN_COOKIE);
  });
});
