import type { Page } from '@playwright/test';
import { test, expect, useLanguage, screenshot, expectNoAxeViolations, mailsTo, signIn, type Lang } from '../support/fixtures.ts';
import { virtualAuthenticator } from '../support/webauthn.ts';

// Passkeys (issue 35, decision 148) in real Chromium with a virtual authenticator (the DevTools protocol's WebAuthn
// domain): a platform authenticator with resident keys and user verification, on http://localhost (a secure context).
test.skip(({ browserName }) => browserName !== 'chromium', 'the virtual authenticator is a Chromium DevTools feature');

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request by itself, as if the member had picked
 * the passkey from the id field's suggestions. To press the button instead, the page is told autofill is unavailable.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

const finishedSignIn = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/functions/finishPasskeySignIn'));

const TEXT = {
  en: {
    section: 'Passkeys',
    none: 'You have no passkeys yet.',
    name: 'Passkey name',
    add: 'Add a passkey',
    added: (n: string) => `The passkey "${n}" was added.`,
    list: 'Your passkeys',
    deleteNamed: (n: string) => `Delete the passkey "${n}"`,
    deleteYes: 'Delete',
    logout: 'Log out',
    passkeyButton: 'Sign in with a passkey',
    rejected: 'This passkey does not sign in here.',
    myPage: /My page/,
  },
  ja: {
    section: 'パスキー',
    none: '登録済みのパスキーはありません。',
    name: 'パスキーの名前',
    add: 'パスキーを追加',
    added: (n: string) => `パスキー「${n}」を追加しました。`,
    list: '登録済みのパスキー',
    deleteNamed: (n: string) => `パスキー「${n}」を削除`,
    deleteYes: '削除する',
    logout: 'ログアウトする',
    passkeyButton: 'パスキーでログイン',
    rejected: 'このパスキーではログインできません。',
    myPage: /マイページ/,
  },
} satisfies Record<Lang, unknown>;

async function addPasskey(page: Page, lang: Lang, name: string) {
  const text = TEXT[lang];
  const section = page.getByRole('region', { name: text.section });
  await section.getByLabel(text.name).fill(name);
  await section.getByRole('button', { name: text.add }).click();
  await expect(section.getByText(text.added(name))).toBeVisible();
  await expect(section.getByRole('list', { name: text.list }).getByText(name, { exact: true })).toBeVisible();
}

// In English the member presses "Sign in with a passkey"; in Japanese the id field's autofill (conditional UI) signs
// them in as the login page opens.
for (const lang of ['en', 'ja'] as const) {
  const how = lang === 'en' ? 'the button' : 'autofill';
  test(`a member adds a passkey, signs in with it by ${how}, deletes it, and it is refused then (${lang})`, async ({ page, member }, testInfo) => {
    // Three sign-ins, two mails and a scan: more than the default time on a busy machine.
    test.slow();
    const text = TEXT[lang];
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    if (lang === 'en') await withoutAutofill(page);
    await useLanguage(page, lang);
    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: text.section });
    await expect(section.getByText(text.none)).toBeVisible();
    await addPasskey(page, lang, 'Test laptop');
    // A discoverable credential for this site, verified by the authenticator.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'passkeys-account', lang);

    // Sign out, then in with the passkey alone: no id, no password typed.
    await page.getByRole('button', { name: text.logout }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toHaveCount(0);
    let signedIn = finishedSignIn(page);
    await page.goto('/login');
    if (lang === 'en') {
      await expect(page.getByLabel('Email address or account id')).toHaveAttribute('autocomplete', 'username webauthn');
      await page.getByRole('main').getByRole('button', { name: text.passkeyButton }).click();
    }
    expect(await (await signedIn).json()).toMatchObject({ succeed: true, user: { userID: member.userID } });
    await expect(page).not.toHaveURL(/\/login/);
    // The member's home, signed in.
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toBeVisible();
    await page.goto('/account/profile');
    await expect(page.getByText(member.nickname).first()).toBeVisible();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);

    // Delete it: the authenticator keeps its key, the server no longer takes it.
    await section.getByRole('button', { name: text.deleteNamed('Test laptop') }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.deleteYes }).click();
    await expect(section.getByText(text.none)).toBeVisible();
    await page.getByRole('button', { name: text.logout }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toHaveCount(0);
    signedIn = finishedSignIn(page);
    await page.goto('/login');
    if (lang === 'en') await page.getByRole('main').getByRole('button', { name: text.passkeyButton }).click();
    expect(await (await signedIn).json()).toEqual({ succeed: false, errorCode: 'passkeyRejected' });
    await expect(page.getByRole('alert').filter({ hasText: text.rejected })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toHaveCount(0);

    // Each change was mailed to the member.
    const subjects = (await mailsTo(page.request, member.email)).map((m) => m.subject);
    expect(subjects.filter((s) => /パスキー|passkey/i.test(s))).toHaveLength(2);
  });
}

test('the passkey section and the sign-in button at this width, in both languages (screenshots)', async ({ page, createMember }, testInfo) => {
  test.slow();
  await virtualAuthenticator(page);
  await withoutAutofill(page);
  for (const lang of ['ja', 'en'] as const) {
    const member = await createMember({ locale: lang });
    await page.context().clearCookies();
    await signIn(page, member);
    await useLanguage(page, lang);
    await page.goto('/account/profile');
    await addPasskey(page, lang, lang === 'ja' ? '仕事用ノートPC' : 'Work laptop');
    await page.getByRole('region', { name: TEXT[lang].section }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'passkeys-account-added', lang);
    await page.context().clearCookies();
    await page.goto('/login');
    await screenshot(page, testInfo, 'passkeys-login-page', lang);
  }
});

test('a browser that refuses the id field’s autofill request: the sign-in page says nothing until the member asks, then that passkeys are not supported', async ({
  page,
}) => {
  // As Chromium's headless shell does without an authenticator that keeps passkeys: autofill is offered, and the
  // request is refused at once with NotSupportedError.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(true);
    const record = { asks: [] as string[], settled: 0 };
    (window as unknown as { passkeyAsks: typeof record }).passkeyAsks = record;
    navigator.credentials.get = (options) => {
      record.asks.push(options?.mediation ?? 'optional');
      // Counted once the page has had a task and two frames after the refusal: time to show what it makes of it.
      setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => record.settled++)), 0);
      return Promise.reject(new DOMException('Resident credentials are not supported.', 'NotSupportedError'));
    };
  });
  await page.goto('/login');
  const asked = () => page.evaluate(() => (window as unknown as { passkeyAsks: { asks: string[]; settled: number } }).passkeyAsks);
  await expect.poll(asked).toEqual({ asks: ['conditional'], settled: 1 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('main').getByRole('button', { name: TEXT.ja.passkeyButton }).click();
  await expect.poll(asked).toEqual({ asks: ['conditional', 'optional'], settled: 2 });
  await expect(page.getByRole('alert').filter({ hasText: 'このブラウザはパスキーに対応していません。' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'パスキーでログインできませんでした。' })).toHaveCount(0);
});

const REAUTH = {
  en: {
    needed: 'To add a passkey, enter your current password (it is not needed within 5 minutes of logging in with it).',
    password: 'Your current password',
    wrong: 'The password is not correct.',
  },
  ja: {
    needed: 'パスキーを追加するには、現在のパスワードを入力してください（パスワードでログインしてから5分以内は不要です）。',
    password: '現在のパスワード',
    wrong: 'パスワードが正しくありません。',
  },
} satisfies Record<Lang, unknown>;

// Decision 175 (issue 53, item 2): a session alone adds no passkey. Within 5 minutes of a password sign-in the member
// is not asked again; a session a passkey opened is no password sign-in, so the form asks for the password there.
for (const lang of ['en', 'ja'] as const) {
  test(`adding a passkey from a passkey's session asks for the current password, and a wrong one is refused (${lang})`, async ({
    page,
    member,
  }, testInfo) => {
    test.slow();
    const text = TEXT[lang];
    const reauth = REAUTH[lang];
    const first = await virtualAuthenticator(page);
    await withoutAutofill(page);
    await useLanguage(page, lang);
    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: text.section });
    // Signed in with the password a moment ago: no password asked.
    await addPasskey(page, lang, 'First device');
    await expect(section.getByLabel(reauth.password)).toHaveCount(0);

    // Out, and in again with the passkey.
    await page.getByRole('button', { name: text.logout }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toHaveCount(0);
    const signedIn = finishedSignIn(page);
    await page.goto('/login');
    await page.getByRole('main').getByRole('button', { name: text.passkeyButton }).click();
    expect(await (await signedIn).json()).toMatchObject({ succeed: true, user: { userID: member.userID } });
    await expect(page.getByRole('banner').getByRole('link', { name: text.myPage })).toBeVisible();

    // A second device (another authenticator): the form now asks for the password before the browser is asked.
    await first.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first.authenticatorId });
    const second = await virtualAuthenticator(page);
    await page.goto('/account/profile');
    await section.getByLabel(text.name).fill('Second device');
    await section.getByRole('button', { name: text.add }).click();
    await expect(section.getByText(reauth.needed)).toBeVisible();
    const password = section.getByLabel(reauth.password);
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect((await second.cdp.send('WebAuthn.getCredentials', { authenticatorId: second.authenticatorId })).credentials).toHaveLength(0);

    await password.fill('not-my-password');
    await section.getByRole('button', { name: text.add }).click();
    await expect(section.getByRole('alert').filter({ hasText: reauth.wrong })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'passkeys-reauth-desktop', lang);
    await page.setViewportSize({ width: 375, height: 812 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'passkeys-reauth-mobile', lang);
    await page.setViewportSize({ width: 1440, height: 900 });

    await password.fill(member.password);
    await section.getByRole('button', { name: text.add }).click();
    await expect(section.getByText(text.added('Second device'))).toBeVisible();
    await expect(section.getByLabel(reauth.password)).toHaveCount(0);
    await expect(section.getByRole('list', { name: text.list }).getByText('Second device', { exact: true })).toBeVisible();
    expect((await second.cdp.send('WebAuthn.getCredentials', { authenticatorId: second.authenticatorId })).credentials).toHaveLength(1);
  });
}
